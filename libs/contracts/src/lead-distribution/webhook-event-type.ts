/**
 * The webhook event vocabulary, spelled once: the API's enums, the DTOs' validation, the service's
 * recording and rendering read these names, and `apps/lead-distribution/test/unit/webhook-event-vocabulary.spec.ts`
 * checks every event type the SQL functions record against them (SQL cannot import this file).
 */
export const WebhookEventType = {
  LeadAssigned: 'lead.assigned',
  LeadRecalled: 'lead.recalled',
  LeadAsReviewed: 'lead_as.reviewed',
  OrderCompleted: 'order.completed',
  OrderCancelled: 'order.cancelled',
} as const;

export type WebhookEventType = (typeof WebhookEventType)[keyof typeof WebhookEventType];

/** The event types an endpoint may subscribe to (the service names them WEBHOOK_EVENT_TYPES). */
export const WEBHOOK_SUBSCRIBABLE_EVENT_TYPES = [
  WebhookEventType.LeadAssigned,
  WebhookEventType.LeadRecalled,
  WebhookEventType.LeadAsReviewed,
  WebhookEventType.OrderCompleted,
  WebhookEventType.OrderCancelled,
] as const;

/** Sent only by "send a test event", to that one endpoint. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
