import { ParseUUIDPipe, type PipeTransform } from '@nestjs/common';
import { INT_ID_MESSAGE, isIntId } from '#contracts';
import { validationFailed } from './validation.js';

/**
 * Parses an integer id path parameter: decimal digits naming 1 to 2147483647 (int4, the column's
 * type); anything else is a 400 naming the parameter, never a database error.
 */
export const intParam = (name: string): PipeTransform<string, number> => ({
  transform: (value: string) => {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
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
