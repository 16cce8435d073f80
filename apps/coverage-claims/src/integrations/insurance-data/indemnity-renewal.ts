/**
 * How often a 실손의료비 contract renews (its premium recalculated), by the day it began: the standard
 * terms fixed the cycle and changed it twice. Sources and why in docs/decisions/coverage-analysis.md,
 * "실손 renewal". Newest first; `from` is YYYYMMDD.
 */
export const INDEMNITY_RENEWAL_CYCLES: ReadonlyArray<{ from: string; cycleYears: number | null }> = [
  // 표준형 실손 from April 2013 (2세대 후기), 3세대 from 2017-04, 4세대 from 2021-07: every year.
  { from: '20130401', cycleYears: 1 },
  // 2세대 표준화 실손, October 2009 to March 2013: every 3 years.
  { from: '20091001', cycleYears: 3 },
  // 1세대, before October 2009: 1 to 5 years, as each insurer wrote it: unknown.
  { from: '00000101', cycleYears: null },
];

/** The renewal cycle, in years, of a 실손의료비 contract begun on `startDate` (YYYYMMDD); null when the terms of then left it to the insurer. */
export function indemnityRenewalCycle(startDate: string): number | null {
  return INDEMNITY_RENEWAL_CYCLES.find((era) => startDate >= era.from)!.cycleYears;
}
