import { Module } from '@nestjs/common';
import { AllocationModule } from '../allocation/allocation.module.js';
import { LeadAsModule } from '../lead-as/lead-as.module.js';
import { LeadsModule } from '../leads/leads.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookMetrics } from './webhook-metrics.js';
import { WebhookPayloadRenderer } from './webhook-payloads.js';
import { WebhookRetentionSweep } from './webhook-retention.sweep.js';
import { WebhookSecrets } from './webhook-secrets.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhookWorker } from './webhook-worker.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Partners' webhook endpoints, the outbox (recorded by the owner of each change through WebhookOutboxModule), the delivery
 * worker and the delivery log (docs/decisions/webhooks.md).
 */
@Module({
  // The payload renderer reads leads, hand-overs, AS requests and orders through their features' services.
  imports: [LeadsModule, LeadAsModule, OrdersModule, AllocationModule],
  controllers: [WebhooksController],
  providers: [
    WebhookSecrets,
    WebhookPayloadRenderer,
    // The endpoints API and the delivery log.
    WebhooksRepository,
    WebhooksService,
    // The delivery worker, and the log's retention.
    WebhookDeliveriesRepository,
    WebhookSender,
    WebhookMetrics,
    WebhookWorker,
    WebhookRetentionSweep,
  ],
})
export class WebhooksModule {}
