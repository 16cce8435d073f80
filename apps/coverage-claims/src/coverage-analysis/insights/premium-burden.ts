import {
  ContractPurposeCode,
  type IncomeShareDto,
  type PremiumBurdenDto,
  type PremiumContractDto,
  type PremiumSplitDto,
  type PremiumYearDto,
} from '#contracts';
import { addMonthsClamped, formatIsoDate, parseCompactDate, type LocalDate } from '../../common/calendar.js';
import {
  CONTRACT_PURPOSE_LABELS,
  ContractPurpose,
  PAYMENT_CYCLE_MONTHS,
  type InsuranceContract,
} from '../../integrations/insurance-data/insurance-data.port.js';
import { premiumTotals } from '../analysis/premiums.js';
import type { ActiveContract } from './insight-contracts.js';
import type { InsightRules } from './insight-rules.js';

const PURPOSE_CODES: Readonly<Record<ContractPurpose, ContractPurposeCode>> = {
  [ContractPurpose.Protection]: ContractPurposeCode.Protection,
  [ContractPurpose.Savings]: ContractPurposeCode.Savings,
  [ContractPurpose.Pension]: ContractPurposeCode.Pension,
};

/**
 * Premium burden (docs/decisions/coverage-insights.md, "Premium burden"): the monthly premium by
 * purpose, each active contract's payments made and left, what falls due in each calendar year, and
 * the share of a monthly income. Totals are the analysis' own (premiumTotals over the same contracts).
 */
export function premiumBurden(
  contracts: readonly InsuranceContract[],
  active: readonly ActiveContract[],
  on: LocalDate,
  monthlyIncome: number | null,
  rules: InsightRules,
): PremiumBurdenDto {
  const totals = premiumTotals(contracts, on);
  const monthly = premiumSplit(active, totals.premium);
  return {
    monthly,
    paidPremium: totals.paid_premium,
    remainingPremium: totals.future_premium,
    contracts: active.map(premiumContract),
    timeline: premiumTimeline(active, on),
    income: monthlyIncome === null ? null : incomeShare(monthly.total, monthlyIncome, rules),
  };
}

/**
 * The monthly premium by purpose, summing to `total` (the analysis' `premium`, rounded once at the
 * end): each part's exact sum rounded down to the won, then the won or few the rounding left out
 * (total − the rounded-down parts, 0 to 3) handed out one each to the parts with the largest
 * fractions (ties: protection, savings, pension), so no part moves by a won or more from its sum.
 */
function premiumSplit(active: readonly ActiveContract[], total: number): PremiumSplitDto {
  const exact = [0, 0, 0];
  const index = { [ContractPurpose.Protection]: 0, [ContractPurpose.Savings]: 1, [ContractPurpose.Pension]: 2 };
  for (const entry of active) exact[index[entry.contract.purpose]]! += entry.monthly;
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((sum, part) => sum + part, 0);
  const byFraction = [0, 1, 2].sort((a, b) => exact[b]! - parts[b]! - (exact[a]! - parts[a]!));
  for (const part of byFraction) {
    if (left <= 0) break;
    parts[part]! += 1;
    left -= 1;
  }
  const [protection, savings, pension] = parts as [number, number, number];
  return { protection, savings, pension, total };
}

function premiumContract(entry: ActiveContract): PremiumContractDto {
  const { contract, paymentsMade } = entry;
  const purpose = { purpose: PURPOSE_CODES[contract.purpose], purposeLabel: CONTRACT_PURPOSE_LABELS[contract.purpose] };
  if (paymentsMade === null) {
    const unknown = {
      paymentsMade: null,
      paymentsLeft: null,
      monthsPaid: null,
      monthsLeft: null,
      remainingPremium: null,
      lastPaymentDate: null,
    };
    return { ...entry.view, ...purpose, paidUp: false, ...unknown };
  }
  const count = contract.paymentCount!;
  const paymentsLeft = count - paymentsMade;
  // A lump sum is no period in months.
  const months = PAYMENT_CYCLE_MONTHS[contract.paymentCycle!] ?? 0;
  const last = count < 1 ? null : addMonthsClamped(parseCompactDate(contract.startDate), (count - 1) * months);
  return {
    ...entry.view,
    ...purpose,
    paidUp: paymentsLeft <= 0,
    paymentsMade,
    paymentsLeft,
    monthsPaid: paymentsMade * months,
    monthsLeft: paymentsLeft * months,
    remainingPremium: contract.premium * paymentsLeft,
    lastPaymentDate: last === null ? null : formatIsoDate(last),
  };
}

/**
 * What falls due after the inquiry date, per calendar year, from the inquiry year to the last
 * payment's year, every year listed (a year with nothing due is 0). The k-th payment (from 0) is due
 * k × (months per payment) months after the start, in the year that month falls in (the day, clamped
 * to a short month, never moves it to another month). Sums to the analysis' `future_premium`.
 */
function premiumTimeline(active: readonly ActiveContract[], on: LocalDate): PremiumYearDto[] {
  const years = new Map<number, { premium: number; contracts: number }>();
  const add = (year: number, payments: number, premium: number) => {
    const entry = years.get(year);
    if (entry) {
      entry.premium += payments * premium;
      entry.contracts += 1;
    } else years.set(year, { premium: payments * premium, contracts: 1 });
  };

  for (const { contract, paymentsMade } of active) {
    if (paymentsMade === null) continue;
    const count = contract.paymentCount!;
    if (paymentsMade >= count) continue;
    const start = parseCompactDate(contract.startDate);
    const months = PAYMENT_CYCLE_MONTHS[contract.paymentCycle!];
    if (months === null) {
      // A lump sum not yet paid falls due on its start date (after the inquiry date).
      add(Math.max(start.year, on.year), count - paymentsMade, contract.premium);
      continue;
    }
    // Months from January of the start year to the k-th payment: start.month - 1 + k × months.
    const offset = start.month - 1;
    const yearOf = (k: number) => start.year + Math.floor((offset + k * months) / 12);
    for (let year = yearOf(paymentsMade), last = yearOf(count - 1); year <= last; year++) {
      const first = Math.max(paymentsMade, Math.ceil((12 * (year - start.year) - offset) / months));
      const end = Math.min(count - 1, Math.floor((12 * (year - start.year) + 11 - offset) / months));
      if (end >= first) add(year, end - first + 1, contract.premium);
    }
  }

  if (years.size === 0) return [];
  const lastYear = Math.max(...years.keys());
  const timeline: PremiumYearDto[] = [];
  for (let year = on.year; year <= lastYear; year++) {
    const entry = years.get(year);
    timeline.push({ year, premium: entry?.premium ?? 0, contracts: entry?.contracts ?? 0 });
  }
  return timeline;
}

/** The monthly premium as a percent of the income, one decimal, half up; never 0.0 when something is paid. */
function incomeShare(monthlyPremium: number, monthlyIncome: number, rules: InsightRules): IncomeShareDto {
  const tenths = Math.round((monthlyPremium * 1_000) / monthlyIncome);
  const percent = (monthlyPremium > 0 ? Math.max(tenths, 1) : tenths) / 10;
  return {
    monthlyIncome,
    percent,
    references: rules.income.references.map((reference) => ({ ...reference })),
    guide: rules.income.guide,
  };
}
