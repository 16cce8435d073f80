import {
  COVERAGE_STATUS_NAMES,
  COVERAGE_UNIT_LABELS,
  CoverageStatusCode,
  MeasurementBand,
  MeasurementTrend,
  RiskLevel,
  type AnalysisCoverageDto,
  type CoverageAnalysisDto,
  type CoverageUnit,
  type MedicalAnalysisDto,
  type MeasurementPointDto,
  type OpenRiskDto,
  type RiskCategoryCoverageDto,
  type RiskCoverageDto,
  type RiskDriverDto,
  type RiskGroupDto,
} from '#contracts';
import { roundedPercent } from '../../../common/percent.js';
import { unitOf } from '../../../common/coverage-units.js';
import { CheckupBand, type Checkup, type MeasurementCode } from '../../checkups/checkup.js';
import type { DiseaseGroupData, RiskDriverData, RiskRulesData } from '../rules/risk-rules-data.js';

// The medical analysis (docs/decisions/medical-analysis.md, "The model"): per disease group a level from the
// check-ups' measurements and the customer's age, set against the coverage of the categories that
// pay for it. Pure: the same check-ups, analysis and rules give the same result.

// The contract's band enum and the check-up's are the same strings; this fails to compile if they part.
const SAME_BANDS: Record<CheckupBand, MeasurementBand> = {
  [CheckupBand.NormalA]: MeasurementBand.NormalA,
  [CheckupBand.Borderline]: MeasurementBand.Borderline,
  [CheckupBand.DiseaseSuspected]: MeasurementBand.DiseaseSuspected,
};

export const BAND_LABELS: Readonly<Record<MeasurementBand, string>> = {
  [MeasurementBand.NormalA]: '정상A',
  [MeasurementBand.Borderline]: '정상B(경계)',
  [MeasurementBand.DiseaseSuspected]: '질환의심',
};

export const LEVELS: Readonly<Record<RiskLevel, { label: string; color: string }>> = {
  [RiskLevel.High]: { label: '높음', color: '#C62828' },
  [RiskLevel.Moderate]: { label: '주의', color: '#F0A202' },
  [RiskLevel.Low]: { label: '낮음', color: '#2E7D32' },
  [RiskLevel.Unknown]: { label: '판정 불가', color: '#9AA0A6' },
};

const TREND_LABELS: Readonly<Record<MeasurementTrend, string>> = {
  [MeasurementTrend.Rising]: '상승',
  [MeasurementTrend.Falling]: '하강',
  [MeasurementTrend.Stable]: '유지',
  [MeasurementTrend.Single]: '1회 측정',
};

const LEVEL_ORDER: Readonly<Record<RiskLevel, number>> = {
  [RiskLevel.High]: 0,
  [RiskLevel.Moderate]: 1,
  [RiskLevel.Low]: 2,
  [RiskLevel.Unknown]: 3,
};
const STATUS_ORDER: Readonly<Record<CoverageStatusCode, number>> = {
  [CoverageStatusCode.Bad]: 0,
  [CoverageStatusCode.Normal]: 1,
  [CoverageStatusCode.Good]: 2,
};
const BAND_RANK: Readonly<Record<MeasurementBand, number>> = {
  [MeasurementBand.NormalA]: 0,
  [MeasurementBand.Borderline]: 1,
  [MeasurementBand.DiseaseSuspected]: 2,
};

export interface MedicalAnalysisInput {
  /** The customer's check-ups, year ascending ([] when none). */
  checkups: readonly Checkup[];
  /** The coverage analysis (the spec's payload): its `age` and `coverages` are read. */
  analysis: Pick<CoverageAnalysisDto, 'age' | 'coverages'>;
  rules: RiskRulesData;
}

/** One measurement over the years, with its unit as the latest check-up writes it. */
export interface MeasurementSeries {
  unit: string | null;
  points: MeasurementPointDto[];
}

/** Every measurement of the check-ups as a series, year ascending. */
export function measurementSeries(checkups: readonly Checkup[]): Map<MeasurementCode, MeasurementSeries> {
  const series = new Map<MeasurementCode, MeasurementSeries>();
  const ordered = [...checkups].sort((a, b) => a.year - b.year);
  for (const checkup of ordered) {
    for (const measurement of checkup.measurements) {
      let entry = series.get(measurement.code);
      if (entry === undefined) {
        entry = { unit: measurement.unit, points: [] };
        series.set(measurement.code, entry);
      }
      entry.unit = measurement.unit;
      entry.points.push({
        year: checkup.year,
        value: measurement.value,
        band: measurement.band === null ? null : SAME_BANDS[measurement.band],
      });
    }
  }
  return series;
}

export function buildMedicalAnalysis({ checkups, analysis, rules }: MedicalAnalysisInput): MedicalAnalysisDto {
  const series = measurementSeries(checkups);
  const coveragesByCategory = groupByCategory(analysis.coverages);
  const groups = rules.groups.map((group) => groupOf(group, series, coveragesByCategory, analysis.age, rules));
  return {
    ruleVersion: rules.version,
    checkupYears: [...new Set(checkups.map((checkup) => checkup.year))].sort((a, b) => a - b),
    groups,
    openRisks: openRisksOf(groups),
  };
}

