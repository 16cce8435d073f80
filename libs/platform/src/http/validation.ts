import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { ProblemException, type FieldError } from './problem.js';

/**
 * The global pipe: unknown fields are refused, payloads are turned into DTO instances, and every
 * failure is reported as `VALIDATION_FAILED` with one entry per field (nested fields dotted:
 * `regionQuantities.0.quantity`).
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationFailed(flattenValidationErrors(errors)),
  });
}

export function validationFailed(errors: FieldError[]): ProblemException {
  const fields = [...new Set(errors.map((error) => error.field))].join(', ');
  return new ProblemException(400, 'VALIDATION_FAILED', `Invalid request: ${fields}`, errors);
}

export function flattenValidationErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([constraint, message]) => ({
      field,
      message: constraint === 'whitelistValidation' ? 'is not an accepted field' : stripProperty(message, error.property),
    }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

// class-validator messages start with the property name ("limit must not be greater than 100");
// the field is reported separately, so the message keeps only the rule.
function stripProperty(message: string, property: string): string {
  return message.startsWith(`${property} `) ? message.slice(property.length + 1) : message;
}
