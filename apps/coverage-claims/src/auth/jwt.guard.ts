import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { IS_PUBLIC } from '#platform';
import { OPERATOR_ONLY, USER_ROLES } from './auth.decorators.js';
import { AuthErrors } from './auth.errors.js';
import { JWT_STRATEGY } from './jwt.strategy.js';
import { OperatorKeys } from './operator-keys.js';
import type { UserPrincipal, UserRole } from './principal.js';

/**
 * Global guard of coverage-claims, failing closed: a route is @Public, @OperatorOnly (an operator key
 * in X-API-Key), or needs a valid Bearer access token of a user who still exists and is active.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard(JWT_STRATEGY) {
  constructor(
    private readonly reflector: Reflector,
    private readonly operatorKeys: OperatorKeys,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    if (this.reflector.getAllAndOverride<boolean>(OPERATOR_ONLY, targets)) {
      this.operatorKeys.authenticate(context.switchToHttp().getRequest<FastifyRequest>());
      return true;
    }
    await super.canActivate(context);
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(USER_ROLES, targets);
    const user = context.switchToHttp().getRequest<{ user: UserPrincipal }>().user;
    if (roles && !roles.includes(user.role)) throw AuthErrors.roleForbidden();
    return true;
  }

  override handleRequest<TUser = UserPrincipal>(error: unknown, user: TUser | false, _info: unknown, context: ExecutionContext): TUser {
    if (error) throw error;
    if (!user) {
      const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization;
      throw header ? AuthErrors.tokenInvalid() : AuthErrors.tokenMissing();
    }
    return user;
  }
}
