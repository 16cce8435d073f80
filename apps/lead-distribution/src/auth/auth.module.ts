import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { PartnersModule } from '../partners/partners.module.js';
import { ApiKeyGuard } from './api-key.guard.js';
import { ApiKeyStrategy } from './api-key.strategy.js';
import { PartnerAccess } from './partner-access.js';

@Module({
  imports: [PassportModule, ApiKeysModule, PartnersModule],
  providers: [ApiKeyStrategy, PartnerAccess, { provide: APP_GUARD, useClass: ApiKeyGuard }],
  exports: [PartnerAccess],
})
export class AuthModule {}
