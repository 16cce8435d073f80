import { Injectable, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { IS_PUBLIC } from '#platform';
import { ApiKeyRole, isIntId } from '#contracts';
import { ApiKeyErrors } from '../api-keys/api-keys.errors.js';
import { API_KEY_STRATEGY } from './api-key.strategy.js';
import { PARTNER_SCOPE, ROLES, type PartnerScopeOptions } from './auth.decorators.js';
import { AuthErrors } from './auth.errors.js';
import { PartnerAccess } from './partner-access.js';
import type { ApiKeyPrincipal, AuthenticatedRequest } from './principal.js';

/**
 * The one guard of lead-distribution, installed globally: authenticates X-API-Key (401), checks the
 * key's role against @Roles (403 ROLE_FORBIDDEN) and, on @PartnerScoped routes, the partner the call
 * acts for (403 PARTNER_FORBIDDEN).
 */
@Injectable()
export class ApiKeyGuard extends AuthGuard(API_KEY_STRATEGY) {
  constructor(
    private readonly reflector: Reflector,
    private readonly partnerAccess: PartnerAccess,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    await super.canActivate(context);
    const request = context.switchToHttp().getRequest<FastifyRequest & AuthenticatedRequest>();
    const principal = request.user!;

    const roles = this.reflector.getAllAndOverride<ApiKeyRole[] | undefined>(ROLES, targets) ?? [];
    if (!roles.includes(principal.role)) throw AuthErrors.roleForbidden();

    const scope = this.reflector.getAllAndOverride<PartnerScopeOptions | undefined>(PARTNER_SCOPE, targets);
    if (!scope) return true;
    const requested = requestedPartnerId(request);
    if (principal.role === ApiKeyRole.Provider && scope.providers) {
      // A provider key acts for its own provider and never for a partner.
      if (requested !== undefined) throw Number.isNaN(requested) ? AuthErrors.partnerIdInvalid() : AuthErrors.partnerForbidden(requested);
      return true;
    }
    request.actingPartnerId = await this.partnerAccess.resolve(principal, requested, scope);
    return true;
  }

  override handleRequest<TUser = ApiKeyPrincipal>(error: unknown, user: TUser | false, _info: unknown, context: ExecutionContext): TUser {
    if (error) throw error;
    if (!user) {
      const request = context.switchToHttp().getRequest<FastifyRequest>();
      throw request.headers['x-api-key'] ? ApiKeyErrors.invalid() : ApiKeyErrors.missing();
    }
    return user;
  }
}

/** `partnerId` from the query, else the JSON body; undefined when absent, NaN when not an integer id (1 to int4 max). */
function requestedPartnerId(request: FastifyRequest): number | undefined {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.partnerId;
  const fromBody =
    typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>).partnerId : undefined;
  const raw = fromQuery ?? fromBody;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  return isIntId(value) ? value : Number.NaN;
}
