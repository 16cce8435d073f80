import { createSecretKey, type KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { isUUID } from 'class-validator';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { UsersService } from '../users/users.service.js';
import { UserRole, type AccessTokenClaims, type AuthenticatedUser } from './principal.js';

export const JWT_STRATEGY = 'jwt';

const ROLES = new Set<string>(Object.values(UserRole));

/**
 * JWT_SECRET as a secret KeyObject, made once. jsonwebtoken given a string first tries to parse it
 * as a public (or private) key, which throws, and only then makes a secret key of it: on every
 * verify that was about a fifth of a Bearer request's CPU (docs/benchmarks.md).
 */
export function requiredSecret(secret: string | undefined): KeyObject {
  if (!secret) throw new Error('JWT_SECRET is not set');
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

/** How an access token is verified, wherever it is: HS256 only, this service's issuer and audience, not expired. */
export function accessTokenVerifyOptions(config: CoverageClaimsConfig) {
  return { algorithms: ['HS256' as const], issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE };
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    config: CoverageClaimsConfig,
    private readonly users: UsersService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // passport-jwt hands the key to jsonwebtoken.verify unchanged; its types predate KeyObject.
      secretOrKey: requiredSecret(config.JWT_SECRET) as unknown as Buffer,
      ...accessTokenVerifyOptions(config),
      ignoreExpiration: false,
    });
  }

  /**
   * A signature-valid token whose claims are incomplete is still refused, and so is the token of a
   * user who has since been deleted, disabled or moved, or of a sign-in that has been revoked (sign-
   * out, a reused refresh token) or has ended: the user and the sign-in are read on every request
   * (one primary-key look-up each, in one statement), and the user's current role is what the
   * handler sees.
   */
  async validate(claims: Partial<AccessTokenClaims>): Promise<AuthenticatedUser | false> {
    if (
      typeof claims.sub !== 'string' ||
      !isUUID(claims.sub) ||
      typeof claims.org !== 'string' ||
      typeof claims.role !== 'string' ||
      !ROLES.has(claims.role) ||
      typeof claims.sid !== 'string' ||
      !isUUID(claims.sid)
    ) {
      return false;
    }
    return (await this.users.activePrincipal(claims.sub, claims.org, claims.sid)) ?? false;
  }
}
