import { ContractPurposeCode, CoverageUnit, type CoverageInsightsDto, type ShortfallAtAgeDto } from '#contracts';
import { daysInMonth, parseIsoDate } from '../../src/common/calendar.js';
import { SeededRandom } from '../../src/common/seeded-random.js';
import { buildCoverageAnalysis } from '../../src/coverage-analysis/analysis/coverage-analysis.js';
import { catalogueFromData } from '../../src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../../src/coverage-analysis/catalogue/v2026-11/index.js';
import { buildCoverageInsights, type CoverageInsightsInput } from '../../src/coverage-analysis/insights/coverage-insights.js';
import {
  ContractPurpose,
  ContractState,
  ContractType,
  LIFETIME_END_DATE,
  PaymentCycle,
  type InsuranceContract,
  type InsuranceDataCustomer,
} from '../../src/integrations/insurance-data/insurance-data.port.js';
import { contractOf, type ContractSpec, type CoverageSpec } from '../support/insurance-contracts.js';

const catalogue = catalogueFromData(CATALOGUE_2026_11);
// 41 on the inquiry date; turns 60 on 2045-07-05, 65 on 2050-07-05, 70 on 2055-07-05, 80 on 2065-07-05.
const customer: InsuranceDataCustomer = { name: '김민준', birthDate: '19850705', gender: 'M', phone: '01055501234' };
const INQUIRY = '2026-11-21';

function insights(contracts: InsuranceContract[], changes: Partial<CoverageInsightsInput> = {}): CoverageInsightsDto {
  return buildCoverageInsights({
    customer,
    contracts,
    catalogue,
    inquiryDate: parseIsoDate(INQUIRY),
    monthlyIncome: null,
    ...changes,
  });
}

function analysisOf(contracts: InsuranceContract[], changes: Partial<CoverageInsightsInput> = {}) {
  return buildCoverageAnalysis({
    customer: changes.customer ?? customer,
    customerId: 1,
    contracts,
    catalogue,
    inquiryDate: changes.inquiryDate ?? parseIsoDate(INQUIRY),
    retrievedAt: new Date('2026-11-21T00:30:00.000Z'),
  });
}

const contract = (spec: ContractSpec) => contractOf({ contractor: customer.name, insuredPerson: customer.name, ...spec });

const INDEMNITY: CoverageSpec[] = [
  { name: '실손의료비(입원)', amount: 50_000_000, indemnity: true },
  { name: '실손의료비(통원)', amount: 200_000, indemnity: true },
];
const indemnityContract = (spec: ContractSpec) => contract({ productName: '실손의료비보험', coverages: INDEMNITY, ...spec });

