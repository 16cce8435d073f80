import { Module } from '@nestjs/common';
import { AllocationModule } from '../allocation/allocation.module.js';
import { FilesModule } from '../files/files.module.js';
import { LeadsModule } from '../leads/leads.module.js';
import { WebhookOutboxModule } from '../webhooks/webhook-outbox.module.js';
import { LeadAsAdminController } from './lead-as-admin.controller.js';
import { LeadAsController } from './lead-as.controller.js';
import { LeadAsRepository } from './lead-as.repository.js';
import { LeadAsService } from './lead-as.service.js';

@Module({
  imports: [LeadsModule, FilesModule, AllocationModule, WebhookOutboxModule],
  controllers: [LeadAsController, LeadAsAdminController],
  providers: [LeadAsRepository, LeadAsService],
  exports: [LeadAsService],
})
export class LeadAsModule {}
