import { Module } from '@nestjs/common';
import { CustomersModule } from '../../customers/customers.module.js';
import { NhisAuthModule } from '../nhis/nhis-auth.module.js';
import { CheckupsController } from './checkups.controller.js';
import { CheckupsRepository } from './checkups.repository.js';
import { CheckupsService } from './checkups.service.js';

/**
 * Customers' check-ups: the lookup through a completed NHIS authentication, the reference-range
 * table, and the store. CheckupsService.storedFor (and referenceRanges) is what the medical analysis
 * and reports read.
 */
@Module({
  imports: [NhisAuthModule, CustomersModule],
  controllers: [CheckupsController],
  providers: [CheckupsRepository, CheckupsService],
  exports: [CheckupsService],
})
export class CheckupsModule {}
