import { Module } from '@nestjs/common';
import { AllocationRepository } from './allocation.repository.js';
import { ReservationActivator } from './reservation-activator.js';

@Module({
  providers: [AllocationRepository, ReservationActivator],
  exports: [AllocationRepository],
})
export class AllocationModule {}
