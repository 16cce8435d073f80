import { IdempotencyRecord } from '#platform';

/** Every entity of the service, listed explicitly (no globs: they break in bundled or ESM builds). */
export const ENTITIES = [IdempotencyRecord];
