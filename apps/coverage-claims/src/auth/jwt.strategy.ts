import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { isUUID } from 'class-validator';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { UsersService } from '../users/users.service.js';
import { UserRole, type AccessTokenClaims, type UserPrincipal } from './principal.js';

export const JWT_STRATEGY = 'jwt';

const ROLES = new Set<string>(Object.values(UserRole));

export function requiredSecret(secret: string | undefined): string {
  if (!secret) throw new Error('JWT_SECRET is not set');
  return secret;
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    config: CoverageClaimsConfig,
    private readonly users: UsersService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: requiredSecret(config.JWT_SECRET),
      algorithms: ['HS256'],
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  /**
   * A signature-valid token whose claims are incomplete is still refused, and so is the token of a
   * user who has since been deleted, disabled or moved: the user is read on every request (a primary
   * key look-up), and their current role is what the handler sees.
   */
  async validate(claims: Partial<AccessTokenClaims>): Promise<UserPrincipal | false> {
    if (
      typeof claims.sub !== 'string' ||
      !isUUID(claims.sub) ||
      typeof claims.org !== 'string' ||
      typeof claims.role !== 'string' ||
      !ROLES.has(claims.role)
    ) {
      return false;
    }
    return (await this.users.activePrincipal(claims.sub, claims.org)) ?? false;
  }
}
