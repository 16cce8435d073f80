import { Module } from '@nestjs/common';
import { WebhookPayloadRenderer } from './webhook-payloads.js';
import { WebhookRetentionSweep } from './webhook-retention.sweep.js';
import { WebhookSecrets } from './webhook-secrets.js';

/**
 * Partners' webhook endpoints, the outbox (written by triggers, migration Webhooks), the delivery
 * worker and the delivery log (docs/decisions/webhooks.md).
 */
@Module({
  providers: [WebhookSecrets, WebhookPayloadRenderer, WebhookRetentionSweep],
})
export class WebhooksModule {}
