import { Module } from '@nestjs/common';
import { WebhookPayloadRenderer } from './webhook-payloads.js';
import { WebhookRetentionSweep } from './webhook-retention.sweep.js';
import { WebhookSecrets } from './webhook-secrets.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Partners' webhook endpoints, the outbox (written by triggers, migration Webhooks), the delivery
 * worker and the delivery log (docs/decisions/webhooks.md).
 */
@Module({
  controllers: [WebhooksController],
  providers: [WebhookSecrets, WebhookPayloadRenderer, WebhooksRepository, WebhooksService, WebhookRetentionSweep],
})
export class WebhooksModule {}
