import { Module } from '@nestjs/common';
import { WebhookOutboxService } from './webhook-outbox.service.js';

/**
 * The outbox, for the features whose changes are webhook events (allocation, lead-as, orders): a
 * module of its own, apart from WebhooksModule, which reads those features to render payloads.
 */
@Module({
  providers: [WebhookOutboxService],
  exports: [WebhookOutboxService],
})
export class WebhookOutboxModule {}
