import type { FieldError } from './problem.js';

/** Containers nested deeper than this (the body itself is level 1) are refused. */
export const MAX_JSON_DEPTH = 32;
/** Objects with more keys than this are refused (class-transformer's cost grows with the square of it). */
export const MAX_JSON_KEYS = 256;
/**
 * Arrays with more items than this are refused: validating each nested item costs about 50 µs, so
 * 10,000 held the event loop for half a second. The largest list an operation takes is 1,000 rows.
 */
export const MAX_JSON_ARRAY_ITEMS = 1000;

// Keys that name what every object inherits: class-transformer and class-validator read them as
// the object's own machinery (`constructor.prototype` crashes the transform, `toString` slips past
// the unknown-field check), so no payload may use them as field names.
const RESERVED_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

const STOP_AFTER_ERRORS = 20;

/**
 * One linear pass over a parsed JSON value (a body, a query, a token's claims) before anything else
 * reads it: containers nested deeper than MAX_JSON_DEPTH, objects with more than MAX_JSON_KEYS keys,
 * arrays with more than MAX_JSON_ARRAY_ITEMS items, reserved key names, and text PostgreSQL cannot take (NUL characters, unpaired UTF-16 surrogates)
 * in values or keys. Returns one error per offending field, dotted under `parent`, the value itself
 * being `whole`; empty for a sound value. It stops descending where a limit is crossed, so its work
 * is bounded by the limits, not by the shape of the input.
 */
export function jsonShapeErrors(value: unknown, parent = '', whole = '(body)'): FieldError[] {
  const walker = new ShapeWalker(whole);
  walker.walk(value, 1, parent ? [parent] : []);
  return walker.errors;
}

class ShapeWalker {
  readonly errors: FieldError[] = [];

  constructor(private readonly whole: string) {}

  walk(value: unknown, depth: number, path: Array<string | number>): void {
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) this.refuse(path, problem);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    if (depth > MAX_JSON_DEPTH) {
      this.refuse(path, `must not nest deeper than ${MAX_JSON_DEPTH} levels`);
      return;
    }
    if (Array.isArray(value)) {
      if (value.length > MAX_JSON_ARRAY_ITEMS) {
        this.refuse(path, `must not have more than ${MAX_JSON_ARRAY_ITEMS} items`);
        return;
      }
      for (let index = 0; index < value.length && this.errors.length < STOP_AFTER_ERRORS; index += 1) {
        path.push(index);
        this.walk(value[index], depth + 1, path);
        path.pop();
      }
      return;
    }
    let keys = 0;
    for (const key in value) {
      if (++keys > MAX_JSON_KEYS) {
        this.refuse(path, `must not have more than ${MAX_JSON_KEYS} keys`);
        return;
      }
      if (this.errors.length >= STOP_AFTER_ERRORS) return;
      path.push(key);
      const problem = RESERVED_KEYS.has(key) ? 'is not an accepted field name' : textProblem(key);
      if (problem) this.refuse(path, problem);
      else this.walk((value as Record<string, unknown>)[key], depth + 1, path);
      path.pop();
    }
  }

  // A field is named by its dotted path; overlong or ill-formed keys are shortened and repaired so
  // that the problem body stays small and valid.
  private refuse(path: Array<string | number>, message: string): void {
    const field =
      path.length === 0
        ? this.whole
        : path.map((segment) => (typeof segment === 'number' ? String(segment) : shorten(segment.toWellFormed()))).join('.');
    this.errors.push({ field, message });
  }
}

function textProblem(text: string): string | undefined {
  // PostgreSQL stores neither in text or json: NUL is refused outright, and an unpaired surrogate
  // becomes U+FFFD in text columns (silently) or an error in json ones.
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (!text.isWellFormed()) return 'must be valid Unicode text (it has an unpaired surrogate)';
  return undefined;
}

function shorten(segment: string): string {
  return segment.length > 64 ? `${segment.slice(0, 63)}…` : segment;
}
