import { ContractState, PAYMENT_CYCLE_MONTHS, type InsuranceContract } from '../../integrations/insurance-data/insurance-data.port.js';
import { addMonthsClamped, ordinal, parseCompactDate, type LocalDate } from '../../common/calendar.js';

export interface PremiumTotals {
  /** Monthly equivalent of what the customer pays now: per-payment premium / months per payment, summed. */
  premium: number;
  /** Premiums paid up to and including the inquiry date. */
  paid_premium: number;
  /** Premiums still due after the inquiry date, to the end of the payment period. */
  future_premium: number;
  /** paid_premium + future_premium: every premium of the payment period. */
  total_premium: number;
}

/**
 * How many of the contract's payments fell due on or before `on`. The first is due on the start
 * date, the k-th (from 0) k × (months per payment) months later on the same day of the month (the
 * last day of a shorter month); a lump sum is the single payment on the start date. Capped at the
 * number of payments. Null when the cycle or the number of payments is unknown.
 */
export function paymentsDueBy(
  contract: Pick<InsuranceContract, 'startDate' | 'paymentCycle' | 'paymentCount'>,
  on: LocalDate,
): number | null {
  const { paymentCycle, paymentCount } = contract;
  if (paymentCycle === null || paymentCount === null) return null;
  const start = parseCompactDate(contract.startDate);
  if (ordinal(on) < ordinal(start)) return 0;
  const months = PAYMENT_CYCLE_MONTHS[paymentCycle];
  if (months === null) return Math.min(1, paymentCount);
  // Months elapsed: the largest x with start + x months (clamped) on or before `on`.
  let elapsed = (on.year - start.year) * 12 + (on.month - start.month);
  if (ordinal(addMonthsClamped(start, elapsed)) > ordinal(on)) elapsed -= 1;
  return Math.min(Math.floor(elapsed / months) + 1, paymentCount);
}

/**
 * Premium totals over the ACTIVE contracts whose cycle and number of payments are known (others add
 * nothing). `premium` counts only contracts with a payment still due (a paid-up contract costs
 * nothing a month) and never a lump sum; it is rounded to the won once, at the end. The other three
 * are whole multiples of the per-payment premium.
 */
export function premiumTotals(contracts: readonly InsuranceContract[], on: LocalDate): PremiumTotals {
  let monthly = 0;
  let paid = 0;
  let future = 0;
  for (const contract of contracts) {
    if (contract.state !== ContractState.Active) continue;
    const made = paymentsDueBy(contract, on);
    if (made === null) continue;
    const remaining = contract.paymentCount! - made;
    paid += contract.premium * made;
    future += contract.premium * remaining;
    const months = PAYMENT_CYCLE_MONTHS[contract.paymentCycle!];
    if (remaining > 0 && months !== null) monthly += contract.premium / months;
  }
  return { premium: Math.round(monthly), paid_premium: paid, future_premium: future, total_premium: paid + future };
}