function groupOf(
  group: DiseaseGroupData,
  series: ReadonlyMap<MeasurementCode, MeasurementSeries>,
  coveragesByCategory: ReadonlyMap<string, AnalysedCategory>,
  age: number,
  rules: RiskRulesData,
): RiskGroupDto {
  const drivers = group.drivers.flatMap((driver) => {
    const measured = series.get(driver.measurement);
    return measured && measured.points.length > 0 ? [driverOf(driver, measured, rules)] : [];
  });
  const agePoints = group.agePoints.reduce((points, entry) => (age >= entry.from ? Math.max(points, entry.points) : points), 0);
  const score = drivers.reduce((sum, driver) => sum + driver.points, agePoints);
  const level =
    drivers.length === 0
      ? RiskLevel.Unknown
      : score >= group.thresholds.high
        ? RiskLevel.High
        : score >= group.thresholds.moderate
          ? RiskLevel.Moderate
          : RiskLevel.Low;
  return {
    code: group.code,
    name: group.name,
    level,
    levelLabel: LEVELS[level].label,
    levelColor: LEVELS[level].color,
    score,
    agePoints,
    drivers,
    coverage: group.categories.map((code, index) =>
      categoryCoverageOf(code, rules.categoryNames[code] ?? code, index === 0, coveragesByCategory.get(code)),
    ),
  };
}

function driverOf(driver: RiskDriverData, measured: MeasurementSeries, rules: RiskRulesData): RiskDriverDto {
  const latest = measured.points[measured.points.length - 1]!;
  const trend = trendOf(measured.points, rules.stableWithin);
  const worsening =
    typeof latest.value === 'number'
      ? (trend === MeasurementTrend.Rising && driver.worseWhen === 'HIGHER') ||
        (trend === MeasurementTrend.Falling && driver.worseWhen === 'LOWER')
      : trend === MeasurementTrend.Rising;
  const bandPoints = latest.band === null ? 0 : rules.bandPoints[latest.band as unknown as CheckupBand];
  const worseningPoints = worsening && latest.band !== null && latest.band !== MeasurementBand.NormalA ? rules.worseningPoints : 0;
  return {
    code: driver.measurement,
    name: rules.measurements[driver.measurement]?.name ?? driver.measurement,
    unit: measured.unit,
    latestYear: latest.year,
    latestValue: latest.value,
    band: latest.band,
    bandLabel: latest.band === null ? null : BAND_LABELS[latest.band],
    trend,
    trendLabel: TREND_LABELS[trend],
    worsening,
    points: driver.weight * (bandPoints + worseningPoints),
    series: measured.points,
  };
}

/**
 * Numeric series: the least-squares slope over the years, times the years covered, against the
 * series' mean; within `stableWithin` of it is STABLE. Qualitative series: the band of the last
 * check-up against the first (a worse band is RISING).
 */
export function trendOf(points: readonly MeasurementPointDto[], stableWithin: number): MeasurementTrend {
  if (points.length < 2) return MeasurementTrend.Single;
  if (points.every((point) => typeof point.value === 'number')) {
    const n = points.length;
    const meanYear = points.reduce((sum, point) => sum + point.year, 0) / n;
    const mean = points.reduce((sum, point) => sum + (point.value as number), 0) / n;
    let covariance = 0;
    let variance = 0;
    for (const point of points) {
      covariance += (point.year - meanYear) * ((point.value as number) - mean);
      variance += (point.year - meanYear) ** 2;
    }
    if (variance === 0) return MeasurementTrend.Stable;
    const change = (covariance / variance) * (points[n - 1]!.year - points[0]!.year);
    const relative = mean === 0 ? change : change / Math.abs(mean);
    if (Math.abs(relative) < stableWithin) return MeasurementTrend.Stable;
    return relative > 0 ? MeasurementTrend.Rising : MeasurementTrend.Falling;
  }
  const rank = (point: MeasurementPointDto) => (point.band === null ? null : BAND_RANK[point.band]);
  const ranked = points.map(rank).filter((value): value is number => value !== null);
  if (ranked.length < 2) return MeasurementTrend.Stable;
  const delta = ranked[ranked.length - 1]! - ranked[0]!;
  return delta > 0 ? MeasurementTrend.Rising : delta < 0 ? MeasurementTrend.Falling : MeasurementTrend.Stable;
}

/** A category's coverages in the analysis, each read once (several groups read the same category). */
interface AnalysedCategory {
  name: string;
  coverages: RiskCoverageDto[];
}

function groupByCategory(coverages: readonly AnalysisCoverageDto[]): Map<string, AnalysedCategory> {
  const byCategory = new Map<string, AnalysedCategory>();
  for (const coverage of coverages) {
    const category = byCategory.get(coverage.category_code);
    if (category) category.coverages.push(coverageOf(coverage));
    else byCategory.set(coverage.category_code, { name: coverage.category_name, coverages: [coverageOf(coverage)] });
  }
  return byCategory;
}

