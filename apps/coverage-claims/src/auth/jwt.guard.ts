import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { IS_PUBLIC } from '#platform';
import { USER_ROLES } from './auth.decorators.js';
import { AuthErrors } from './auth.errors.js';
import { JWT_STRATEGY } from './jwt.strategy.js';
import type { UserPrincipal, UserRole } from './principal.js';

/** Global guard of coverage-claims: every route needs a valid Bearer access token unless @Public. */
@Injectable()
export class JwtAuthGuard extends AuthGuard(JWT_STRATEGY) {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
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
