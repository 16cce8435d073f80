import { Module } from '@nestjs/common';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookMetrics } from './webhook-metrics.js';
import { WebhookPayloadRenderer } from './webhook-payloads.js';
import { WebhookSecrets } from './webhook-secrets.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhookWorker } from './webhook-worker.js';

/**
 * Partners' webhook endpoints, the outbox (written by triggers, migration Webhooks), the delivery
 * worker and the delivery log (docs/decisions/webhooks.md).
 */
@Module({
  providers: [
    WebhookSecrets,
    WebhookPayloadRenderer,
    // The delivery worker.
    WebhookDeliveriesRepository,
    WebhookSender,
    WebhookMetrics,
    WebhookWorker,
  ],
})
export class WebhooksModule {}
