import type { NhisCheckup } from '../../integrations/nhis/nhis.port.js';
import type { Checkup } from './checkup.js';
import { judge, type ReferenceRangeLookup, type Sex } from './reference-ranges/reference-ranges.js';

/** Check-ups kept per customer: those of the last ten calendar years (the consent says 최근 10년간). */
export const MAX_CHECKUP_YEARS = 10;

/**
 * The source's check-ups judged against the reference ranges for the customer's sex: one per year
 * (the latest examination of a year when the source reports two), only years within the last ten
 * calendar years up to `currentYear` (whatever the source sends: most people are examined every
 * other year, so ten records can span twenty), oldest first. A measurement the table does not know,
 * or given in another unit than the table's, is kept unjudged (band null): 88 µmol/L of creatinine
 * is normal, 88 mg/dL is not.
 */
export function judgeCheckups(checkups: NhisCheckup[], ranges: ReferenceRangeLookup, sex: Sex, currentYear: number): Checkup[] {
  const byYear = new Map<number, NhisCheckup>();
  for (const checkup of checkups) {
    if (checkup.year <= currentYear - MAX_CHECKUP_YEARS || checkup.year > currentYear) continue;
    const kept = byYear.get(checkup.year);
    if (!kept || kept.examinedOn < checkup.examinedOn) byYear.set(checkup.year, checkup);
  }
  return [...byYear.values()]
    .sort((a, b) => a.year - b.year)
    .map((checkup) => ({
      ...checkup,
      measurements: checkup.measurements.map((measurement) => {
        const range = ranges.rangeOf(measurement.code, sex);
        return { ...measurement, band: range && range.unit === measurement.unit ? judge(range.rule, measurement.value) : null };
      }),
    }));
}
