// Insurers write the same coverage many ways: "일반암 진단비Ⅱ", "[갱신형] 일반암진단비 특약",
// "일반암진단비（유사암제외）". Names are compared after this normalisation, which the synonym table's
// exact names go through as well.

const OPENING = /[[{<「『【〔〈《]/g;
const CLOSING = /[\]}>」』】〕〉》]/g;
const WAVE = /[∼〜]/g;
const RANGE_DASH = /(\d)[-‐‑–—](\d)/g;
const WHITESPACE = /\s+/g;
/**
 * Qualifiers that say how a product is sold, not what it covers: `(무)`, `(기본계약)`, renewal
 * (`(갱신형)`, `(20년갱신형)`, `(10년갱신)`) and term (`(100세만기)`, `(20년만기)`), numbered or not.
 */
const NOISE_QUALIFIERS = /\((무|무배당|비갱신형|기본계약|(\d{1,3}년)?갱신형?|(\d{1,3})?(세|년)만기)\)/g;
const NOISE_PREFIX = /^(무배당|비갱신형|갱신형)/;
const NOISE_SUFFIX = /(특별약관|특약|담보|I{1,3}|IV|V)$/;

/**
 * The form coverage names are compared in: Unicode NFKC (full-width forms and ⅡⅢ become ASCII),
 * every bracket as round brackets, `∼`/`〜` and a dash between digits as `~`, no white space, and
 * without the qualifiers that describe the sale (`(무)`, `무배당`, `갱신형`, `(20년갱신형)`,
 * `(100세만기)`, `(기본계약)`, a trailing `특약`/`특별약관`/`담보` or version numeral).
 */
export function normaliseCoverageName(name: string): string {
  let text = name
    .normalize('NFKC')
    .replace(OPENING, '(')
    .replace(CLOSING, ')')
    .replace(WAVE, '~')
    .replace(WHITESPACE, '')
    .replace(RANGE_DASH, '$1~$2')
    .replace(NOISE_QUALIFIERS, '');
  // Prefixes and suffixes can stack ("갱신형 … 특약Ⅱ"): strip until nothing changes.
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = text.replace(NOISE_PREFIX, '').replace(NOISE_SUFFIX, '');
  }
  return text;
}
