import { Transform } from 'class-transformer';

const TRUE_VALUES = new Set(['true', 'y', '1']);
const FALSE_VALUES = new Set(['false', 'n', '0']);

/**
 * Query-string boolean: `true/false`, `Y/N`, `1/0` (any case). Anything else is left as a string so
 * that `@IsBoolean()` rejects it with a message naming the parameter.
 */
export const QueryBoolean = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const normalized = value.trim().toLowerCase();
    if (TRUE_VALUES.has(normalized)) return true;
    if (FALSE_VALUES.has(normalized)) return false;
    return value;
  });

/** Query-string integer: decimal digits only; anything else is left for `@IsInt()` to reject. */
export const QueryInt = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : value));

/** Trims surrounding white space of a string field. */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
