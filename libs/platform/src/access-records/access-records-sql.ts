/**
 * The versions of the access records' database functions and triggers, one frozen file each
 * (sql/README.md), run by both services' migrations through `runSqlFile`. Each URL is written out
 * whole, a literal file name relative to import.meta.url (the build and an image's bundle find the
 * files by it).
 */
export const ACCESS_RECORDS_SQL = {
  guardV1: new URL('./sql/access_records_guard.v1.sql', import.meta.url),
  sweepV1: new URL('./sql/access_records_sweep.v1.sql', import.meta.url),
  appendV1: new URL('./sql/access_records_append.v1.sql', import.meta.url),
  guardV2: new URL('./sql/access_records_guard.v2.sql', import.meta.url),
  sealsGuardV1: new URL('./sql/access_record_seals_guard.v1.sql', import.meta.url),
  sweepV2: new URL('./sql/access_records_sweep.v2.sql', import.meta.url),
} as const;
