import { CheckupBand, type MeasurementCode } from '../checkup.js';

/** A customer's sex as the ranges distinguish it (the Gender codes). */
export type Sex = 'M' | 'F';

/**
 * One interval of a numeric band. Every bound given must hold: `atLeast` ≤ value, `above` < value,
 * value < `below`, value ≤ `atMost`. Stating both ends as the source states them (≤ 40, 41–50) leaves
 * no gap between bands for values in between (40.5 is above 40).
 */
export interface BandInterval {
  atLeast?: number;
  above?: number;
  below?: number;
  atMost?: number;
}

/**
 * How a measurement is judged: a number against the intervals of 정상A and 정상B (anything else is
 * 질환의심); a word of the 통보서 through a table; or not at all (height, weight, vision).
 */
export type ReferenceRule =
  | { kind: 'NUMERIC'; normalA: BandInterval[]; borderline: BandInterval[] }
  | { kind: 'QUALITATIVE'; words: Record<string, CheckupBand> }
  | { kind: 'NOT_JUDGED' };

/** One measurement's reference range, for one sex or both (`sex` absent). */
export interface ReferenceRange {
  code: MeasurementCode;
  sex?: Sex;
  /** As the 결과 통보서 names it. */
  name: string;
  unit: string | null;
  rule: ReferenceRule;
  /** Where the figures come from (docs/sources/checkup-reference-ranges.md has the full references). */
  source: string;
}

/** A version of the reference-range table, as its folder holds it (`v2026-11/`). */
export interface ReferenceRangeTable {
  version: string;
  ranges: ReferenceRange[];
}

/** A loaded table, per code and sex: what judgement reads. */
export interface ReferenceRangeLookup {
  version: string;
  /** The range of a code for a sex; undefined only for a code the version does not know. */
  rangeOf(code: MeasurementCode, sex: Sex): ReferenceRange | undefined;
}

export const BAND_LABELS: Readonly<Record<CheckupBand, string>> = {
  [CheckupBand.NormalA]: '정상A',
  [CheckupBand.Borderline]: '정상B(경계)',
  [CheckupBand.DiseaseSuspected]: '질환의심',
};

export function lookupOf(table: ReferenceRangeTable): ReferenceRangeLookup {
  const byKey = new Map<string, ReferenceRange>();
  for (const range of table.ranges) {
    for (const sex of range.sex ? [range.sex] : (['M', 'F'] as const)) byKey.set(`${range.code}:${sex}`, range);
  }
  return { version: table.version, rangeOf: (code, sex) => byKey.get(`${code}:${sex}`) };
}

function within(value: number, interval: BandInterval): boolean {
  return (
    (interval.atLeast === undefined || value >= interval.atLeast) &&
    (interval.above === undefined || value > interval.above) &&
    (interval.below === undefined || value < interval.below) &&
    (interval.atMost === undefined || value <= interval.atMost)
  );
}

/**
 * The band of one value under a rule. A number outside 정상A and 정상B is 질환의심; a value of the
 * wrong kind (a word for a numeric rule, a word the table does not list) is not judged (null) rather
 * than guessed.
 */
export function judge(rule: ReferenceRule, value: number | string): CheckupBand | null {
  switch (rule.kind) {
    case 'NOT_JUDGED':
      return null;
    case 'QUALITATIVE':
      return typeof value === 'string' ? (rule.words[value] ?? null) : null;
    case 'NUMERIC':
      if (typeof value !== 'number' || !Number.isFinite(value)) return null;
      if (rule.normalA.some((interval) => within(value, interval))) return CheckupBand.NormalA;
      if (rule.borderline.some((interval) => within(value, interval))) return CheckupBand.Borderline;
      return CheckupBand.DiseaseSuspected;
  }
}
