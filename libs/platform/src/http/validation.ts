import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidatorOptions } from 'class-validator';
import { jsonShapeErrors } from './json-shape.js';
import { ProblemException, type FieldError } from './problem.js';

/**
 * The global pipe: unknown fields are refused, payloads are turned into DTO instances, and every
 * failure is reported as `VALIDATION_FAILED` with one entry per field (nested fields dotted:
 * `regionQuantities.0.quantity`).
 */
export function createValidationPipe(): ValidationPipe {
  return new SyncValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationFailed(flattenValidationErrors(errors)),
  });
}

/**
 * The pipe with class-validator run synchronously. Queries and bodies were checked for hostile shapes
 * and text (jsonShapeErrors) before it, once for every route, by checkRequestShapes.
 */
class SyncValidationPipe extends ValidationPipe {
  /**
   * Path parameters reach their own pipe (`intParam`, `uuidParam`, `patternParam`) as the text that was
   * sent: Nest's conversion (`+value` for a `number` parameter) would read `0x1`, `+1`, ` 1`, `01` and
   * `1e0` as 1 and `1e3` as 1000 before `intParam` could refuse them.
   */
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }

  /**
   * validateSync: no rule of ours is asynchronous (class-validator's `validate` would make a promise
   * per constraint for the same errors; libs/platform/test/validation.spec.ts checks that no rule is).
   */
  protected override validate(object: object, validatorOptions?: ValidatorOptions): ValidationError[] {
    return validateSync(object, validatorOptions);
  }
}

/**
 * Validates a plain object that did not come through the pipe (a signed token's claims, say) by the
 * same rules: its shape and text first, then the DTO's constraints, failures named `<parent>.<field>`.
 */
export function validatePlain<T extends object>(dto: new () => T, value: object, parent: string): T {
  const shapeErrors = jsonShapeErrors(value, parent);
  if (shapeErrors.length > 0) throw validationFailed(shapeErrors);
  const instance = plainToInstance(dto, value);
  const errors = flattenValidationErrors(validateSync(instance, { validationError: { target: false, value: false } }), parent);
  if (errors.length > 0) throw validationFailed(errors);
  return instance;
}

/** A problem body lists at most this many field errors; the detail says how many more there were. */
export const MAX_REPORTED_FIELD_ERRORS = 20;

export function validationFailed(errors: FieldError[]): ProblemException {
  const reported = errors.slice(0, MAX_REPORTED_FIELD_ERRORS);
  const fields = [...new Set(reported.map((error) => error.field))].join(', ');
  const more = errors.length - reported.length;
  return new ProblemException(400, 'VALIDATION_FAILED', `Invalid request: ${fields}${more > 0 ? ` and ${more} more` : ''}`, reported);
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