describe('duplicate 실손', () => {
  it('finds two 실손 for one person and one for each of two others; keeps the first begun and counts the other’s premium as surplus', () => {
    const result = insights([
      indemnityContract({ productName: '실손A', startDate: '20160401', premium: 23_400 }),
      indemnityContract({ productName: '실손D', insuredPerson: '김서연', startDate: '20180120', premium: 12_000 }),
      indemnityContract({ productName: '실손F', startDate: '20230101', premium: 30_000, state: ContractState.Lapsed }),
      indemnityContract({ productName: '실손B', startDate: '20210610', premium: 18_900 }),
      indemnityContract({ productName: '실손E', insuredPerson: '김하준', startDate: '20200201', premium: 9_500 }),
    ]).indemnity;

    // The analysis' order (active, newest first): B 1, E 2, D 3, A 4, then the lapsed F 5.
    const base = { insurerName: '삼성화재', insuredPerson: '김민준', indemnityOnly: true };
    expect(result.people).toEqual([
      {
        insuredPerson: '김민준',
        contracts: [
          { ...base, contractId: 4, productName: '실손A', startDate: '2016-04-01', monthlyPremium: 23_400, kept: true },
          { ...base, contractId: 1, productName: '실손B', startDate: '2021-06-10', monthlyPremium: 18_900, kept: false },
        ],
        duplicate: true,
        surplusMonthlyPremium: 18_900,
      },
      // the others in the order the analysis first lists them: E (2), then D (3)
      {
        insuredPerson: '김하준',
        contracts: [
          {
            ...base,
            insuredPerson: '김하준',
            contractId: 2,
            productName: '실손E',
            startDate: '2020-02-01',
            monthlyPremium: 9_500,
            kept: true,
          },
        ],
        duplicate: false,
        surplusMonthlyPremium: 0,
      },
      {
        insuredPerson: '김서연',
        contracts: [
          {
            ...base,
            insuredPerson: '김서연',
            contractId: 3,
            productName: '실손D',
            startDate: '2018-01-20',
            monthlyPremium: 12_000,
            kept: true,
          },
        ],
        duplicate: false,
        surplusMonthlyPremium: 0,
      },
    ]);
    expect(result.duplicated).toBe(true);
    expect(result.surplusMonthlyPremium).toBe(18_900);
    expect(result.message).toBe(
      '실손의료비는 여러 건에 가입해도 실제 부담한 의료비를 한 번만, 계약별로 나누어 보상합니다(비례보상). ' +
        '가장 먼저 가입한 계약 외에 실손의료비만 보장하는 중복 계약의 보험료는 월 18,900원입니다.',
    );
  });

  it('lists the customer first even when another person’s contract comes first in the analysis', () => {
    const result = insights([
      indemnityContract({ insuredPerson: '김서연', startDate: '20240101' }),
      indemnityContract({ startDate: '20100101' }),
    ]).indemnity;
    expect(result.people.map((person) => [person.insuredPerson, person.contracts[0]!.contractId])).toEqual([
      ['김민준', 2],
      ['김서연', 1],
    ]);
  });

  it('says nothing when nobody holds more than one', () => {
    const result = insights([indemnityContract({}), indemnityContract({ insuredPerson: '김서연' })]).indemnity;
    expect(result).toMatchObject({ duplicated: false, surplusMonthlyPremium: 0, message: null });
    expect(result.people).toHaveLength(2);
  });

  it('does not count as surplus a contract with 실손 beside other cover, even when it is the one kept', () => {
    const health = (startDate: string, premium: number) =>
      contract({ startDate, premium, coverages: [INDEMNITY[0]!, { name: '암진단비', amount: 30_000_000 }] });
    // kept: the health contract begun first (not 실손-only); surplus: the 실손-only one (18,900), not the later health one
    const mixed = insights([
      health('20150301', 85_000),
      indemnityContract({ startDate: '20210610', premium: 18_900 }),
      health('20190101', 70_000),
    ]).indemnity.people[0]!;
    expect(mixed.contracts.map((entry) => [entry.startDate, entry.indemnityOnly, entry.kept])).toEqual([
      ['2015-03-01', false, true],
      ['2019-01-01', false, false],
      ['2021-06-10', true, false],
    ]);
    expect(mixed.surplusMonthlyPremium).toBe(18_900);

    // the only other contract carries other cover: no surplus premium to name
    const result = insights([indemnityContract({ startDate: '20160401' }), health('20190101', 70_000)]).indemnity;
    expect(result.surplusMonthlyPremium).toBe(0);
    expect(result.message).toBe(
      '실손의료비는 여러 건에 가입해도 실제 부담한 의료비를 한 번만, 계약별로 나누어 보상합니다(비례보상). ' +
        '중복된 계약은 다른 보장과 함께 가입되어 있어, 실손의료비 부분의 보험료는 따로 알 수 없습니다.',
    );
  });

  it('says a paid-up surplus contract costs nothing a month', () => {
    // 60 monthly payments from 2017-01-10: the last on 2021-12-10
    const result = insights([
      indemnityContract({ startDate: '20160401' }),
      indemnityContract({ startDate: '20170110', paymentCount: 60 }),
    ]).indemnity;
    expect(result.people[0]!.contracts.map((entry) => entry.monthlyPremium)).toEqual([100_000, 0]);
    expect(result.surplusMonthlyPremium).toBe(0);
    expect(result.message).toMatch(/비례보상\)\. 실손의료비만 보장하는 중복 계약은 납입이 끝나, 매월 나가는 보험료는 없습니다\.$/);
  });

  it('says a surplus contract’s premium is not known when the source gives no cycle (a 실손-only contract from CODEF), never that it is paid up', () => {
    const result = insights([
      indemnityContract({ startDate: '20160401' }),
      indemnityContract({ startDate: '20190301', premium: 0, paymentCycle: null, paymentCount: null, paymentPeriodYears: 0 }),
    ]).indemnity;
    expect(result.people[0]!.contracts.map((entry) => entry.monthlyPremium)).toEqual([100_000, null]);
    expect(result.surplusMonthlyPremium).toBe(0);
    expect(result.message).toContain('계산하지 못했습니다');
    expect(result.message).not.toContain('납입이 끝나');
  });

  it('does not count a 실손 coverage that has ended by the inquiry date', () => {
    const ended = INDEMNITY.map((coverage) => ({ ...coverage, endDate: '20251231' }));
    const result = insights([
      indemnityContract({ startDate: '20160401' }),
      indemnityContract({ startDate: '20190301', coverages: ended }),
    ]).indemnity;
    expect(result.duplicated).toBe(false);
    expect(result.people[0]!.contracts.map((entry) => entry.contractId)).toHaveLength(1);
  });
});

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

