import type { CheckupBand, MeasurementCode } from '../../checkups/checkup.js';

/**
 * A version of the medical risk rules as it is kept in the repository (`rules/v<version>/`) and
 * loaded into `medical_risk_rule_sets` by a migration of its own. Every weight, threshold and
 * category has its source (or is marked an assumption) in docs/sources/medical-risk-rules.md.
 */
export interface RiskRulesData {
  version: string;
  /** Points a measurement's judgement band adds, before its weight (NORMAL_A adds nothing). */
  bandPoints: Readonly<Record<CheckupBand, number>>;
  /** Points added to a driver (before its weight) whose series moves the wrong way and whose latest band is not NORMAL_A. */
  worseningPoints: number;
  /** Relative change over the series below which a trend is STABLE (0.05: under 5 % of the series' mean). */
  stableWithin: number;
  /** Disease groups, in report order. */
  groups: DiseaseGroupData[];
  /** Names of the coverage categories the groups name (the spec's list), for a category the analysis has no coverage of. */
  categoryNames: Readonly<Record<string, string>>;
  /** Names and units of the measurements the rules read, for reports. */
  measurements: Partial<Record<MeasurementCode, MeasurementInfoData>>;
}

export type WorseWhen = 'HIGHER' | 'LOWER';

export interface RiskDriverData {
  measurement: MeasurementCode;
  weight: number;
  /** Which way a value is worse: HIGHER for blood pressure, LOWER for HDL and eGFR. */
  worseWhen: WorseWhen;
}

export interface AgePointsData {
  /** From this age in full years (the analysis's `age`) on; the highest matching entry counts. */
  from: number;
  points: number;
}

export interface DiseaseGroupData {
  code: string;
  name: string;
  drivers: RiskDriverData[];
  agePoints: AgePointsData[];
  /** Score from which the level is MODERATE, and HIGH. */
  thresholds: { moderate: number; high: number };
  /** Coverage categories (catalogue codes) that pay for the group's diseases, the one most specific to it first. */
  categories: string[];
}

export interface MeasurementInfoData {
  name: string;
  /** Numeric measurements are charted (their bands from the check-ups' reference ranges); qualitative ones (요단백, 흉부촬영) only listed. */
  numeric: boolean;
}
