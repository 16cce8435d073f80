import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ProblemException, type FieldError } from './problem.js';

/**
 * The global pipe: unknown fields are refused, payloads are turned into DTO instances, and every
 * failure is reported as `VALIDATION_FAILED` with one entry per field (nested fields dotted:
 * `regionQuantities.0.quantity`).
 */
export function createValidationPipe(): ValidationPipe {
  return new TextSafeValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationFailed(flattenValidationErrors(errors)),
  });
}

/**
 * Also refuses NUL characters anywhere in a body or query: PostgreSQL cannot store or compare them
 * in text, so they would otherwise surface as a database error (500) instead of a 400 naming the field.
 */
class TextSafeValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query') {
      const errors = nulCharacterErrors(value);
      if (errors.length > 0) throw validationFailed(errors);
    }
    return super.transform(value, metadata);
  }
}

/** One error per field (dotted under `parent`) whose value or name holds a NUL character. */
function nulCharacterErrors(value: unknown, parent = ''): FieldError[] {
  // Every request passes here: walk once without allocating, and name the fields only when one has a NUL.
  if (!holdsNul(value)) return [];
  return fieldsWithNul(value, parent).map((field) => ({ field, message: 'must not contain NUL characters' }));
}

/**
 * Validates a plain object that did not come through the pipe (a signed token's claims, say) by the
 * same rules: the DTO's constraints and no NUL characters, failures named `<parent>.<field>`.
 */
export function validatePlain<T extends object>(dto: new () => T, value: object, parent: string): T {
  const instance = plainToInstance(dto, value);
  const errors = [
    ...nulCharacterErrors(value, parent),
    ...flattenValidationErrors(validateSync(instance, { validationError: { target: false, value: false } }), parent),
  ];
  if (errors.length > 0) throw validationFailed(errors);
  return instance;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  for (const key in value) {
    if (key.includes('\u0000') || holdsNul((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

function fieldsWithNul(value: unknown, path: string): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path || '(body)'] : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => [
    ...(key.includes('\u0000') ? [path ? `${path}.${key}` : key] : []),
    ...fieldsWithNul(item, path ? `${path}.${key}` : key),
  ]);
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
