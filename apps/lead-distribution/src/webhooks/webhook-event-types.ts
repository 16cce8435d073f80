/** The events a partner's endpoint may subscribe to (docs/decisions/webhooks.md has the catalogue). */
export const WEBHOOK_EVENT_TYPES = ['lead.assigned', 'lead.recalled', 'lead_as.reviewed', 'order.completed', 'order.cancelled'] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by "send a test event", to that one endpoint, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** Delivery states. */
export const DeliveryStatus = { Pending: 'PENDING', Delivered: 'DELIVERED', Failed: 'FAILED' } as const;
export type DeliveryStatus = (typeof DeliveryStatus)[keyof typeof DeliveryStatus];

/** What one attempt came to. */
export const AttemptOutcome = {
  Success: 'SUCCESS',
  HttpError: 'HTTP_ERROR',
  Timeout: 'TIMEOUT',
  NetworkError: 'NETWORK_ERROR',
  BlockedAddress: 'BLOCKED_ADDRESS',
} as const;
export type AttemptOutcome = (typeof AttemptOutcome)[keyof typeof AttemptOutcome];
