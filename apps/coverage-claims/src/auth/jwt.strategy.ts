import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { UserRole, type AccessTokenClaims, type UserPrincipal } from './principal.js';

export const JWT_STRATEGY = 'jwt';

const ROLES = new Set<string>(Object.values(UserRole));

function requiredSecret(secret: string | undefined): string {
  if (!secret) throw new Error('JWT_SECRET is not set');
  return secret;
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(config: CoverageClaimsConfig) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: requiredSecret(config.JWT_SECRET),
      algorithms: ['HS256'],
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  /** A signature-valid token whose claims are incomplete is still refused. */
  validate(claims: Partial<AccessTokenClaims>): UserPrincipal | false {
    if (typeof claims.sub !== 'string' || typeof claims.org !== 'string' || typeof claims.role !== 'string' || !ROLES.has(claims.role)) {
      return false;
    }
    return { userId: claims.sub, organisationId: claims.org, role: claims.role };
  }
}
