import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { IS_PUBLIC, OperatorAuthenticator, setAccessActor } from '#platform';
import { UsersService } from '../users/users.service.js';
import { AccessTokenVerifier } from './access-tokens.js';
import { OPERATOR_ONLY, USER_ROLES } from './auth.decorators.js';
import { AuthErrors } from './auth.errors.js';
import type { AuthenticatedUser, UserRole } from './principal.js';

/**
 * Global guard of coverage-claims, failing closed: a route is @Public, an operator operation
 * (@OperatorOnly or @OperatorRole: the operator session cookie, a personal key or the bootstrap key,
 * authorised by OperatorAuthenticator against the route's @OperatorRole), or needs a valid Bearer
 * access token of a user who still exists and is active.
 */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly operators: OperatorAuthenticator,
    private readonly tokens: AccessTokenVerifier,
    private readonly users: UsersService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthenticatedUser }>();
    if (this.reflector.getAllAndOverride<boolean>(OPERATOR_ONLY, targets) || this.operators.roleOf(context) !== undefined) {
      await this.operators.authenticate(request, context);
      return true;
    }
    const user = await this.authenticate(request);
    request.user = user;
    setAccessActor(request, { kind: 'planner', id: user.userId });
    const roles = this.reflector.getAllAndOverride<UserRole[] | undefined>(USER_ROLES, targets);
    if (roles && !roles.includes(user.role)) throw AuthErrors.roleForbidden();
    return true;
  }

  /**
   * The token's user, as stored now. A token whose signature and claims check out is still refused
   * when its user has since been deleted, disabled or moved, or its sign-in revoked (sign-out, a
   * reused refresh token) or ended: the user and the sign-in are read on every request (one
   * primary-key look-up each, in one statement), and the user's current role is what the handler sees.
   */
  private async authenticate(request: FastifyRequest): Promise<AuthenticatedUser> {
    const token = this.tokens.of(request);
    if (token.kind === 'none') throw AuthErrors.tokenMissing();
    if (token.kind === 'invalid') throw AuthErrors.tokenInvalid();
    const { sub, org, sid } = token.claims;
    const user = await this.users.activePrincipal(sub, org, sid);
    if (!user) throw AuthErrors.tokenInvalid();
    return user;
  }
}
