import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { IDEMPOTENCY_OPTIONS, IdempotencyInterceptor, type IdempotentOptions } from './idempotency.interceptor.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * Marks a creating POST whose callers may send `Idempotency-Key`: a repeat with the same key and
 * body within 24 hours gets the first response; the same key with another body is 422; a claim left
 * unanswered (a database outage) is taken over after its lease. It binds the
 * interceptor to the marked route only, so no other request pays for it, and documents the header
 * (the OpenAPI document adds the 409 and 422 it may cause to every operation that takes it).
 */
export const Idempotent = (options: IdempotentOptions = {}) =>
  applyDecorators(
    SetMetadata(IDEMPOTENCY_OPTIONS, options),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        'Makes the request safe to repeat for 24 hours (per credential): the same key with the same request answers the first response again, with `Idempotent-Replayed: true`; with another request, 422 IDEMPOTENCY_KEY_REUSED; while the first is still being handled, 409 IDEMPOTENCY_REQUEST_IN_PROGRESS with Retry-After. A failed first request releases the key; one cut off by a database outage (503 DATABASE_UNAVAILABLE) holds it until its Retry-After has passed, and the repeat then gets the first answer if the request took effect, else does it once.',
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
    }),
  );
