import { Module } from '@nestjs/common';
import { CustomersModule } from '../../customers/customers.module.js';
import { NhisModule } from '../../integrations/nhis/nhis.module.js';
import { TermsModule } from '../../terms/terms.module.js';
import { TwoStepModule } from '../../two-step/two-step.module.js';
import { NhisAuthController } from './nhis-auth.controller.js';
import { NhisAuthService } from './nhis-auth.service.js';

/**
 * Simple authentication with the national health insurer, over the NHIS port (integrations/nhis,
 * re-exported); its sessions are two-step sign-ins (two-step/). The check-up lookup uses NhisAuthService.requireLookup and the port.
 */
@Module({
  imports: [NhisModule, CustomersModule, TermsModule, TwoStepModule],
  controllers: [NhisAuthController],
  providers: [NhisAuthService],
  exports: [NhisModule, NhisAuthService],
})
export class NhisAuthModule {}