describe('cover by age', () => {
  const lifetime = contract({
    productName: '무배당 종신보험',
    insurerCode: 'L01',
    type: ContractType.Life,
    startDate: '20100301',
    endDate: LIFETIME_END_DATE,
    coverages: [
      { name: '일반사망', amount: 100_000_000 },
      // the rider ends the day before the customer turns 65
      { name: '암진단비', amount: 50_000_000, endDate: '20500704' },
      { name: '허혈성심장질환진단비', amount: 30_000_000 },
      { name: '급성심근경색증진단비', amount: 30_000_000 },
    ],
  });
  const health = contract({
    startDate: '20200115',
    endDate: '20800115',
    coverages: [
      { name: '뇌졸중진단비', amount: 20_000_000 },
      { name: '질병입원일당(1일이상)', amount: 30_000, endDate: '20450704' }, // ends at 60
      { name: '상해입원일당(1일이상)', amount: 20_000, endDate: '20270301' }, // ends before the next birthday (42 on 2027-07-05)
      { name: '질병수술비', amount: 1_000_000, endDate: '20200101' }, // already ended
    ],
  });
  const coverOf = (result: CoverageInsightsDto, code: string) =>
    result.coverByAge.categories.flatMap((category) => category.coverages).find((coverage) => coverage.code === code)!;

  it('drops a rider ending at 65 on a 종신 contract at 65, and never drops the 종신 coverage', () => {
    const result = insights([lifetime, health]);
    expect(result.coverByAge.age).toBe(41);
    expect(coverOf(result, '05_GEN')).toEqual({
      code: '05_GEN',
      name: '일반암진단비',
      unit: CoverageUnit.LumpSum,
      unitLabel: '정액',
      steps: [
        { age: 41, date: INQUIRY, amount: 50_000_000 },
        { age: 65, date: '2050-07-05', amount: 0 },
      ],
    });
    expect(coverOf(result, '01_GEN').steps).toEqual([{ age: 41, date: INQUIRY, amount: 100_000_000 }]);
    // the contract's end: the day after 2080-01-15, at 94
    expect(coverOf(result, '06_STR').steps).toEqual([
      { age: 41, date: INQUIRY, amount: 20_000_000 },
      { age: 94, date: '2080-01-16', amount: 0 },
    ]);
    expect(coverOf(result, '04_DHD')).toMatchObject({
      unit: CoverageUnit.PerDay,
      unitLabel: '1일당',
      steps: [
        { age: 41, date: INQUIRY, amount: 30_000 },
        { age: 60, date: '2045-07-05', amount: 0 },
      ],
    });
  });

  it('counts now what ends before the next birthday, falling at the current age, and not what has ended', () => {
    const result = insights([lifetime, health]);
    expect(coverOf(result, '04_AHD').steps).toEqual([
      { age: 41, date: INQUIRY, amount: 20_000 },
      { age: 41, date: '2027-03-02', amount: 0 },
    ]);
    expect(coverOf(result, '11_DSG').steps).toEqual([{ age: 41, date: INQUIRY, amount: 0 }]);
  });

  it('counts the largest 실손 limit in force, not their sum (비례보상), and the next largest once it ends', () => {
    const result = insights([
      indemnityContract({ startDate: '20160401', endDate: '20460401' }), // stops at 60 (2046-04-02)
      indemnityContract({ startDate: '20190301', coverages: INDEMNITY.map((coverage) => ({ ...coverage, amount: coverage.amount / 2 })) }),
    ]);
    const coverOf = (code: string) =>
      result.coverByAge.categories.flatMap((category) => category.coverages).find((coverage) => coverage.code === code)!;
    expect(coverOf('03_HIN').steps).toEqual([
      { age: 41, date: INQUIRY, amount: 50_000_000 },
      { age: 60, date: '2046-04-02', amount: 25_000_000 },
      { age: 94, date: '2080-01-16', amount: 0 },
    ]);
    expect(coverOf('03_HOT').steps[0]!.amount).toBe(200_000);
  });

  it('sums a coverage over contracts and makes one step per age, dated the last change within it', () => {
    const result = insights([
      contract({
        coverages: [
          { name: '일반암진단비', amount: 10_000_000, endDate: '20550930' }, // stops on 2055-10-01, at 70
          { name: '일반암진단비', amount: 7_000_000, endDate: '20650704' }, // at 80
        ],
      }),
      contract({
        startDate: '20120101',
        endDate: LIFETIME_END_DATE,
        coverages: [
          { name: '통합암진단비', amount: 20_000_000, endDate: '20560331' }, // stops on 2056-04-01, still 70
          { name: '암진단비', amount: 5_000_000 },
        ],
      }),
    ]);
    expect(coverOf(result, '05_GEN').steps).toEqual([
      { age: 41, date: INQUIRY, amount: 42_000_000 },
      { age: 70, date: '2056-04-01', amount: 12_000_000 },
      { age: 80, date: '2065-07-05', amount: 5_000_000 },
    ]);
  });

  it('lists the categories in catalogue order, each coverage held or recommended', () => {
    const result = insights([lifetime, health]);
    expect(result.coverByAge.categories.map((category) => category.code)).toEqual(
      CATALOGUE_2026_11.categories.map((category) => category.code),
    );
    expect(result.coverByAge.categories.flatMap((category) => category.coverages.map((coverage) => coverage.code))).toEqual(
      CATALOGUE_2026_11.coverages.map((coverage) => coverage.code),
    );
    expect(coverOf(result, '03_HIN')).toMatchObject({ unit: CoverageUnit.PerYear, unitLabel: '연간 한도' });

    // past every age band of the catalogue: only what is held
    const old = insights([lifetime], { customer: { ...customer, birthDate: '19050101' } }).coverByAge;
    expect(old.age).toBe(121);
    expect(old.categories.map((category) => [category.code, category.coverages.map((coverage) => coverage.code)])).toEqual([
      ['01', ['01_GEN']],
      ['05', ['05_GEN']],
      ['07', ['07_IHD', '07_AMI']],
    ]);
    expect(old.shortfalls).toEqual([]);
  });

  it('names the coverages below the recommendation at 60, 70 and 80, by category, leaving out categories without one', () => {
    const { shortfalls } = insights([lifetime, health]).coverByAge;
    const pick = (at: ShortfallAtAgeDto, codes: string[]) =>
      at.categories
        .filter((category) => codes.includes(category.code))
        .map((category) => [category.code, category.coverages.map((coverage) => [coverage.code, coverage.held, coverage.recommended])]);

    expect(shortfalls.map((at) => at.age)).toEqual([60, 70, 80]);
    // heart cover (30,000,000 each, 종신) meets every checkpoint's 30,000,000
    for (const at of shortfalls) expect(at.categories.map((category) => category.code)).not.toContain('07');
    const [at60, at70, at80] = shortfalls as [ShortfallAtAgeDto, ShortfallAtAgeDto, ShortfallAtAgeDto];
    expect(pick(at60, ['01', '04', '05', '06'])).toEqual([
      // 일반사망 1억 ≥ 5,000만
      [
        '01',
        [
          ['01_DIS', 0, 30_000_000],
          ['01_ACC', 0, 30_000_000],
        ],
      ],
      // the daily benefit ended at 60
      [
        '04',
        [
          ['04_DHD', 0, 30_000],
          ['04_AHD', 0, 30_000],
        ],
      ],
      // the cancer rider still holds at 60 (5,000만 ≥ 3,000만)
      ['05', [['05_SML', 0, 6_000_000]]],
      [
        '06',
        [
          ['06_CVD', 0, 30_000_000],
          ['06_STR', 20_000_000, 30_000_000],
          ['06_HEM', 0, 30_000_000],
        ],
      ],
    ]);
    // at 70 the cancer rider has ended (at 65)
    expect(pick(at70, ['05'])).toEqual([
      [
        '05',
        [
          ['05_GEN', 0, 20_000_000],
          ['05_SML', 0, 4_000_000],
        ],
      ],
    ]);
    expect(pick(at80, ['01'])).toEqual([
      [
        '01',
        [
          ['01_DIS', 0, 20_000_000],
          ['01_ACC', 0, 20_000_000],
        ],
      ],
    ]);
    expect(at60.categories[0]!.coverages[0]).toEqual({
      code: '01_DIS',
      name: '질병사망',
      unit: CoverageUnit.LumpSum,
      unitLabel: '정액',
      held: 0,
      recommended: 30_000_000,
    });
  });

  it('looks only at checkpoints still ahead: at 60 exactly, 70 and 80', () => {
    const sixty = insights([lifetime], { customer: { ...customer, birthDate: '19660705' } }).coverByAge;
    expect(sixty.age).toBe(60);
    expect(sixty.shortfalls.map((at) => at.age)).toEqual([70, 80]);
  });
});

