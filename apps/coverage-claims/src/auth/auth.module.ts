import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RATE_LIMIT_RULES } from '#platform';
import { OrganisationsModule } from '../organisations/organisations.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccessTokenSigner, AccessTokenVerifier } from './access-tokens.js';
import { AuthController } from './auth.controller.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { JwtAuthGuard } from './jwt.guard.js';
import { CoverageClaimsRateLimits } from './rate-limits.js';

@Module({
  imports: [UsersModule, OrganisationsModule],
  controllers: [AuthController],
  providers: [
    AccessTokenSigner,
    AccessTokenVerifier,
    AuthRepository,
    AuthService,
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: RATE_LIMIT_RULES, useClass: CoverageClaimsRateLimits },
  ],
})
export class AuthModule {}
