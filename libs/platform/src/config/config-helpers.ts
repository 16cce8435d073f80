import { Transform } from 'class-transformer';

/** Parses an environment variable as an integer; anything else is left for the validator to reject. */
export const EnvInt = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value));

/** Parses `true/false/1/0/yes/no` as a boolean; anything else is left for the validator to reject. */
export const EnvBool = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const normalized = value.trim().toLowerCase();
    if (['true', '1', 'yes'].includes(normalized)) return true;
    if (['false', '0', 'no'].includes(normalized)) return false;
    return value;
  });

/** Splits a comma-separated variable into a trimmed list without empty entries. */
export const EnvList = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item.length > 0)
      : value,
  );
