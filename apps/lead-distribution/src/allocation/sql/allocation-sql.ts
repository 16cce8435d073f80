/**
 * The versions of allocation's SQL functions, one frozen file each (README.md beside), run by
 * migrations through `runSqlFile` (#platform). Each URL is written out whole, a literal file name
 * relative to import.meta.url: scripts/app-bundle.ts copies the files so named into an image, and
 * `npm run build` puts them beside this module in dist/ (scripts/copy-sql.ts).
 */
export const ALLOCATION_SQL = {
  registerLeadsV1: new URL('./register_leads.v1.sql', import.meta.url),
  registerLeadsV2: new URL('./register_leads.v2.sql', import.meta.url),
  registerLeadsV4: new URL('./register_leads.v4.sql', import.meta.url),
  registerLeadsV5: new URL('./register_leads.v5.sql', import.meta.url),
} as const;