/**
 * A category's coverages, each with its unit; summed only when they are all of one unit (amounts of
 * unlike units do not add up: a yearly 실손 limit and a per-visit one). Its status is the worst of
 * theirs (a gap in one coverage is a gap).
 */
function categoryCoverageOf(
  code: string,
  fallbackName: string,
  primary: boolean,
  analysed: AnalysedCategory | undefined,
): RiskCategoryCoverageDto {
  const coverages = analysed?.coverages ?? [];
  const units = new Set(coverages.map((coverage) => coverage.unit));
  const unit: CoverageUnit | null = units.size === 1 ? coverages[0]!.unit : null;
  const held = unit === null ? null : coverages.reduce((sum, coverage) => sum + coverage.held, 0);
  const recommended = unit === null ? null : coverages.reduce((sum, coverage) => sum + coverage.recommended, 0);
  const status = coverages.reduce<CoverageStatusCode | null>(
    (worst, coverage) => (worst === null || STATUS_ORDER[coverage.status] < STATUS_ORDER[worst] ? coverage.status : worst),
    null,
  );
  return {
    categoryCode: code,
    categoryName: analysed?.name ?? fallbackName,
    primary,
    unit,
    unitLabel: unit === null ? null : COVERAGE_UNIT_LABELS[unit],
    held,
    recommended,
    heldPercent: held === null || recommended === null ? null : roundedPercent(held, recommended),
    status,
    statusLabel: status === null ? null : COVERAGE_STATUS_NAMES[status],
    coverages,
  };
}

function coverageOf(coverage: AnalysisCoverageDto): RiskCoverageDto {
  const unit = unitOf(coverage.coverage_code);
  return {
    code: coverage.coverage_code,
    name: coverage.coverage_name,
    unit,
    unitLabel: COVERAGE_UNIT_LABELS[unit],
    held: coverage.amount,
    recommended: coverage.recommend,
    heldPercent: roundedPercent(coverage.amount, coverage.recommend),
    status: coverage.status_code,
    statusLabel: COVERAGE_STATUS_NAMES[coverage.status_code],
  };
}

/** True when a group's level and a category's status make an open risk. */
export function isOpenRisk(level: RiskLevel, status: CoverageStatusCode | null): boolean {
  return (
    (level === RiskLevel.High || level === RiskLevel.Moderate) &&
    (status === CoverageStatusCode.Bad || status === CoverageStatusCode.Normal)
  );
}

/** The coverages of a category that are short (bad or normal): the gap. */
const shortOf = (category: RiskCategoryCoverageDto) => category.coverages.filter((coverage) => coverage.status !== CoverageStatusCode.Good);

/** How much of its recommendation the least held of the gap's coverages holds, each in its own unit; Infinity when none is recommended. */
function leastHeld(category: RiskCategoryCoverageDto): number {
  return shortOf(category).reduce(
    (least, coverage) => (coverage.recommended > 0 ? Math.min(least, coverage.held / coverage.recommended) : least),
    Infinity,
  );
}

/**
 * The coverage gaps: each category that pays for an elevated group (MODERATE, HIGH) and whose status is
 * bad or normal, once, with every elevated group it pays for. Ranked by its most urgent pairing of
 * group and category: HIGH before MODERATE, bad before normal, the group's own category before the
 * general ones, the least held coverage (in % of its own recommendation) first, then the rules' group
 * and category order. Its groups are listed in the same order; its coverages are the short ones.
 */
function openRisksOf(groups: readonly RiskGroupDto[]): OpenRiskDto[] {
  const pairs = groups.flatMap((group, groupIndex) =>
    group.coverage
      .map((category, categoryIndex) => ({ group, groupIndex, category, categoryIndex, leastHeld: leastHeld(category) }))
      .filter(({ category }) => isOpenRisk(group.level, category.status)),
  );
  pairs.sort(
    (a, b) =>
      LEVEL_ORDER[a.group.level] - LEVEL_ORDER[b.group.level] ||
      STATUS_ORDER[a.category.status!] - STATUS_ORDER[b.category.status!] ||
      Number(b.category.primary) - Number(a.category.primary) ||
      a.leastHeld - b.leastHeld ||
      a.groupIndex - b.groupIndex ||
      a.categoryIndex - b.categoryIndex,
  );
  const gaps = new Map<string, OpenRiskDto>();
  for (const { group, category } of pairs) {
    let gap = gaps.get(category.categoryCode);
    if (gap === undefined) {
      gap = {
        rank: gaps.size + 1,
        categoryCode: category.categoryCode,
        categoryName: category.categoryName,
        status: category.status!,
        statusLabel: category.statusLabel!,
        level: group.level,
        levelLabel: group.levelLabel,
        groups: [],
        coverages: shortOf(category),
      };
      gaps.set(category.categoryCode, gap);
    }
    gap.groups.push({
      code: group.code,
      name: group.name,
      level: group.level,
      levelLabel: group.levelLabel,
      primary: category.primary,
      drivenBy: group.drivers.filter((driver) => driver.points > 0).map((driver) => driver.name),
    });
  }
  return [...gaps.values()];
}
