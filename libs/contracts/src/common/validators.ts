import { ValidateBy, ValidateIf, isISO8601, type ValidationOptions } from 'class-validator';

/**
 * The field may be left out, but not sent as null (unlike `@IsOptional()`, which skips validation
 * for both): for PATCH fields whose column cannot be emptied.
 */
export const IsOmittable = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

/** The largest value of PostgreSQL's `integer` (int4), the type of every integer id column. */
export const INT4_MAX = 2_147_483_647;

export const INT_ID_MESSAGE = `must be an integer from 1 to ${INT4_MAX}`;

/** Whether a value can name a row by an integer id: a whole number from 1 to INT4_MAX. */
export const isIntId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= INT4_MAX;

/** The OpenAPI schema of an integer id (spread into `@ApiProperty`). */
export const INT_ID_SCHEMA = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;

/**
 * An integer id (`partnerId`, `parentId`, …): 1 to INT4_MAX. A larger number would reach PostgreSQL
 * and fail there (500) instead of being refused here, naming the field.
 */
export const IsIntId = (options?: ValidationOptions) =>
  ValidateBy({ name: 'isIntId', validator: { validate: isIntId, defaultMessage: () => INT_ID_MESSAGE } }, options);

// ISO 8601 as both JavaScript and PostgreSQL read it: a calendar date, optionally with a time and an
// offset. Week dates, ordinal dates, the basic format and bare years pass ISO 8601 but not PostgreSQL.
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/;

/** Whether a value is such a timestamp, of a day that exists (the strict check refuses 2026-02-30 and year 0000). */
export const isTimestamp = (value: unknown): value is string =>
  typeof value === 'string' && TIMESTAMP.test(value) && isISO8601(value, { strict: true, strictSeparator: true });

/** A date or date-time (`2026-11-21`, `2026-11-21T09:30:00Z`, `…+09:00`) of a day that exists. */
export const IsTimestamp = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isTimestamp',
      validator: {
        validate: isTimestamp,
        defaultMessage: () => 'must be an ISO 8601 date or date-time of a real day (2026-11-21, 2026-11-21T09:30:00Z)',
      },
    },
    options,
  );
