import { parseIsoDate } from '../../src/common/calendar.js';
import { paymentsDueBy, premiumTotals } from '../../src/coverage-analysis/analysis/premiums.js';
import { ContractState, PaymentCycle, type InsuranceContract } from '../../src/integrations/insurance-data/insurance-data.port.js';
import { contractOf, type ContractSpec } from '../support/insurance-contracts.js';

/** An active, monthly-paid 20-year contract begun 2020-01-15 at 100,000원 a payment, unless told otherwise. */
const contract = (changes: ContractSpec): InsuranceContract => contractOf(changes);

const on = parseIsoDate;

describe('payments due by a date', () => {
  it('counts the first payment on the start date and one a month after, on the same day', () => {
    const monthly = contract({ startDate: '20200115' });
    expect(paymentsDueBy(monthly, on('2020-01-14'))).toBe(0);
    expect(paymentsDueBy(monthly, on('2020-01-15'))).toBe(1);
    expect(paymentsDueBy(monthly, on('2020-02-14'))).toBe(1);
    expect(paymentsDueBy(monthly, on('2020-02-15'))).toBe(2);
    expect(paymentsDueBy(monthly, on('2026-11-21'))).toBe(83);
  });

  it('falls due on the last day of a month too short for the start day', () => {
    const monthEnd = contract({ startDate: '20230131' });
    expect(paymentsDueBy(monthEnd, on('2023-02-27'))).toBe(1);
    expect(paymentsDueBy(monthEnd, on('2023-02-28'))).toBe(2);
    expect(paymentsDueBy(monthEnd, on('2023-03-30'))).toBe(2);
    expect(paymentsDueBy(monthEnd, on('2023-03-31'))).toBe(3);
  });

  it.each([
    [PaymentCycle.Quarterly, 80, '2020-04-14', 1],
    [PaymentCycle.Quarterly, 80, '2020-04-15', 2],
    [PaymentCycle.SemiAnnual, 40, '2020-07-15', 2],
    [PaymentCycle.Annual, 20, '2021-01-14', 1],
    [PaymentCycle.Annual, 20, '2021-01-15', 2],
    [PaymentCycle.LumpSum, 1, '2020-01-14', 0],
    [PaymentCycle.LumpSum, 1, '2050-01-15', 1],
  ])('%s (%i payments) on %s: %i paid', (cycle, count, date, expected) => {
    expect(paymentsDueBy(contract({ paymentCycle: cycle, paymentCount: count }), on(date))).toBe(expected);
  });

  it('stops at the number of payments', () => {
    expect(paymentsDueBy(contract({ paymentCount: 120 }), on('2040-01-15'))).toBe(120);
  });

  it('is unknown without a cycle or a number of payments', () => {
    expect(paymentsDueBy(contract({ paymentCycle: null }), on('2026-01-01'))).toBeNull();
    expect(paymentsDueBy(contract({ paymentCount: null }), on('2026-01-01'))).toBeNull();
  });
});

describe('premium totals over the active contracts', () => {
  const inquiry = on('2026-11-21');

  it('monthly: premium as is; paid = premium × payments due; future = the rest of the period', () => {
    // 2020-01-15 … 2026-11-15: 83 payments made, 157 to come
    expect(premiumTotals([contract({})], inquiry)).toEqual({
      premium: 100_000,
      paid_premium: 8_300_000,
      future_premium: 15_700_000,
      total_premium: 24_000_000,
    });
  });

  it('quarterly, half-yearly and annual premiums count a third, a sixth and a twelfth a month', () => {
    const quarterly = contract({ premium: 300_000, paymentCycle: PaymentCycle.Quarterly, paymentCount: 80 });
    const semiAnnual = contract({ premium: 600_000, paymentCycle: PaymentCycle.SemiAnnual, paymentCount: 40 });
    const annual = contract({ premium: 1_200_000, paymentCycle: PaymentCycle.Annual, paymentCount: 20 });
    // due by 2026-11-21 since 2020-01-15: quarterly 28 (last 2026-10-15), half-yearly 14 (2026-07-15), annual 7 (2026-01-15)
    expect(premiumTotals([quarterly], inquiry)).toEqual({
      premium: 100_000,
      paid_premium: 8_400_000,
      future_premium: 15_600_000,
      total_premium: 24_000_000,
    });
    expect(premiumTotals([semiAnnual], inquiry)).toEqual({
      premium: 100_000,
      paid_premium: 8_400_000,
      future_premium: 15_600_000,
      total_premium: 24_000_000,
    });
    expect(premiumTotals([annual], inquiry)).toEqual({
      premium: 100_000,
      paid_premium: 8_400_000,
      future_premium: 15_600_000,
      total_premium: 24_000_000,
    });
  });

  it('rounds the monthly equivalent to the won once, after summing', () => {
    const quarterly = contract({ premium: 100_000, paymentCycle: PaymentCycle.Quarterly, paymentCount: 80 });
    // 33,333.33… × 2 = 66,666.67 → 66,667 (not 33,333 + 33,333)
    expect(premiumTotals([quarterly, quarterly], inquiry).premium).toBe(66_667);
  });

  it('a lump sum is paid once, at the start, and adds nothing to the monthly premium', () => {
    const lumpSum = contract({ premium: 30_000_000, paymentCycle: PaymentCycle.LumpSum, paymentCount: 1, paymentPeriodYears: 0 });
    expect(premiumTotals([lumpSum], inquiry)).toEqual({
      premium: 0,
      paid_premium: 30_000_000,
      future_premium: 0,
      total_premium: 30_000_000,
    });
    expect(premiumTotals([{ ...lumpSum, startDate: '20270101' }], inquiry)).toEqual({
      premium: 0,
      paid_premium: 0,
      future_premium: 30_000_000,
      total_premium: 30_000_000,
    });
  });

  it('a paid-up contract adds its premiums paid but nothing monthly', () => {
    const paidUp = contract({ startDate: '20000301', paymentCount: 120, paymentPeriodYears: 10 });
    expect(premiumTotals([paidUp], inquiry)).toEqual({
      premium: 0,
      paid_premium: 12_000_000,
      future_premium: 0,
      total_premium: 12_000_000,
    });
  });

  it('a contract that has not started yet has every payment ahead', () => {
    const future = contract({ startDate: '20261201', paymentCount: 12, paymentPeriodYears: 1 });
    expect(premiumTotals([future], inquiry)).toEqual({
      premium: 100_000,
      paid_premium: 0,
      future_premium: 1_200_000,
      total_premium: 1_200_000,
    });
  });

  it('leaves out lapsed, expired and surrendered contracts, and contracts without a known cycle', () => {
    const others = [ContractState.Lapsed, ContractState.Expired, ContractState.Surrendered].map((state) => contract({ state }));
    expect(premiumTotals([...others, contract({ paymentCycle: null }), contract({ paymentCount: null })], inquiry)).toEqual({
      premium: 0,
      paid_premium: 0,
      future_premium: 0,
      total_premium: 0,
    });
  });

  it('sums over several contracts', () => {
    const totals = premiumTotals(
      [contract({}), contract({ premium: 1_200_000, paymentCycle: PaymentCycle.Annual, paymentCount: 20 })],
      inquiry,
    );
    expect(totals).toEqual({ premium: 200_000, paid_premium: 16_700_000, future_premium: 31_300_000, total_premium: 48_000_000 });
    expect(totals.total_premium).toBe(totals.paid_premium + totals.future_premium);
  });
});
