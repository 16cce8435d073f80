// How the PDFs write numbers, dates, times and phone numbers, and break text into lines: one formatter
// of each. Coverage amounts are round sums and read best in 만/억 units, as insurers print them;
// premiums are exact and read best in won with separators.

const MAN = 10_000;
const EOK = 100_000_000;

/** 1,234,567 (rounded to a whole number first). */
export function withSeparators(value: number): string {
  const rounded = Math.round(value);
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return rounded < 0 ? `-${digits}` : digits;
}

/** Won with separators: 26,570원. */
export function formatWon(value: number): string {
  return `${withSeparators(value)}원`;
}

/**
 * A coverage amount in Korean units when it is a whole number of 만원: 5,000만원, 1억원,
 * 1억 8,000만원, 10만원; otherwise in won (26,570원, 0원).
 */
export function formatAmount(value: number): string {
  const rounded = Math.round(value);
  if (rounded === 0 || rounded % MAN !== 0 || rounded < 0) return formatWon(rounded);
  const eok = Math.floor(rounded / EOK);
  const man = (rounded % EOK) / MAN;
  const parts = [eok > 0 ? `${withSeparators(eok)}억` : '', man > 0 ? `${withSeparators(man)}만` : ''].filter(Boolean);
  return `${parts.join(' ')}원`;
}

/** YYYY-MM-DD or YYYYMMDD → YYYY.MM.DD, the way Korean documents write dates. */
export function formatDate(date: string): string {
  if (/^\d{8}$/.test(date)) return `${date.slice(0, 4)}.${date.slice(4, 6)}.${date.slice(6)}`;
  return date.replaceAll('-', '.');
}

/** An instant as Korean time: 2026.11.21 18:30 (KST). */
export function formatKoreaTime(instant: Date): string {
  const korea = new Date(instant.getTime() + 9 * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${korea.getUTCFullYear()}.${pad(korea.getUTCMonth() + 1)}.${pad(korea.getUTCDate())} ${pad(korea.getUTCHours())}:${pad(korea.getUTCMinutes())} (KST)`;
}

/** 01012345678 → 010-1234-5678, 0212345678 → 02-1234-5678, 05051811234 → 0505-181-1234, 15881234 → 1588-1234. */
export function formatPhone(digits: string): string {
  const head = digits.startsWith('02') ? 2 : /^050\d/.test(digits) ? 4 : /^1\d{7}$/.test(digits) ? 4 : 3;
  if (/^1\d{7}$/.test(digits)) return `${digits.slice(0, 4)}-${digits.slice(4)}`;
  const rest = digits.slice(head);
  if (rest.length < 7) return digits;
  const middle = rest.length - 4;
  return `${digits.slice(0, head)}-${rest.slice(0, middle)}-${rest.slice(middle)}`;
}

/**
 * Text broken into lines no wider than `width`, at spaces as Korean documents break (words are
 * kept whole, like CSS word-break: keep-all); a word wider than a line is broken between its
 * characters. At most `maxLines` lines: the last one then ends in an ellipsis.
 */
export function wrapLines(text: string, width: number, measure: (text: string) => number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  let line = '';
  // A line of the report holds well under 400 characters: what lies beyond maxLines of them is never measured.
  const shown = Number.isFinite(maxLines) ? [...text].slice(0, 400 * (maxLines + 1)).join('') : text;
  const words = shown.split(/\s+/).filter(Boolean);
  for (const word of words) {
    if (lines.length > maxLines) break;
    const candidate = line === '' ? word : `${line} ${word}`;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    while (measure(line) > width && lines.length <= maxLines) {
      const characters = [...line];
      let fit = 1;
      while (fit < characters.length && measure(characters.slice(0, fit + 1).join('')) <= width) fit++;
      lines.push(characters.slice(0, fit).join(''));
      line = characters.slice(fit).join('');
    }
  }
  if (line !== '') lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const characters = [...kept[maxLines - 1]!];
  while (characters.length > 0 && measure(`${characters.join('')}…`) > width) characters.pop();
  kept[maxLines - 1] = `${characters.join('').trimEnd()}…`;
  return kept;
}
