import { ValidateBy, ValidateIf, type ValidationOptions } from 'class-validator';

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
