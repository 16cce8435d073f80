import {
  MedicalAnalysisSource,
  type ChartBandDto,
  type CoverageAnalysisDto,
  type MedicalReportDto,
  type RiskGroupDto,
  type RiskMatrixDto,
  type TrendChartDto,
} from '#contracts';
import { reportContentOf, type ReportCustomerSummary } from '../../../coverage-analysis/report/coverage-report.service.js';
import { CheckupBand, type Checkup, type MeasurementCode } from '../../checkups/checkup.js';
import type { BandInterval, ReferenceRange, ReferenceRangeLookup } from '../../checkups/reference-ranges/reference-ranges.js';
import { buildMedicalAnalysis, isOpenRisk, measurementSeries } from '../model/medical-analysis.js';
import type { RiskRulesData } from '../rules/risk-rules-data.js';

export const MEDICAL_REPORT_TITLE = '건강검진 연계 보장분석 리포트';

/** What the report says instead of the risk model when the customer has no check-up. */
export const NO_CHECKUPS_NOTICE =
  '조회된 건강검진 기록이 없어 질병군별 위험도를 판정하지 못했습니다. 아래 보장 현황은 보장분석 결과만으로 작성되었습니다.';

export interface MedicalReportInput {
  seq: string;
  /** The coverage analysis payload the report reads: set with set-analysis, or the stored one. */
  analysis: CoverageAnalysisDto;
  source: MedicalAnalysisSource;
  /** When the set-analysis payload was received; null for the stored analysis. */
  receivedAt: Date | null;
  /** The stored customer (name in clear: masked here; phone already masked). */
  customer: ReportCustomerSummary;
  /** Year ascending; [] when none. */
  checkups: readonly Checkup[];
  rules: RiskRulesData;
  /** The check-ups' reference-range table in force: the charts shade its bands. */
  referenceRanges: ReferenceRangeLookup;
  generatedAt: Date;
}

/**
 * What the medical report shows, for the PDF and the JSON alike (docs/decisions/medical-analysis.md,
 * "Reports"). Pure. The customer block and the coverage table are the coverage report's
 * (reportContentOf): the name masked the same way, the phone only masked.
 */
export function medicalReportContentOf(input: MedicalReportInput): MedicalReportDto {
  const coverageReport = reportContentOf(input.analysis, input.customer, input.generatedAt, null);
  const medical = buildMedicalAnalysis({ checkups: input.checkups, analysis: input.analysis, rules: input.rules });
  const latest = input.checkups.length > 0 ? input.checkups.reduce((a, b) => (b.year >= a.year ? b : a)) : null;
  return {
    title: MEDICAL_REPORT_TITLE,
    seq: input.seq,
    inquiryDate: input.analysis.inquiry_time,
    generatedAt: input.generatedAt.toISOString(),
    customer: coverageReport.customer,
    analysisSource: input.source,
    analysisReceivedAt: input.receivedAt?.toISOString() ?? null,
    checkups: {
      count: input.checkups.length,
      years: medical.checkupYears,
      latestExaminedOn: latest?.examinedOn ?? null,
      notice: input.checkups.length === 0 ? NO_CHECKUPS_NOTICE : null,
    },
    ruleVersion: medical.ruleVersion,
    openRisks: medical.openRisks,
    matrix: matrixOf(medical.groups),
    groups: medical.groups,
    charts: chartsOf(input.checkups, medical.groups, input.rules, input.referenceRanges, input.customer.gender),
    coverageTable: coverageReport.categories,
  };
}

/** Groups against every category some group reads (in code order, the catalogue's). */
function matrixOf(groups: readonly RiskGroupDto[]): RiskMatrixDto {
  const names = new Map<string, string>();
  for (const group of groups) for (const category of group.coverage) names.set(category.categoryCode, category.categoryName);
  const categories = [...names.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([code, name]) => ({ code, name }));
  return {
    categories,
    rows: groups.map((group) => ({
      groupCode: group.code,
      groupName: group.name,
      level: group.level,
      cells: categories.map(({ code }) => {
        const category = group.coverage.find((entry) => entry.categoryCode === code);
        return {
          categoryCode: code,
          related: category !== undefined,
          status: category?.status ?? null,
          open: category !== undefined && isOpenRisk(group.level, category.status),
        };
      }),
    })),
  };
}

/** One chart per numeric measurement the groups read, in the order they first appear, if the check-ups hold it. */
function chartsOf(
  checkups: readonly Checkup[],
  groups: readonly RiskGroupDto[],
  rules: RiskRulesData,
  referenceRanges: ReferenceRangeLookup,
  gender: string,
): TrendChartDto[] {
  const series = measurementSeries(checkups);
  const codes = [...new Set(groups.flatMap((group) => group.drivers.map((driver) => driver.code as MeasurementCode)))];
  return codes.flatMap((code): TrendChartDto[] => {
    const measured = series.get(code);
    if (!rules.measurements[code]?.numeric || !measured || !measured.points.every((point) => typeof point.value === 'number')) return [];
    const range = referenceRanges.rangeOf(code, gender === 'F' ? 'F' : 'M');
    return [{ code, name: rules.measurements[code].name, unit: measured.unit, series: measured.points, bands: chartBandsOf(range) }];
  });
}

/**
 * A numeric reference range as value intervals per band, for shading: its 정상A and 정상B intervals,
 * and 질환의심 in the gaps they leave. Whether a bound is included does not show on a chart and is
 * dropped (each point carries the band it was judged).
 */
export function chartBandsOf(range: ReferenceRange | undefined): ChartBandDto[] {
  if (range?.rule.kind !== 'NUMERIC') return [];
  const interval = (band: CheckupBand) => (bounds: BandInterval) => ({
    band: band as unknown as ChartBandDto['band'],
    from: bounds.atLeast ?? bounds.above ?? null,
    to: bounds.below ?? bounds.atMost ?? null,
  });
  const normal = [
    ...range.rule.normalA.map(interval(CheckupBand.NormalA)),
    ...range.rule.borderline.map(interval(CheckupBand.Borderline)),
  ].sort((a, b) => (a.from ?? -Infinity) - (b.from ?? -Infinity));
  const bands: ChartBandDto[] = [];
  let covered: number | null = null; // the upper end of what is shaded so far; null before anything (−∞)
  let started = false;
  for (const entry of normal) {
    if (!started ? entry.from !== null : entry.from !== null && covered !== null && entry.from > covered) {
      bands.push({ band: CheckupBand.DiseaseSuspected as unknown as ChartBandDto['band'], from: started ? covered : null, to: entry.from });
    }
    bands.push(entry);
    started = true;
    covered = entry.to;
    if (covered === null) return bands;
  }
  bands.push({ band: CheckupBand.DiseaseSuspected as unknown as ChartBandDto['band'], from: covered, to: null });
  return bands;
}
