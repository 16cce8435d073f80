import { maskName, maskPhone } from '#platform';

/**
 * How a lead's contact data looks until the lead is used (DESIGN.md section 3): names keep their
 * first and last character and phones their last four (maskName, maskPhone: shared with coverage-claims),
 * emails two characters of the local part, addresses their first two words.
 */
export { maskName, maskPhone };

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = [...email.slice(0, at)];
  const kept = local.length > 2 ? 2 : 1;
  return `${local.slice(0, kept).join('')}***${email.slice(at)}`;
}

export function maskAddress(address: string): string {
  const words = address.trim().split(/\s+/);
  return words.length <= 2 ? words.join(' ') : `${words.slice(0, 2).join(' ')} ***`;
}

/** Formats stored digits as a phone number: 01012345678 → 010-1234-5678. */
export function formatPhone(digits: string): string {
  return digits.length === 11
    ? `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`
    : `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * Separates the fields of a lead's stored search text. A search term never contains it (the query
 * refuses such a term), so a match always lies within one field, as the caller sees that field.
 */
export const SEARCH_FIELD_SEPARATOR = '\u001f';

/**
 * What `search` on the owner's lead list compares against: name, email and memo of the lead and its
 * product's name, lower-cased, each as the owner is shown it: masked until the lead is used, in
 * clear afterwards. Stored on the lead and rewritten once, when the lead is used.
 */
export function searchTextAsShown(
  lead: { name: string; email: string | null; memo: string | null },
  productName: string,
  used: boolean,
): string {
  const name = used ? lead.name : maskName(lead.name);
  const email = lead.email === null ? '' : used ? lead.email : maskEmail(lead.email);
  return [name, email, lead.memo ?? '', productName].join(SEARCH_FIELD_SEPARATOR).toLowerCase();
}
