import { IdempotencyRecords1795243200731 } from './1795243200731-IdempotencyRecords.js';

/** Every migration of the service, in order. `npm run migration:generate` writes new ones; list them here. */
export const MIGRATIONS = [IdempotencyRecords1795243200731];
