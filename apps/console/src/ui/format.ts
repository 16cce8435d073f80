const DATE_TIME = new Intl.DateTimeFormat('ko-KR', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Seoul',
});

/** A date-time of the API in Korean, in Seoul's time; '—' for none. */
export function dateTime(value: string | null | undefined): string {
  return value ? DATE_TIME.format(new Date(value)) : '—';
}

/** A day picked in a date field, in Seoul, as the instant it starts (`days` later: the next day's start ends a range). */
export function seoulDayStart(day: string, days = 0): string {
  const start = new Date(`${day}T00:00:00+09:00`);
  start.setUTCDate(start.getUTCDate() + days);
  return start.toISOString();
}
