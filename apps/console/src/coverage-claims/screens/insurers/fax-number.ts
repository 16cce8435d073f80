/** 05051811234 as 0505-181-1234, 0212345678 as 02-1234-5678: digits grouped as Korean numbers are read. */
export function faxNumber(digits: string | null): string {
  if (digits === null) return '—';
  const match = /^(02|050\d|0\d{2})(\d{3,4})(\d{4})$/.exec(digits);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : digits;
}
