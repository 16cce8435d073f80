/**
 * A person's name as look-ups match it, however it was typed: Unicode NFC, no white space, lower
 * case. Customers' identity hashes and the claim history's name filter both hash this form.
 */
export function normalisedPersonName(name: string): string {
  return name.normalize('NFC').replace(/\s+/g, '').toLowerCase();
}
