/** A calendar date without time or zone. Ages and payment dates are counted on these. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function checked(year: number, month: number, day: number, text: string): LocalDate {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw new RangeError(`Not a calendar date: ${text}`);
  return { year, month, day };
}

/** `YYYYMMDD` */
export function parseCompactDate(text: string): LocalDate {
  const match = COMPACT.exec(text);
  if (!match) throw new RangeError(`Not a YYYYMMDD date: ${text}`);
  return checked(Number(match[1]), Number(match[2]), Number(match[3]), text);
}

/** `YYYY-MM-DD` */
export function parseIsoDate(text: string): LocalDate {
  const match = ISO.exec(text);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${text}`);
  return checked(Number(match[1]), Number(match[2]), Number(match[3]), text);
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

export const formatIsoDate = (date: LocalDate) => `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;

export const formatCompactDate = (date: LocalDate) => `${pad(date.year, 4)}${pad(date.month, 2)}${pad(date.day, 2)}`;

/** Orders dates as numbers (yyyymmdd). */
export const ordinal = (date: LocalDate) => date.year * 10_000 + date.month * 100 + date.day;

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function monthsLater(date: LocalDate, months: number): { year: number; month: number } {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * The same day `months` later; when that month is too short for the day, the first of the month
 * after. This is how a period counted in months or years from a birth date ends (민법 제158조: the
 * birth day counts; 제160조 ③: a period whose last month lacks the day ends on that month's last
 * day, so the next age starts on the day after it): someone born on 29 February turns a year older
 * on 1 March in common years.
 */
export function addMonthsRolling(date: LocalDate, months: number): LocalDate {
  const { year, month } = monthsLater(date, months);
  if (date.day <= daysInMonth(year, month)) return { year, month, day: date.day };
  return month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 };
}

/** The same day `months` later, or that month's last day when it is shorter: how instalments fall due. */
export function addMonthsClamped(date: LocalDate, months: number): LocalDate {
  const { year, month } = monthsLater(date, months);
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** Age in full years on `on` (0 before the first birthday). */
export function ageOn(birth: LocalDate, on: LocalDate): number {
  if (ordinal(on) < ordinal(birth)) throw new RangeError('The date is before the birth date');
  const years = on.year - birth.year;
  return ordinal(addMonthsRolling(birth, 12 * years)) <= ordinal(on) ? years : years - 1;
}

/**
 * Insurance age (보험나이) on `on`: the age in full years, plus one once six months have passed
 * since the last birthday. The standard policy terms round the age's fraction: under six months is
 * dropped, six months or more counts as a year. "Six months passed" is reached on the day that is
 * the birth date plus (12 × age + 6) months, counted like ages (addMonthsRolling).
 */
export function insuranceAgeOn(birth: LocalDate, on: LocalDate): number {
  const age = ageOn(birth, on);
  return ordinal(addMonthsRolling(birth, 12 * age + 6)) <= ordinal(on) ? age + 1 : age;
}

const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The calendar date in Korea (UTC+9, no daylight saving) at `instant`: the date an analysis is made on. */
export function koreaDate(instant: Date): LocalDate {
  const shifted = new Date(instant.getTime() + KOREA_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** The day after `date`. */
export function nextDay(date: LocalDate): LocalDate {
  if (date.day < daysInMonth(date.year, date.month)) return { ...date, day: date.day + 1 };
  return date.month === 12 ? { year: date.year + 1, month: 1, day: 1 } : { year: date.year, month: date.month + 1, day: 1 };
}
