/**
 * `part` as a whole percent of `whole`, rounded to the nearest (2,000만 of 3,000만 is 67 %, not 66 %),
 * except that it never reads as reaching the whole when it falls short (99 %, not 100 %) nor as nothing
 * when there is something (1 %, not 0 %). Null when the whole is 0 (nothing to compare with).
 */
export function roundedPercent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  const percent = Math.round((part * 100) / whole);
  if (part < whole && percent >= 100) return 99;
  if (part > 0 && percent === 0) return 1;
  return percent;
}
