/**
 * The versions of the operators' database functions and triggers, one frozen file each (sql/README.md),
 * run by both services' migrations through `runSqlFile`; each URL a literal file name relative to
 * import.meta.url (the build and an image's bundle find the files by it).
 */
export const OPERATORS_SQL = {
  historyGuardV1: new URL('./sql/operator_account_history_guard.v1.sql', import.meta.url),
} as const;
