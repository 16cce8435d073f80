import { ParseUUIDPipe, type PipeTransform } from '@nestjs/common';
import { INT_ID_MESSAGE, isIntId } from '#contracts';
import { validationFailed } from './validation.js';

/** A path id as written: decimal digits without sign, leading zero, space, point, exponent or radix prefix. */
const DECIMAL_ID = /^[1-9]\d{0,9}$/;

/**
 * Parses an integer id path parameter: decimal digits naming 1 to 2147483647 (int4, the column's
 * type); anything else (`0x1`, `+1`, ` 1`, `01`, `1e3`) is a 400 naming the parameter, never another
 * row nor a database error. It reads the text as sent: the global pipe leaves path parameters alone
 * (libs/platform/src/http/validation.ts), as `Number()` would have read all of those as numbers.
 */
export const intParam = (name: string): PipeTransform<unknown, number> => ({
  transform: (value: unknown) => {
    const id = typeof value === 'string' && DECIMAL_ID.test(value) ? Number(value) : Number.NaN;
    if (!isIntId(id)) throw validationFailed([{ field: name, message: INT_ID_MESSAGE }]);
    return id;
  },
});

/** Parses a UUID path parameter; anything else is a 400 naming the parameter (never a database error). */
export const uuidParam = (name: string) =>
  new ParseUUIDPipe({ exceptionFactory: () => validationFailed([{ field: name, message: 'must be a UUID' }]) });

/** Parses a path parameter that must match `pattern` (codes); anything else is a 400 naming it with `message`. */
export const patternParam = (name: string, pattern: RegExp, message: string): PipeTransform<string, string> => ({
  transform: (value: string) => {
    if (!pattern.test(value)) throw validationFailed([{ field: name, message }]);
    return value;
  },
});