describe('renewals ahead', () => {
  const portfolio = [
    contract({
      productName: '건강보험',
      startDate: '20200401',
      endDate: '20800401',
      premium: 60_000,
      coverages: [
        { name: '일반사망', amount: 10_000_000 },
        // every 3 years: 2023-04-01, 2026-04-01 (past), 2029, 2032, 2035 (within 2036-11-21), 2038 (beyond)
        { name: '암진단비(갱신형)', amount: 30_000_000, endDate: '20400401', renewal: { cycleYears: 3 } },
        // every 10 years: 2030-04-01, then 2040 (beyond)
        { name: '뇌졸중진단비(갱신형)', amount: 20_000_000, endDate: '20600401', renewal: { cycleYears: 10 } },
      ],
    }),
    // every 3 years, ending 2032-10-01 before the horizon: 2028-10-01, 2031-10-01; 2034 is after its end
    contract({
      productName: '입원보험',
      startDate: '20191001',
      endDate: '20321001',
      premium: 30_000,
      coverages: [{ name: '질병입원일당(1일이상)(갱신형)', amount: 30_000, renewal: { cycleYears: 3 } }],
    }),
    // a yearly-renewing 실손: 2027-06-10 … 2036-06-10
    contract({
      productName: '실손의료비보험',
      startDate: '20210610',
      endDate: '20410610',
      premium: 18_900,
      coverages: INDEMNITY.map((coverage) => ({ ...coverage, renewal: { cycleYears: 1 } })),
    }),
    // every 5 years from 2021-08-01, ending 2028-01-01 before its next (2031-08-01)
    contract({
      productName: '상해보험',
      startDate: '20210801',
      endDate: '20280101',
      premium: 15_000,
      coverages: [
        { name: '상해수술비(갱신형)', amount: 1_000_000, renewal: { cycleYears: 5 } },
        { name: '상해사망', amount: 50_000_000 },
      ],
    }),
    // 갱신형 without a cycle
    contract({
      productName: '치아보험',
      startDate: '20180301',
      endDate: '20480301',
      premium: 25_000,
      coverages: [{ name: '치아보존치료비', amount: 200_000, renewal: { cycleYears: null } }],
    }),
    contract({
      startDate: '20220101',
      state: ContractState.Lapsed,
      coverages: [{ name: '암진단비', amount: 1, renewal: { cycleYears: 1 } }],
    }),
  ];

  it('lists each contract’s renewing coverages per cycle, soonest first, with the next date and the count within 10 years', () => {
    const { renewals } = insights(portfolio);
    // The analysis' order: 상해 (2021-08) 1, 실손 (2021-06) 2, 건강 (2020-04) 3, 입원 (2019-10) 4, 치아 (2018-03) 5, lapsed 6.
    expect(
      renewals.items.map((item) => [
        item.contractId,
        item.cycleYears,
        item.nextRenewalDate,
        item.renewalsInHorizon,
        item.wholeContract,
        item.coverageNames,
        item.monthlyPremium,
      ]),
    ).toEqual([
      [2, 1, '2027-06-10', 10, true, ['실손의료비(입원)', '실손의료비(통원)'], 18_900],
      [4, 3, '2028-10-01', 2, true, ['질병입원일당(1일이상)(갱신형)'], 30_000],
      [3, 3, '2029-04-01', 3, false, ['암진단비(갱신형)'], 60_000],
      [3, 10, '2030-04-01', 1, false, ['뇌졸중진단비(갱신형)'], 60_000],
      [1, 5, null, 0, false, ['상해수술비(갱신형)'], 15_000],
      [5, null, null, null, true, ['치아보존치료비'], 25_000],
    ]);
    expect(renewals.horizonYears).toBe(10);
    expect(renewals.renewalsInHorizon).toBe(16); // 10 + 2 + 3 + 1 + 0
    expect(renewals.items[0]).toMatchObject({ insurerName: '삼성화재', productName: '실손의료비보험', startDate: '2021-06-10' });
  });

  it('renews on the last day of February for a 29 February start; the inquiry day is not ahead, the horizon’s last day is', () => {
    const leap = contract({
      startDate: '20240229',
      endDate: '20340301',
      coverages: [{ name: '암진단비', amount: 1, renewal: { cycleYears: 1 } }],
    });
    // 2027-02-28, 2028-02-29, 2029-02-28 … 2034-02-28 (before the end on 2034-03-01): 8
    expect(insights([leap]).renewals.items[0]).toMatchObject({ nextRenewalDate: '2027-02-28', renewalsInHorizon: 8 });

    const decennial = contract({
      startDate: '20061121',
      endDate: LIFETIME_END_DATE,
      coverages: [{ name: '암진단비', amount: 1, renewal: { cycleYears: 10 } }],
    });
    // 2026-11-21 is the inquiry date itself; 2036-11-21 is the horizon's last day
    expect(insights([decennial]).renewals.items[0]).toMatchObject({ nextRenewalDate: '2036-11-21', renewalsInHorizon: 1 });
  });
});

