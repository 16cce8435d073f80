import { addMonthsClamped, koreaDate, ordinal, type LocalDate } from '../../../common/calendar.js';

// The date arithmetic of the sandbox's portfolios. Every date they hold is made up relative to the
// inquiry date: the day, in Korea, the sandbox is asked (the day the analysis is made). The same
// customer asked on the same day gets the same contracts; asked another day, the contracts are dated
// from that day, so "half paid", "paid up" and "in force" mean the same whatever the day.

/** The inquiry date of a lookup answered at `instant` (epoch ms): the calendar date in Korea then. */
export function sandboxInquiryDate(instant: number): LocalDate {
  return koreaDate(new Date(instant));
}

/** Days since 1970-01-01 (a day's number, for drawing a day between two). */
export const dayNumber = (date: LocalDate) => Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;

export function fromDayNumber(day: number): LocalDate {
  const date = new Date(day * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The same day `years` later (earlier when negative), or that month's last day (29 February). */
export const yearsAfter = (date: LocalDate, years: number) => addMonthsClamped(date, 12 * years);

/** Whole years from `start` to `end` (at least 1), as ages are counted. */
export function wholeYears(start: LocalDate, end: LocalDate): number {
  let years = end.year - start.year;
  if (ordinal(yearsAfter(start, years)) > ordinal(end)) years -= 1;
  return Math.max(1, years);
}
