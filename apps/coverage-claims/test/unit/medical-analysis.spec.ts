import { CoverageStatusCode, MeasurementBand, MeasurementTrend, RiskLevel, type MedicalAnalysisDto } from '#contracts';
import { buildMedicalAnalysis, trendOf } from '../../src/medical/analysis/model/medical-analysis.js';
import { RISK_RULES_2026_11 } from '../../src/medical/analysis/rules/v2026-11/index.js';
import { sandboxAnalysis, TWENTY_CONTRACT_CUSTOMER } from '../support/coverage-report-fixtures.js';
import {
  checkupsOf,
  GAPPY_COVERAGES,
  HEALTHY,
  KIDNEY,
  LIVER,
  METABOLIC_SYNDROME,
  UNLIKE_UNIT_COVERAGES,
  type Profile,
} from '../support/medical-fixtures.js';

const analyse = (profile: Profile | null, age: number, coverages = GAPPY_COVERAGES) =>
  buildMedicalAnalysis({ checkups: profile ? checkupsOf(profile, 'M') : [], analysis: { age, coverages }, rules: RISK_RULES_2026_11 });

const levels = (result: MedicalAnalysisDto) => Object.fromEntries(result.groups.map((group) => [group.code, group.level]));
/** Each gap as `<category> <status>: <groups, most urgent first>`. */
const risks = (result: MedicalAnalysisDto) =>
  result.openRisks.map((risk) => `${risk.categoryCode} ${risk.status}: ${risk.groups.map((group) => group.code).join(' ')}`);

describe('medical analysis: risk levels of representative profiles (rules 2026.11)', () => {
  it('rates every group LOW for a healthy 40-year-old with ten years of normal check-ups, and opens no risk', () => {
    const result = analyse(HEALTHY, 40);
    expect(levels(result)).toEqual({
      CEREBROVASCULAR: 'LOW',
      CARDIAC: 'LOW',
      CANCER: 'LOW',
      METABOLIC: 'LOW',
      LIVER: 'LOW',
      KIDNEY: 'LOW',
    });
    expect(result.groups.every((group) => group.score === 0)).toBe(true);
    expect(result.openRisks).toEqual([]);
    expect(result.checkupYears).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
  });

  it('rates metabolic syndrome HIGH for 당뇨·대사, 심장 and 뇌혈관 and MODERATE for 신장, driven by the rising measurements', () => {
    const result = analyse(METABOLIC_SYNDROME, 45);
    expect(levels(result)).toEqual({
      CEREBROVASCULAR: 'HIGH',
      CARDIAC: 'HIGH',
      CANCER: 'LOW',
      METABOLIC: 'HIGH',
      LIVER: 'LOW',
      KIDNEY: 'MODERATE',
    });
    const metabolic = result.groups.find((group) => group.code === 'METABOLIC')!;
    expect(metabolic.score).toBe(26);
    const glucose = metabolic.drivers.find((driver) => driver.code === 'FASTING_GLUCOSE')!;
    expect(glucose).toMatchObject({ latestYear: 2025, latestValue: 121, band: MeasurementBand.Borderline, bandLabel: '정상B(경계)' });
    expect(glucose).toMatchObject({ trend: MeasurementTrend.Rising, trendLabel: '상승', worsening: true, points: 6 });
    expect(glucose.series).toHaveLength(10);
    // HDL falls, and lower is worse for it
    expect(metabolic.drivers.find((driver) => driver.code === 'HDL_CHOLESTEROL')).toMatchObject({
      trend: 'FALLING',
      worsening: true,
      points: 4,
    });
  });

  it('rates rising liver enzymes HIGH for 간 (and γ-GTP raises 암 to MODERATE), other groups LOW', () => {
    const result = analyse(LIVER, 45);
    expect(levels(result)).toEqual({
      CEREBROVASCULAR: 'LOW',
      CARDIAC: 'LOW',
      CANCER: 'MODERATE',
      METABOLIC: 'LOW',
      LIVER: 'HIGH',
      KIDNEY: 'LOW',
    });
    expect(result.groups.find((group) => group.code === 'LIVER')!.score).toBe(24);
  });

  it('rates falling eGFR with positive urine protein HIGH for 신장, and the borderline rising blood pressure MODERATE for 뇌혈관 and 심장', () => {
    const result = analyse(KIDNEY, 58);
    expect(levels(result)).toEqual({
      CEREBROVASCULAR: 'MODERATE',
      CARDIAC: 'MODERATE',
      CANCER: 'LOW',
      METABOLIC: 'LOW',
      LIVER: 'LOW',
      KIDNEY: 'HIGH',
    });
    const kidney = result.groups.find((group) => group.code === 'KIDNEY')!;
    expect(kidney.drivers.find((driver) => driver.code === 'EGFR')).toMatchObject({
      latestValue: 52,
      trend: 'FALLING',
      worsening: true,
      points: 12,
    });
    expect(kidney.drivers.find((driver) => driver.code === 'URINE_PROTEIN')).toMatchObject({
      latestValue: '양성',
      trend: 'RISING',
      points: 8,
    });
  });

  it('counts age: a healthy 60-year-old is MODERATE for 암 and LOW elsewhere; age alone makes no level without check-ups', () => {
    const result = analyse(HEALTHY, 60);
    expect(levels(result)).toMatchObject({ CANCER: 'MODERATE', CEREBROVASCULAR: 'LOW', CARDIAC: 'LOW' });
    expect(result.groups.find((group) => group.code === 'CANCER')).toMatchObject({ agePoints: 4, score: 4 });
    expect(levels(analyse(null, 60))).toMatchObject({ CANCER: 'UNKNOWN' });
  });

  it('without check-ups rates every group UNKNOWN (판정 불가) with no drivers and opens no risk, but still shows the coverage', () => {
    const result = analyse(null, 45);
    expect(result.checkupYears).toEqual([]);
    expect(result.groups.map((group) => [group.level, group.levelLabel, group.drivers.length])).toEqual(
      Array.from({ length: 6 }, () => [RiskLevel.Unknown, '판정 불가', 0]),
    );
    expect(result.openRisks).toEqual([]);
    expect(result.groups[0]!.coverage[0]).toMatchObject({ categoryCode: '06', status: CoverageStatusCode.Bad, held: 3_500 * 10_000 });
  });
});