describe('coverage insights', () => {
  it('answers every part empty for a customer without an active contract', () => {
    const result = insights(
      [contract({ state: ContractState.Lapsed, coverages: INDEMNITY.map((coverage) => ({ ...coverage, renewal: { cycleYears: 1 } })) })],
      {
        monthlyIncome: 3_000_000,
      },
    );
    expect(result.version).toBe('2026.11');
    expect(result.indemnity).toEqual({ duplicated: false, people: [], surplusMonthlyPremium: 0, message: null });
    expect(result.premiums).toMatchObject({
      monthly: { protection: 0, savings: 0, pension: 0, total: 0 },
      paidPremium: 0,
      remainingPremium: 0,
      contracts: [],
      timeline: [],
      income: { monthlyIncome: 3_000_000, percent: 0 },
    });
    expect(result.renewals).toEqual({ horizonYears: 10, items: [], renewalsInHorizon: 0 });
    // nothing held: every recommended coverage at 0, and short at every checkpoint
    const coverages = result.coverByAge.categories.flatMap((category) => category.coverages);
    expect(coverages.every((coverage) => coverage.steps.length === 1 && coverage.steps[0]!.amount === 0)).toBe(true);
    for (const at of result.coverByAge.shortfalls) {
      const short = at.categories.flatMap((category) => category.coverages);
      expect(short.map((coverage) => coverage.code)).toEqual(
        catalogue.recommendationsFor(at.age, 'M').map((recommendation) => recommendation.code),
      );
      expect(short.every((coverage) => coverage.held === 0)).toBe(true);
    }
  });

  it('holds its invariants over many random portfolios, and is pure', () => {
    const random = new SeededRandom(Buffer.from('coverage-insights-invariants-v01'));
    const seen = { duplicates: 0, laterSteps: 0, shortfalls: 0, timelineYears: 0, renewals: 0, incomeShares: 0 };
    for (let run = 0; run < 300; run++) {
      const input = randomInput(random);
      const frozen = JSON.stringify(input.contracts);
      const result = buildCoverageInsights(input);
      expect(JSON.stringify(input.contracts)).toBe(frozen);
      expect(buildCoverageInsights(input)).toEqual(result);
      expect(invariantProblems(input, result)).toEqual([]);
      seen.duplicates += Number(result.indemnity.duplicated);
      seen.laterSteps += result.coverByAge.categories
        .flatMap((category) => category.coverages)
        .filter((coverage) => coverage.steps.length > 1).length;
      seen.shortfalls += result.coverByAge.shortfalls.length;
      seen.timelineYears += result.premiums.timeline.length;
      seen.renewals += result.renewals.renewalsInHorizon;
      seen.incomeShares += Number(result.premiums.income !== null);
    }
    // the portfolios exercise every part
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(30);
  });
});

