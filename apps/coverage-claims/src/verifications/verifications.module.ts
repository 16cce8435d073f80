import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { SmsModule } from '../integrations/sms/sms.module.js';
import { TermsModule } from '../terms/terms.module.js';
import { VerificationsController } from './verifications.controller.js';
import { VerificationsErasure } from './verifications-erasure.js';
import { VerificationsRepository } from './verifications.repository.js';
import { VerificationsService } from './verifications.service.js';

/** One-time number verification. VerificationsService.requireVerifiedCustomer is what the coverage analysis uses. */
@Module({
  imports: [CustomersModule, TermsModule, SmsModule],
  controllers: [VerificationsController],
  providers: [VerificationsRepository, VerificationsService, VerificationsErasure],
  exports: [VerificationsService],
})
export class VerificationsModule {}
