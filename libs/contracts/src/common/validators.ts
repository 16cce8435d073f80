import { ValidateIf } from 'class-validator';

/**
 * The field may be left out, but not sent as null (unlike `@IsOptional()`, which skips validation
 * for both): for PATCH fields whose column cannot be emptied.
 */
export const IsOmittable = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