const NAMES = [
  '일반사망',
  '질병사망',
  '암진단비',
  '암진단비(갱신형)',
  '유사암진단비',
  '뇌졸중진단비',
  '급성심근경색증진단비',
  '질병입원일당(1일이상)',
  '상해수술비',
  '실손의료비(입원)',
  '실손의료비(통원)',
  '골절진단비',
  '운전자벌금(대인)',
  '치아보존치료비',
];

function randomDate(random: SeededRandom, fromYear: number, toYear: number): string {
  const year = random.int(fromYear, toYear);
  const month = random.int(1, 12);
  const day = random.int(1, daysInMonth(year, month));
  return `${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}`;
}

function randomInput(random: SeededRandom): CoverageInsightsInput {
  const someone: InsuranceDataCustomer = {
    ...customer,
    birthDate: randomDate(random, 1935, 2020),
    gender: random.pick(['M', 'F'] as const),
  };
  const cycles = [
    PaymentCycle.Monthly,
    PaymentCycle.Monthly,
    PaymentCycle.Quarterly,
    PaymentCycle.SemiAnnual,
    PaymentCycle.Annual,
    PaymentCycle.LumpSum,
    null,
  ];
  const contracts = Array.from({ length: random.int(0, 20) }, () => {
    const cycle = random.pick(cycles);
    const startDate = randomDate(random, 1995, 2028);
    return contract({
      startDate,
      endDate: random.chance(0.3) ? LIFETIME_END_DATE : randomDate(random, 2027, 2110),
      insuredPerson: random.pick([someone.name, someone.name, '김서연', '김하준']),
      state: random.pick([ContractState.Active, ContractState.Active, ContractState.Active, ContractState.Lapsed, ContractState.Expired]),
      premium: random.int(1, 300) * random.pick([100, 1_000, 3_333]),
      paymentCycle: cycle,
      paymentCount: cycle === PaymentCycle.LumpSum ? 1 : random.chance(0.1) ? null : random.int(1, 480),
      purpose: random.pick([ContractPurpose.Protection, ContractPurpose.Protection, ContractPurpose.Savings, ContractPurpose.Pension]),
      coverages: Array.from({ length: random.int(0, 40) }, () => ({
        name: random.pick(NAMES),
        amount: random.int(0, 100) * 1_000_000,
        startDate: random.chance(0.8) ? startDate : randomDate(random, 1995, 2030),
        endDate: random.chance(0.3) ? LIFETIME_END_DATE : randomDate(random, 2000, 2110),
        renewal: random.chance(0.3) ? { cycleYears: random.pick([1, 3, 5, 10, 20, null]) } : null,
        indemnity: random.chance(0.2),
      })),
    });
  });
  const inquiryDate = parseIsoDate(
    `${random.int(2024, 2030)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
  );
  return { customer: someone, contracts, catalogue, inquiryDate, monthlyIncome: random.chance(0.5) ? random.int(1, 20_000_000) : null };
}

/** What must hold of any portfolio's insights; one line per breach. */
function invariantProblems(input: CoverageInsightsInput, result: CoverageInsightsDto): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const analysis = analysisOf([...input.contracts], input);
  const inquiry = analysis.inquiry_time;
  const { premiums, coverByAge, renewals, indemnity } = result;
  const active = analysis.contracts.filter((entry) => entry.state === '정상').length;

  const { protection, savings, pension, total } = premiums.monthly;
  check(protection + savings + pension === total, 'split does not sum to its total');
  check(
    [protection, savings, pension].every((part) => part >= 0 && Number.isInteger(part)),
    'split part negative or fractional',
  );
  check(total === analysis.premium, 'total is not the analysis premium');
  check(
    premiums.paidPremium === analysis.paid_premium && premiums.remainingPremium === analysis.future_premium,
    'paid or remaining differ',
  );
  check(premiums.contracts.length === active, 'not every active contract in premiums');
  const remaining = premiums.contracts.reduce((sum, entry) => sum + (entry.remainingPremium ?? 0), 0);
  check(remaining === premiums.remainingPremium, 'contracts’ remaining premiums do not sum to the total');
  check(premiums.timeline.reduce((sum, year) => sum + year.premium, 0) === premiums.remainingPremium, 'timeline does not sum to remaining');
  premiums.timeline.forEach((year, index) => {
    check(year.year === input.inquiryDate.year + index, 'timeline years not contiguous from the inquiry year');
    check(year.contracts <= active && year.premium > 0 === year.contracts > 0, 'timeline year inconsistent');
  });
  for (const entry of premiums.contracts) {
    check(entry.paidUp === (entry.paymentsLeft === 0), 'paidUp disagrees with payments left');
    if (entry.paidUp) check(entry.monthlyPremium === 0, 'a paid-up contract costs something a month');
  }
  if (premiums.income) {
    const tenths = premiums.income.percent * 10;
    check(tenths >= 0 && Math.abs(tenths - Math.round(tenths)) < 1e-9, 'percent not to one decimal');
  }

  for (const category of coverByAge.categories) {
    check(category.coverages.length > 0, 'empty category');
    for (const coverage of category.coverages) {
      const [first, ...later] = coverage.steps;
      check(first!.age === coverByAge.age && first!.date === inquiry, 'first step is not now');
      let previous = first!;
      for (const step of later) {
        // only a change before the next birthday shares the current age (the first step's)
        check(
          (step.age > previous.age || (step.age === coverByAge.age && previous === first)) &&
            step.date > previous.date &&
            step.amount !== previous.amount,
          `steps not strictly changing: ${coverage.code}`,
        );
        check(step.date > inquiry, 'a step before the inquiry date');
        previous = step;
      }
    }
  }
  for (const at of coverByAge.shortfalls) {
    check(at.age > coverByAge.age && [60, 70, 80].includes(at.age), 'shortfall age not ahead');
    for (const category of at.categories) {
      check(category.coverages.length > 0, 'empty shortfall category');
      for (const coverage of category.coverages) check(coverage.held < coverage.recommended, 'a shortfall that is not short');
    }
  }

  let previousRank = 0;
  let previousDate = '';
  for (const item of renewals.items) {
    const rank = item.nextRenewalDate !== null ? 0 : item.cycleYears !== null ? 1 : 2;
    check(rank > previousRank || (rank === previousRank && (item.nextRenewalDate ?? '') >= previousDate), 'renewals out of order');
    [previousRank, previousDate] = [rank, item.nextRenewalDate ?? ''];
    if (item.nextRenewalDate !== null) check(item.nextRenewalDate > inquiry, 'a renewal not ahead');
    check((item.cycleYears === null) === (item.renewalsInHorizon === null), 'renewal count null without an unknown cycle');
  }
  check(renewals.renewalsInHorizon === renewals.items.reduce((sum, item) => sum + (item.renewalsInHorizon ?? 0), 0), 'renewals total');

  check(indemnity.duplicated === indemnity.people.some((person) => person.contracts.length > 1), 'duplicated');
  check((indemnity.message !== null) === indemnity.duplicated, 'message without a duplicate');
  check(
    indemnity.surplusMonthlyPremium === indemnity.people.reduce((sum, person) => sum + person.surplusMonthlyPremium, 0),
    'surplus total',
  );
  for (const person of indemnity.people)
    check(person.contracts.filter((entry) => entry.kept).length === 1 && person.contracts[0]!.kept, 'kept');
  return problems;
}
