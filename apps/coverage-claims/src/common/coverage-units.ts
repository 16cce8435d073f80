import { COVERAGE_UNIT_LABELS, CoverageUnit } from '#contracts';

// What each catalogue coverage's amount is per (docs/decisions/coverage-insights.md, "Units"). A
// report shows every amount with its unit and never adds amounts of unlike units (a 5,000만원 yearly
// 실손 limit and a 20만원 per-visit one are two figures, not 5,020만원). Keyed by catalogue code, which a
// catalogue version never reuses for another coverage; a code not listed is a lump sum.

const UNITS: Readonly<Record<string, CoverageUnit>> = {
  '02_CRD': CoverageUnit.PerDay,
  '03_HIN': CoverageUnit.PerYear,
  '03_HOT': CoverageUnit.PerVisit,
  '04_DHD': CoverageUnit.PerDay,
  '04_AHD': CoverageUnit.PerDay,
  '09_FIN': CoverageUnit.PerAccident,
  '09_FIP': CoverageUnit.PerAccident,
  '09_TAS': CoverageUnit.PerAccident,
  '09_LAW': CoverageUnit.PerAccident,
  '10_LIA': CoverageUnit.PerAccident,
  '10_FFN': CoverageUnit.PerAccident,
  '11_DSG': CoverageUnit.PerOperation,
  '11_ASG': CoverageUnit.PerOperation,
  '13_PRS': CoverageUnit.PerTooth,
  '13_CNS': CoverageUnit.PerTooth,
};

/** The unit of a catalogue coverage's amount: a lump sum unless listed. */
export function unitOf(coverageCode: string): CoverageUnit {
  return UNITS[coverageCode] ?? CoverageUnit.LumpSum;
}

export function unitLabelOf(coverageCode: string): string {
  return COVERAGE_UNIT_LABELS[unitOf(coverageCode)];
}
