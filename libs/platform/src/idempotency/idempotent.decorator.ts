import { SetMetadata } from '@nestjs/common';

export const IDEMPOTENT = 'platform:idempotent';

/**
 * Marks a creating POST whose callers may send `Idempotency-Key`: a repeat with the same key and
 * body within 24 hours gets the first response; the same key with another body is 422.
 */
export const Idempotent = () => SetMetadata(IDEMPOTENT, true);
