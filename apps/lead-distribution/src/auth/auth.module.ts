import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RATE_LIMIT_RULES } from '#platform';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { PartnersModule } from '../partners/partners.module.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { PartnerAccess } from './partner-access.js';
import { LeadDistributionRateLimits } from './rate-limits.js';

@Module({
  imports: [ApiKeysModule, PartnersModule],
  providers: [
    PartnerAccess,
    { provide: APP_GUARD, useClass: ApiKeyGuard },
    { provide: RATE_LIMIT_RULES, useClass: LeadDistributionRateLimits },
  ],
  exports: [PartnerAccess],
})
export class AuthModule {}
