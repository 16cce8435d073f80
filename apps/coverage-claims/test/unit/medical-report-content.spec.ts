import { MedicalAnalysisSource, RiskLevel, type CoverageAnalysisDto } from '#contracts';
import {
  chartBandsOf,
  medicalReportContentOf,
  NO_CHECKUPS_NOTICE,
  type MedicalReportInput,
} from '../../src/medical/analysis/report/medical-report-content.js';
import { RISK_RULES_2026_11 } from '../../src/medical/analysis/rules/v2026-11/index.js';
import { GENERATED_AT, sandboxAnalysis, TWENTY_CONTRACT_CUSTOMER } from '../support/coverage-report-fixtures.js';
import {
  checkupsOf,
  REFERENCE_RANGES,
  GAPPY_COVERAGES,
  HEALTHY,
  METABOLIC_SYNDROME,
  UNLIKE_UNIT_COVERAGES,
} from '../support/medical-fixtures.js';

const analysis: CoverageAnalysisDto = { ...sandboxAnalysis(TWENTY_CONTRACT_CUSTOMER), coverages: GAPPY_COVERAGES };
const input = (overrides: Partial<MedicalReportInput> = {}): MedicalReportInput => ({
  seq: '019ab3c4-5d6e-7f80-9a1b-2c3d4e5f6a7b',
  analysis,
  source: MedicalAnalysisSource.StoredAnalysis,
  receivedAt: null,
  customer: { name: '홍길동', birthDate: '19850315', gender: 'M', maskedPhone: '010-****-1027' },
  checkups: checkupsOf(METABOLIC_SYNDROME, 'M'),
  rules: RISK_RULES_2026_11,
  referenceRanges: REFERENCE_RANGES,
  generatedAt: GENERATED_AT,
  ...overrides,
});

