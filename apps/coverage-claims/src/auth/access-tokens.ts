import type { KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { uuidv7 } from '#platform';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { requiredSecret } from './jwt.strategy.js';
import type { AccessTokenClaims, AuthenticatedUser } from './principal.js';

/** Signs access tokens: HS256 with JWT_SECRET, JWT_ISSUER, JWT_AUDIENCE, ACCESS_TOKEN_TTL_SECONDS. */
@Injectable()
export class AccessTokenSigner {
  private readonly secret: KeyObject;

  constructor(private readonly config: CoverageClaimsConfig) {
    this.secret = requiredSecret(config.JWT_SECRET);
  }

  get expiresIn(): number {
    return this.config.ACCESS_TOKEN_TTL_SECONDS;
  }

  sign(user: AuthenticatedUser): string {
    const claims: Omit<AccessTokenClaims, 'sub'> = { org: user.organisationId, role: user.role, sid: user.signInId };
    return jwt.sign(claims, this.secret, {
      algorithm: 'HS256',
      subject: user.userId,
      issuer: this.config.JWT_ISSUER,
      audience: this.config.JWT_AUDIENCE,
      expiresIn: this.expiresIn,
      jwtid: uuidv7(),
    });
  }
}