describe('medical analysis: coverage against risk', () => {
  it('sums a category of one unit and takes the worst status (뇌: 500만 of 3,000만 bad, 3,000만 of 3,000만 good → bad, 58 %)', () => {
    const cerebro = analyse(METABOLIC_SYNDROME, 45).groups.find((group) => group.code === 'CEREBROVASCULAR')!;
    expect(cerebro.coverage.map((category) => category.categoryCode)).toEqual(['06', '02', '03', '04', '11']);
    expect(cerebro.coverage[0]).toMatchObject({
      primary: true,
      unit: 'LUMP_SUM',
      unitLabel: '정액',
      held: 35_000_000,
      recommended: 60_000_000,
      heldPercent: 58,
      status: 'bad',
      statusLabel: '부족',
    });
    expect(cerebro.coverage[0]!.coverages.map((coverage) => coverage.code)).toEqual(['06_CVD', '06_STR']);
    expect(cerebro.coverage[1]).toMatchObject({ primary: false, status: 'good' });
  });

  it('gives every coverage its unit, and never sums a category whose coverages are of unlike units', () => {
    const cerebro = analyse(METABOLIC_SYNDROME, 45, UNLIKE_UNIT_COVERAGES).groups.find((group) => group.code === 'CEREBROVASCULAR')!;
    const category = (code: string) => cerebro.coverage.find((entry) => entry.categoryCode === code)!;
    // 의료비: a 5,000만 yearly limit and a 20만 per-visit one are two figures, not 5,020만
    expect(category('03')).toMatchObject({
      unit: null,
      unitLabel: null,
      held: null,
      recommended: null,
      heldPercent: null,
      status: 'normal',
    });
    expect(category('03').coverages).toEqual([
      {
        code: '03_HIN',
        name: '실손의료비(입원)',
        unit: 'PER_YEAR',
        unitLabel: '연간 한도',
        held: 30_000_000,
        recommended: 50_000_000,
        heldPercent: 60,
        status: 'normal',
        statusLabel: '보통',
      },
      {
        code: '03_HOT',
        name: '실손의료비(통원)',
        unit: 'PER_VISIT',
        unitLabel: '회당',
        held: 100_000,
        recommended: 200_000,
        heldPercent: 50,
        status: 'normal',
        statusLabel: '보통',
      },
    ]);
    // 장해·간병: lump sums and a daily allowance
    expect(category('02')).toMatchObject({ unit: null, held: null, recommended: null, heldPercent: null, status: 'bad' });
    expect(category('02').coverages.map((coverage) => `${coverage.code} ${coverage.unit} ${coverage.unitLabel}`)).toEqual([
      '02_ACD LUMP_SUM 정액',
      '02_DSD LUMP_SUM 정액',
      '02_CRD PER_DAY 1일당',
    ]);
    // one unit: summed, with the unit (입원비: two daily allowances; 수술비: two per-operation amounts)
    expect(category('04')).toMatchObject({ unit: 'PER_DAY', unitLabel: '1일당', held: 30_000, recommended: 60_000, heldPercent: 50 });
    expect(category('11')).toMatchObject({ unit: 'PER_OPERATION', unitLabel: '수술 1회당', held: 1_300_000, recommended: 2_000_000 });
  });

  it('rounds percentages to the nearest: 2,000만 of 3,000만 is 67 %, 1만 of 3만 33 %, 500만 of 3,000만 17 %, nothing held 0 %', () => {
    const coverages = analyse(METABOLIC_SYNDROME, 45, UNLIKE_UNIT_COVERAGES).groups.flatMap((group) =>
      group.coverage.flatMap((category) => category.coverages),
    );
    const percentOf = (code: string) => coverages.find((coverage) => coverage.code === code)!.heldPercent;
    expect(percentOf('06_CVD')).toBe(67);
    expect(percentOf('04_AHD')).toBe(67);
    expect(percentOf('04_DHD')).toBe(33);
    expect(percentOf('02_CRD')).toBe(0);
    expect(percentOf('11_ASG')).toBe(100);
    const gappy = analyse(METABOLIC_SYNDROME, 45).groups.flatMap((group) => group.coverage.flatMap((category) => category.coverages));
    expect(gappy.find((coverage) => coverage.code === '06_CVD')!.heldPercent).toBe(17);
    expect(gappy.find((coverage) => coverage.code === '07_IHD')!.heldPercent).toBe(67);
  });

  it('lists each gap once with every elevated group that makes it a risk, ranked by its most urgent group: HIGH before MODERATE, bad before normal, the group’s own category first, the least held first', () => {
    const result = analyse(METABOLIC_SYNDROME, 45);
    expect(risks(result)).toEqual([
      '06 bad: CEREBROVASCULAR',
      '11 bad: CEREBROVASCULAR CARDIAC METABOLIC KIDNEY',
      '03 normal: METABOLIC CEREBROVASCULAR CARDIAC KIDNEY',
      '07 normal: CARDIAC',
    ]);
    expect(result.openRisks.map((risk) => risk.rank)).toEqual([1, 2, 3, 4]);
    expect(result.openRisks[0]).toMatchObject({
      level: 'HIGH',
      levelLabel: '높음',
      categoryName: '뇌',
      status: 'bad',
      statusLabel: '부족',
    });
    expect(result.openRisks[0]!.groups).toEqual([
      {
        code: 'CEREBROVASCULAR',
        name: '뇌혈관질환',
        level: 'HIGH',
        levelLabel: '높음',
        primary: true,
        drivenBy: ['수축기 혈압', '공복혈당', 'HDL 콜레스테롤'],
      },
    ]);
    // the gap: the category's coverages short of their recommendation (뇌졸중진단비, held in full, is not)
    expect(result.openRisks[0]!.coverages).toEqual([
      expect.objectContaining({ code: '06_CVD', unit: 'LUMP_SUM', held: 5_000_000, recommended: 30_000_000, heldPercent: 17 }),
    ]);
    // 의료비 is the 당뇨·대사 group's own category, a general one for the others; KIDNEY is MODERATE
    expect(result.openRisks[2]!.groups.map((group) => `${group.code} ${group.level} ${group.primary}`)).toEqual([
      'METABOLIC HIGH true',
      'CEREBROVASCULAR HIGH false',
      'CARDIAC HIGH false',
      'KIDNEY MODERATE true',
    ]);
    // every pairing of an elevated group and a short category is in exactly one gap
    const pairs = result.groups.flatMap((group) =>
      ['HIGH', 'MODERATE'].includes(group.level)
        ? group.coverage
            .filter((category) => category.status !== 'good' && category.status !== null)
            .map((category) => `${group.code} ${category.categoryCode}`)
        : [],
    );
    expect(result.openRisks.flatMap((risk) => risk.groups.map((group) => `${group.code} ${risk.categoryCode}`)).sort()).toEqual(
      pairs.sort(),
    );
  });

  it('for several elevated groups sharing 의료비, 입원비 and 수술비 gaps lists 5 gaps for the 14 pairings, each coverage in its unit', () => {
    const result = analyse(METABOLIC_SYNDROME, 45, UNLIKE_UNIT_COVERAGES);
    expect(risks(result)).toEqual([
      '02 bad: CEREBROVASCULAR',
      '11 bad: CEREBROVASCULAR CARDIAC METABOLIC KIDNEY',
      '04 bad: CEREBROVASCULAR CARDIAC METABOLIC KIDNEY',
      '03 normal: METABOLIC CEREBROVASCULAR CARDIAC KIDNEY',
      '06 normal: CEREBROVASCULAR',
    ]);
    expect(result.openRisks.reduce((sum, risk) => sum + risk.groups.length, 0)).toBe(14);
    const coveragesOf = (code: string) =>
      result.openRisks
        .find((risk) => risk.categoryCode === code)!
        .coverages.map(
          (coverage) => `${coverage.code} ${coverage.held}/${coverage.recommended} ${coverage.unitLabel} ${coverage.heldPercent}%`,
        );
    expect(coveragesOf('02')).toEqual(['02_DSD 20000000/50000000 정액 40%', '02_CRD 0/100000 1일당 0%']);
    expect(coveragesOf('03')).toEqual(['03_HIN 30000000/50000000 연간 한도 60%', '03_HOT 100000/200000 회당 50%']);
    expect(coveragesOf('04')).toEqual(['04_DHD 10000/30000 1일당 33%', '04_AHD 20000/30000 1일당 67%']);
    expect(coveragesOf('11')).toEqual(['11_DSG 300000/1000000 수술 1회당 30%']);
    // no sum of any kind on a gap
    for (const risk of result.openRisks) for (const sum of ['held', 'recommended', 'heldPercent']) expect(risk).not.toHaveProperty(sum);
  });

  it('names a category the analysis has none of by the rules’ name, with no status, and never opens a risk on it', () => {
    const result = analyse(
      LIVER,
      45,
      GAPPY_COVERAGES.filter((coverage) => coverage.category_code !== '03'),
    );
    const liver = result.groups.find((group) => group.code === 'LIVER')!;
    expect(liver.coverage[0]).toMatchObject({
      categoryCode: '03',
      categoryName: '의료비',
      status: null,
      unit: null,
      held: null,
      heldPercent: null,
      coverages: [],
    });
    expect(risks(result)).toEqual(['11 bad: LIVER CANCER']);
  });

  it('reads a sandbox coverage analysis (every coverage of the catalogue for the age band)', () => {
    const analysis = sandboxAnalysis(TWENTY_CONTRACT_CUSTOMER);
    expect(analysis.coverages.length).toBeGreaterThanOrEqual(20);
    const result = buildMedicalAnalysis({ checkups: checkupsOf(METABOLIC_SYNDROME, 'M'), analysis, rules: RISK_RULES_2026_11 });
    const cardiac = result.groups.find((group) => group.code === 'CARDIAC')!;
    expect(cardiac.coverage[0]!.coverages.map((coverage) => coverage.code)).toEqual(
      analysis.coverages.filter((coverage) => coverage.category_code === '07').map((coverage) => coverage.coverage_code),
    );
  });
});

describe('medical analysis: trends', () => {
  const points = (...values: Array<number | string>) =>
    values.map((value, index) => ({
      year: 2020 + index,
      value,
      band: typeof value === 'string' ? (value === '양성' ? MeasurementBand.DiseaseSuspected : MeasurementBand.NormalA) : null,
    }));

  it('is SINGLE for one check-up, STABLE within 5 % of the mean over the years, RISING or FALLING beyond', () => {
    expect(trendOf(points(120), 0.05)).toBe('SINGLE');
    expect(trendOf(points(100, 102, 101, 104), 0.05)).toBe('STABLE');
    expect(trendOf(points(100, 103, 104, 106), 0.05)).toBe('RISING');
    expect(trendOf(points(90, 80, 70), 0.05)).toBe('FALLING');
    // a spike in the middle does not make a trend
    expect(trendOf(points(100, 140, 100), 0.05)).toBe('STABLE');
  });

  it('compares the bands of the first and last check-up for qualitative measurements', () => {
    expect(trendOf(points('음성', '음성', '양성'), 0.05)).toBe('RISING');
    expect(trendOf(points('양성', '음성'), 0.05)).toBe('FALLING');
  });
});
