import { WEBHOOK_SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_TEST_EVENT, WebhookAttemptOutcome, WebhookDeliveryStatus } from '#contracts';

/**
 * The service's names for the webhook vocabulary, which the contracts define once (the API's enums
 * and the DTOs' validation read the same values): the subscribable event types (docs/decisions/webhooks.md
 * has the catalogue), the test event, delivery states and attempt outcomes.
 */
export const WEBHOOK_EVENT_TYPES = WEBHOOK_SUBSCRIBABLE_EVENT_TYPES;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by "send a test event", to that one endpoint, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT_TYPE = WEBHOOK_TEST_EVENT;

export { WebhookAttemptOutcome as AttemptOutcome, WebhookDeliveryStatus as DeliveryStatus };
