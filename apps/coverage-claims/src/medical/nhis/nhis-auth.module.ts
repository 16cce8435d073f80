import { Module } from '@nestjs/common';
import { CustomersModule } from '../../customers/customers.module.js';
import { NhisModule } from '../../integrations/nhis/nhis.module.js';
import { TermsModule } from '../../terms/terms.module.js';
import { NhisAuthController } from './nhis-auth.controller.js';
import { NhisAuthRepository } from './nhis-auth.repository.js';
import { NhisAuthService } from './nhis-auth.service.js';
import { NhisAuthSweep } from './nhis-auth.sweep.js';

/**
 * Simple authentication with the national health insurer, over the NHIS port (integrations/nhis,
 * re-exported). The check-up lookup uses NhisAuthService.requireLookup and the port.
 */
@Module({
  imports: [NhisModule, CustomersModule, TermsModule],
  controllers: [NhisAuthController],
  providers: [NhisAuthRepository, NhisAuthService, NhisAuthSweep],
  exports: [NhisModule, NhisAuthService],
})
export class NhisAuthModule {}
