import { Module } from '@nestjs/common';
import { AllocationModule } from '../allocation/allocation.module.js';
import { LeadAsModule } from '../lead-as/lead-as.module.js';
import { LeadsModule } from '../leads/leads.module.js';
import { OrdersModule } from '../orders/orders.module.js';
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
  imports: [LeadsModule, LeadAsModule, OrdersModule, AllocationModule],
  controllers: [WebhooksController],
  providers: [WebhookSecrets, WebhookPayloadRenderer, WebhooksRepository, WebhooksService, WebhookRetentionSweep],
})
export class WebhooksModule {}
