/**
 * The versions of leads' database functions and triggers, one frozen file each (README.md beside),
 * run by migrations through `runSqlFile` (#platform). Each URL is written out whole, a literal file
 * name relative to import.meta.url (the build and an image's bundle find the files by it).
 */
export const LEADS_SQL = {
  listCountsDeltaV1: new URL('./lead_list_counts_delta.v1.sql', import.meta.url),
  listCountsTruncateV1: new URL('./lead_list_counts_truncate.v1.sql', import.meta.url),
  insertLeadsV1: new URL('./insert_leads.v1.sql', import.meta.url),
  assignLeadsV1: new URL('./assign_leads.v1.sql', import.meta.url),
} as const;
