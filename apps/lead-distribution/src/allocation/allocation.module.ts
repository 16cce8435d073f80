import { Module } from '@nestjs/common';
import { WebhookOutboxModule } from '../webhooks/webhook-outbox.module.js';
import { AllocationRepository } from './allocation.repository.js';
import { AllocationService } from './allocation.service.js';
import { ReservationActivator } from './reservation-activator.js';

/** Allocation of leads to orders and the record of hand-overs; AllocationService is its only export. */
@Module({
  imports: [WebhookOutboxModule],
  providers: [AllocationRepository, AllocationService, ReservationActivator],
  exports: [AllocationService],
})
export class AllocationModule {}