describe('medical report content', () => {
  it('masks the customer as the coverage report does and carries no clear name or phone', () => {
    const content = medicalReportContentOf(input());
    expect(content.customer).toMatchObject({ name: '홍*동', phone: '010-****-1027', birthDate: '1985-03-15', genderLabel: '남' });
    const json = JSON.stringify(content);
    expect(json).not.toContain('홍길동');
    expect(json).not.toContain(analysis.phone_number);
  });

  it('names its source: the set-analysis payload with when it was received, or the stored analysis', () => {
    const receivedAt = new Date('2026-11-21T09:31:00.000Z');
    expect(medicalReportContentOf(input({ source: MedicalAnalysisSource.SetAnalysis, receivedAt }))).toMatchObject({
      analysisSource: 'SET_ANALYSIS',
      analysisReceivedAt: '2026-11-21T09:31:00.000Z',
    });
    expect(medicalReportContentOf(input())).toMatchObject({ analysisSource: 'STORED_ANALYSIS', analysisReceivedAt: null });
  });

  it('summarises the check-ups and draws one chart per numeric measurement the groups read, with the series and the bands', () => {
    const content = medicalReportContentOf(input({ checkups: checkupsOf(METABOLIC_SYNDROME, 'M', 2017, 2025, 2) }));
    expect(content.checkups).toEqual({ count: 5, years: [2017, 2019, 2021, 2023, 2025], latestExaminedOn: '2025-10-14', notice: null });
    expect(content.charts.map((chart) => chart.code)).toEqual([
      'SYSTOLIC_BP',
      'DIASTOLIC_BP',
      'FASTING_GLUCOSE',
      'LDL_CHOLESTEROL',
      'HDL_CHOLESTEROL',
      'TRIGLYCERIDES',
      'WAIST',
      'GGT',
      'BMI',
      'ALT',
      'AST',
      'EGFR',
      'SERUM_CREATININE',
    ]);
    const waist = content.charts.find((chart) => chart.code === 'WAIST')!;
    expect(waist.series.map((point) => point.year)).toEqual([2017, 2019, 2021, 2023, 2025]);
    expect(waist.bands).toEqual([
      { band: 'NORMAL_A', from: null, to: 90 },
      { band: 'DISEASE_SUSPECTED', from: 90, to: null },
    ]);
    // a woman's chart is shaded with women's cuts
    const female = medicalReportContentOf(
      input({ customer: { name: '김하늘', birthDate: '19920704', gender: 'F', maskedPhone: '010-****-1018' } }),
    );
    expect(female.charts.find((chart) => chart.code === 'WAIST')!.bands[0]).toEqual({ band: 'NORMAL_A', from: null, to: 85 });
  });

  it('sets groups against categories in a matrix: related cells carry the status, open cells are the open risks', () => {
    const content = medicalReportContentOf(input());
    expect(content.matrix.categories.map((category) => `${category.code} ${category.name}`)).toEqual([
      '02 장해·간병',
      '03 의료비',
      '04 입원비',
      '05 암',
      '06 뇌',
      '07 심장',
      '11 수술비',
    ]);
    const cerebro = content.matrix.rows.find((row) => row.groupCode === 'CEREBROVASCULAR')!;
    expect(cerebro.cells.find((cell) => cell.categoryCode === '06')).toEqual({
      categoryCode: '06',
      related: true,
      status: 'bad',
      open: true,
    });
    expect(cerebro.cells.find((cell) => cell.categoryCode === '07')).toEqual({
      categoryCode: '07',
      related: false,
      status: null,
      open: false,
    });
    const openCells = content.matrix.rows.flatMap((row) =>
      row.cells.filter((cell) => cell.open).map((cell) => `${row.groupCode} ${cell.categoryCode}`),
    );
    expect(openCells.sort()).toEqual(
      content.openRisks.flatMap((risk) => risk.groups.map((group) => `${group.code} ${risk.categoryCode}`)).sort(),
    );
  });

  it('lists the gaps once each, every coverage with its own amounts and unit, never a sum of unlike units', () => {
    const content = medicalReportContentOf(input({ analysis: { ...analysis, coverages: UNLIKE_UNIT_COVERAGES } }));
    expect(content.openRisks.map((risk) => `${risk.rank} ${risk.categoryName} (${risk.groups.length})`)).toEqual([
      '1 장해·간병 (1)',
      '2 수술비 (4)',
      '3 입원비 (4)',
      '4 의료비 (4)',
      '5 뇌 (1)',
    ]);
    const medical = content.openRisks.find((risk) => risk.categoryCode === '03')!;
    expect(medical.coverages.map((coverage) => [coverage.name, coverage.held, coverage.recommended, coverage.unitLabel])).toEqual([
      ['실손의료비(입원)', 30_000_000, 50_000_000, '연간 한도'],
      ['실손의료비(통원)', 100_000, 200_000, '회당'],
    ]);
    // no figure of the medical analysis adds the two (5,020만 recommended, 3,010만 held)
    const json = JSON.stringify({ openRisks: content.openRisks, groups: content.groups });
    expect(json).not.toContain('50200000');
    expect(json).not.toContain('30100000');
    expect(json).not.toContain('50100000'); // 장해·간병: 5,000만 lump sum + 10만 a day
  });

  it('for a customer without check-ups says so, leaves charts and open risks empty, and still shows the coverage', () => {
    const content = medicalReportContentOf(input({ checkups: [] }));
    expect(content.checkups).toEqual({ count: 0, years: [], latestExaminedOn: null, notice: NO_CHECKUPS_NOTICE });
    expect(content.charts).toEqual([]);
    expect(content.openRisks).toEqual([]);
    expect(content.groups.every((group) => group.level === RiskLevel.Unknown)).toBe(true);
    expect(content.coverageTable.flatMap((category) => category.coverages)).toHaveLength(GAPPY_COVERAGES.length);
  });

  it('a healthy customer has every group LOW and no open risk, charts still drawn', () => {
    const content = medicalReportContentOf(input({ checkups: checkupsOf(HEALTHY, 'M') }));
    expect(content.openRisks).toEqual([]);
    expect(content.charts.length).toBe(13);
  });

  it('shades the charts with the check-ups’ reference ranges: 정상A and 정상B as given, 질환의심 in the gaps they leave', () => {
    const bands = (code: Parameters<typeof REFERENCE_RANGES.rangeOf>[0], sex: 'M' | 'F' = 'M') =>
      chartBandsOf(REFERENCE_RANGES.rangeOf(code, sex)).map((band) => `${band.band} ${band.from ?? '-∞'}..${band.to ?? '∞'}`);
    expect(bands('SYSTOLIC_BP')).toEqual(['NORMAL_A -∞..120', 'NORMAL_B 120..140', 'DISEASE_SUSPECTED 140..∞']);
    expect(bands('HDL_CHOLESTEROL')).toEqual(['DISEASE_SUSPECTED -∞..40', 'NORMAL_B 40..60', 'NORMAL_A 60..∞']);
    expect(bands('BMI')).toEqual(['NORMAL_B -∞..18.5', 'NORMAL_A 18.5..25', 'NORMAL_B 25..30', 'DISEASE_SUSPECTED 30..∞']);
    expect(bands('EGFR')).toEqual(['DISEASE_SUSPECTED -∞..60', 'NORMAL_A 60..∞']);
    expect(bands('WAIST', 'F')).toEqual(['NORMAL_A -∞..85', 'DISEASE_SUSPECTED 85..∞']);
    // qualitative and unjudged measurements have none
    expect(bands('URINE_PROTEIN')).toEqual([]);
    expect(bands('HEIGHT')).toEqual([]);
  });
});
