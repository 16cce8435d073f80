import { CoverageUnit, type CoverageInsightsDto, type ShortfallAtAgeDto } from '#contracts';
import { CATALOGUE_2026_11 } from '../../src/coverage-analysis/catalogue/v2026-11/index.js';
import { ContractType, LIFETIME_END_DATE } from '../../src/integrations/insurance-data/insurance-data.port.js';
import { contract, customer, INDEMNITY, indemnityContract, INQUIRY, insights } from '../support/coverage-insights.js';

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
