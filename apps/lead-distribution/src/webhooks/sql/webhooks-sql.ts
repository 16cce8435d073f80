/**
 * The versions of webhooks' database functions (and the triggers that wrote the outbox before), one frozen file each (README.md beside),
 * run by migrations through `runSqlFile` (#platform). Each URL is written out whole, a literal file
 * name relative to import.meta.url (the build and an image's bundle find the files by it).
 */
export const WEBHOOKS_SQL = {
  webhookEnqueueV1: new URL('./webhook_enqueue.v1.sql', import.meta.url),
  leadAssignmentsOutboxV1: new URL('./webhook_lead_assignments_outbox.v1.sql', import.meta.url),
  ordersOutboxV1: new URL('./webhook_orders_outbox.v1.sql', import.meta.url),
  leadAsOutboxV1: new URL('./webhook_lead_as_outbox.v1.sql', import.meta.url),
  recordWebhookEventsV1: new URL('./record_webhook_events.v1.sql', import.meta.url),
} as const;
