/**
 * How a person's name looks where it is shown masked (lead-distribution's unused leads, the
 * coverage report): the first and last character kept, the ones between starred; a two-character
 * name keeps its first, a one-character name is a single star. Characters are code points.
 */
export function maskName(name: string): string {
  const characters = [...name];
  if (characters.length <= 1) return '*';
  if (characters.length === 2) return `${characters[0]}*`;
  return `${characters[0]}${'*'.repeat(characters.length - 2)}${characters[characters.length - 1]}`;
}

/** How a mobile number looks masked wherever it is shown so (010-****-5678): its first three and last four digits. */
export function maskPhone(prefix: string, last4: string): string {
  return `${prefix}-****-${last4}`;
}

/** maskPhone of a number given as digits (01012345678). */
export function maskPhoneDigits(digits: string): string {
  return maskPhone(digits.slice(0, 3), digits.slice(-4));
}
