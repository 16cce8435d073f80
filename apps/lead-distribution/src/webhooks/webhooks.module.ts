import { Module } from '@nestjs/common';
import { AllocationModule } from '../allocation/allocation.module.js';
import { LeadAsModule } from '../lead-as/lead-as.module.js';
import { LeadsModule } from '../leads/leads.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { WebhookPayloadRenderer } from './webhook-payloads.js';
import { WebhookSecrets } from './webhook-secrets.js';

/**
 * Partners' webhook endpoints, the outbox (written by triggers, migration Webhooks), the delivery
 * worker and the delivery log (docs/decisions/webhooks.md).
 */
@Module({
  imports: [LeadsModule, LeadAsModule, OrdersModule, AllocationModule],
  providers: [WebhookSecrets, WebhookPayloadRenderer],
})
export class WebhooksModule {}
