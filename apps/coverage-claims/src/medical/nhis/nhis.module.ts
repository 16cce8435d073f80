import { Module } from '@nestjs/common';
import { CustomersModule } from '../../customers/customers.module.js';
import { TermsModule } from '../../terms/terms.module.js';
import { NhisAuthController } from './nhis-auth.controller.js';
import { NhisAuthRepository } from './nhis-auth.repository.js';
import { NhisAuthService } from './nhis-auth.service.js';
import { NHIS } from './nhis.port.js';
import { nhisProvider } from './nhis.provider.js';

/**
 * The NHIS port (NHIS, the adapter NHIS_ADAPTER names) and simple authentication. The check-up lookup
 * uses NhisAuthService.requireLookup and the port.
 */
@Module({
  imports: [CustomersModule, TermsModule],
  controllers: [NhisAuthController],
  providers: [nhisProvider, NhisAuthRepository, NhisAuthService],
  exports: [NHIS, NhisAuthService],
})
export class NhisModule {}
