import { ApiProblem } from '../api/problem';

/**
 * The message the API gave for `field`, to show under that form field (Mantine's `error` prop).
 * Undefined when the error names another field or is not a problem body.
 */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiProblem ? error.fieldErrors[field] : undefined;
}

/** True when the problem names one of `fields` (the form shows it there, not in an alert as well). */
export function namesOneOf(error: unknown, fields: readonly string[]): boolean {
  return error instanceof ApiProblem && fields.some((field) => field in error.fieldErrors);
}
