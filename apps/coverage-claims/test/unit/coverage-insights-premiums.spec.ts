import { ContractPurposeCode } from '#contracts';
import { ContractPurpose, ContractState, ContractType, PaymentCycle } from '../../src/integrations/insurance-data/insurance-data.port.js';
import { analysisOf, contract, insights } from '../support/coverage-insights.js';

describe('premium burden', () => {
  const portfolio = [
    // 240 monthly payments of 50,000 from 2016-12-01: 120 made by 2026-11-01, 120 left, the last on 2036-11-01
    contract({ productName: '건강보험', startDate: '20161201', premium: 50_000, paymentCount: 240 }),
    // 10 yearly payments of 1,200,000 from 2020-03-15: 7 made (2020–2026), 3 left (2027–2029)
    contract({
      productName: '연금보험',
      startDate: '20200315',
      premium: 1_200_000,
      paymentCycle: PaymentCycle.Annual,
      paymentCount: 10,
      purpose: ContractPurpose.Pension,
    }),
    // 120 monthly payments from 2010-01-10: paid up on 2019-12-10
    contract({ productName: '종신보험', startDate: '20100110', premium: 80_000, paymentCount: 120, type: ContractType.Life }),
    // cycle unknown
    contract({ productName: '저축보험', startDate: '20050505', premium: 40_000, paymentCycle: null, purpose: ContractPurpose.Savings }),
    contract({ productName: '해지보험', startDate: '20240101', premium: 99_000, state: ContractState.Surrendered }),
  ];

  it('counts a 20-year period half paid, a yearly pension, a paid-up contract and an unknown cycle', () => {
    const { premiums } = insights(portfolio);
    // The analysis' order: 연금 (2020) 1, 건강 (2016) 2, 종신 (2010) 3, 저축 (2005) 4; the surrendered one 5 is left out.
    expect(
      premiums.contracts.map((entry) => ({ ...entry, insurerName: undefined, insuredPerson: undefined, startDate: undefined })),
    ).toEqual([
      {
        contractId: 1,
        productName: '연금보험',
        monthlyPremium: 100_000, // 1,200,000 / 12
        purpose: ContractPurposeCode.Pension,
        purposeLabel: '연금',
        paidUp: false,
        paymentsMade: 7,
        paymentsLeft: 3,
        monthsPaid: 84,
        monthsLeft: 36,
        remainingPremium: 3_600_000,
        lastPaymentDate: '2029-03-15',
      },
      {
        contractId: 2,
        productName: '건강보험',
        monthlyPremium: 50_000,
        purpose: ContractPurposeCode.Protection,
        purposeLabel: '보장성',
        paidUp: false,
        paymentsMade: 120,
        paymentsLeft: 120,
        monthsPaid: 120,
        monthsLeft: 120,
        remainingPremium: 6_000_000, // 120 × 50,000
        lastPaymentDate: '2036-11-01', // 2016-12-01 + 239 months
      },
      {
        contractId: 3,
        productName: '종신보험',
        monthlyPremium: 0,
        purpose: ContractPurposeCode.Protection,
        purposeLabel: '보장성',
        paidUp: true,
        paymentsMade: 120,
        paymentsLeft: 0,
        monthsPaid: 120,
        monthsLeft: 0,
        remainingPremium: 0,
        lastPaymentDate: '2019-12-10',
      },
      {
        contractId: 4,
        productName: '저축보험',
        // no cycle from the source: what it costs a month is not known (not nothing)
        monthlyPremium: null,
        purpose: ContractPurposeCode.Savings,
        purposeLabel: '저축성',
        paidUp: false,
        paymentsMade: null,
        paymentsLeft: null,
        monthsPaid: null,
        monthsLeft: null,
        remainingPremium: null,
        lastPaymentDate: null,
      },
    ]);
    expect(premiums.monthly).toEqual({ protection: 50_000, savings: 0, pension: 100_000, total: 150_000 });
    // paid: 120 × 50,000 + 7 × 1,200,000 + 120 × 80,000 = 6,000,000 + 8,400,000 + 9,600,000
    expect(premiums.paidPremium).toBe(24_000_000);
    expect(premiums.remainingPremium).toBe(9_600_000);
  });

  it('lays what is left out by year, from the inquiry year to the last payment’s', () => {
    const { premiums } = insights(portfolio);
    expect(premiums.timeline).toEqual([
      { year: 2026, premium: 50_000, contracts: 1 }, // 2026-12-01 only: the pension's 2026 payment was in March
      { year: 2027, premium: 1_800_000, contracts: 2 }, // 12 × 50,000 + 1,200,000
      { year: 2028, premium: 1_800_000, contracts: 2 },
      { year: 2029, premium: 1_800_000, contracts: 2 },
      ...[2030, 2031, 2032, 2033, 2034, 2035].map((year) => ({ year, premium: 600_000, contracts: 1 })),
      { year: 2036, premium: 550_000, contracts: 1 }, // January to November
    ]);
    // 50,000 + 3 × 1,800,000 + 6 × 600,000 + 550,000
    expect(premiums.timeline.reduce((sum, year) => sum + year.premium, 0)).toBe(9_600_000);
  });

  it('answers the analysis’ premium, paid and future premium over the same contracts', () => {
    const analysis = analysisOf(portfolio);
    const { premiums } = insights(portfolio);
    expect([premiums.monthly.total, premiums.paidPremium, premiums.remainingPremium]).toEqual([
      analysis.premium,
      analysis.paid_premium,
      analysis.future_premium,
    ]);
  });

  it('splits the monthly premium to sum exactly to the analysis’ premium, the won left over going to the largest fraction', () => {
    const quarterly = (premium: number, purpose: ContractPurpose) =>
      contract({ premium, purpose, paymentCycle: PaymentCycle.Quarterly, paymentCount: 80 });
    const even = [
      quarterly(100_000, ContractPurpose.Protection),
      quarterly(100_000, ContractPurpose.Savings),
      quarterly(100_000, ContractPurpose.Pension),
    ];
    // 3 × 33,333.33… = 100,000 (rounded once); rounded down 3 × 33,333 = 99,999; the won left goes to the first of equal fractions
    expect(insights(even).premiums.monthly).toEqual({ protection: 33_334, savings: 33_333, pension: 33_333, total: 100_000 });
    expect(analysisOf(even).premium).toBe(100_000);

    const uneven = [
      quarterly(100_000, ContractPurpose.Protection), // 33,333.33
      contract({ premium: 100_000, paymentCycle: PaymentCycle.SemiAnnual, paymentCount: 40 }), // 16,666.67: protection 50,000.00
      quarterly(50_000, ContractPurpose.Savings), // 16,666.67
      quarterly(50_000, ContractPurpose.Pension), // 16,666.67
    ];
    // total round(83,333.33) = 83,333; rounded down 50,000 + 16,666 + 16,666 = 83,332; the won to savings (.67, before pension)
    expect(insights(uneven).premiums.monthly).toEqual({ protection: 50_000, savings: 16_667, pension: 16_666, total: 83_333 });
    expect(analysisOf(uneven).premium).toBe(83_333);
  });

  it('sets the monthly premium against the income, one decimal, half up, beside the published references', () => {
    const { income } = insights(portfolio, { monthlyIncome: 4_000_000 }).premiums;
    // 150,000 / 4,000,000 = 3.75 % → 3.8
    expect(income).toMatchObject({ monthlyIncome: 4_000_000, percent: 3.8 });
    expect(income!.references.map((reference) => [reference.percentFrom, reference.percentTo, reference.year])).toEqual([
      [5, 10, 2018],
      [18, null, 2018],
      [2.53, null, 2022],
    ]);
    expect(income!.references[0]!.source).toContain('금융소비자연맹');
    expect(income!.references[2]!.source).toContain('보험연구원');
    expect(income!.guide).toContain('참고용');

    // 150,000 / 7,000,000 = 2.142… % → 2.1; 150,000 / 900,000,000 = 0.0166… % → 0.1, never 0.0 when something is paid
    expect(insights(portfolio, { monthlyIncome: 7_000_000 }).premiums.income!.percent).toBe(2.1);
    expect(insights(portfolio, { monthlyIncome: 900_000_000 }).premiums.income!.percent).toBe(0.1);
    expect(insights(portfolio).premiums.income).toBeNull();
  });
});
