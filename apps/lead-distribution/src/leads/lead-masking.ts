/**
 * How a lead's contact data looks until the lead is used (DESIGN.md section 3): names keep their
 * first and last character, phones their last four digits, emails two characters of the local part,
 * addresses their first two words.
 */
export function maskName(name: string): string {
  const characters = [...name];
  if (characters.length <= 1) return '*';
  if (characters.length === 2) return `${characters[0]}*`;
  return `${characters[0]}${'*'.repeat(characters.length - 2)}${characters[characters.length - 1]}`;
}

export function maskPhone(prefix: string, last4: string): string {
  return `${prefix}-****-${last4}`;
}

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
