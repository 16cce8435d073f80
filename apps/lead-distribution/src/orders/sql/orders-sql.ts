/**
 * The versions of orders' database functions, one frozen file each (README.md beside), run by
 * migrations through `runSqlFile` (#platform). Each URL is written out whole, a literal file name
 * relative to import.meta.url (the build and an image's bundle find the files by it).
 */
export const ORDERS_SQL = {
  takeOrderSlotsV1: new URL('./take_order_slots.v1.sql', import.meta.url),
  oweOrderLeadV1: new URL('./owe_order_lead.v1.sql', import.meta.url),
  markOrderActivatedV1: new URL('./mark_order_activated.v1.sql', import.meta.url),
  recordOrderCompletionsV1: new URL('./record_order_completions.v1.sql', import.meta.url),
} as const;
