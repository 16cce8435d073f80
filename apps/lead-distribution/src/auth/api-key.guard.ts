import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { IS_PUBLIC, OperatorAuthenticator, setAccessActor, type AccessActor } from '#platform';
import { ApiKeyRole, isIntId } from '#contracts';
import { ApiKeyErrors } from '../api-keys/api-keys.errors.js';
import { ApiKeysService } from '../api-keys/api-keys.service.js';
import { PARTNER_SCOPE, ROLES, type PartnerScopeOptions } from './auth.decorators.js';
import { AuthErrors } from './auth.errors.js';
import { PartnerAccess } from './partner-access.js';
import type { ApiKeyPrincipal, AuthenticatedRequest } from './principal.js';

/**
 * The one guard of lead-distribution, installed globally. An operator (the session cookie, a personal
 * `opk_` key or the bootstrap key) is authenticated and authorised by OperatorAuthenticator against
 * the route's @OperatorRole; any other X-API-Key is a partner or provider key (401 API_KEY_MISSING
 * without one, API_KEY_INVALID for an unknown or revoked one), checked against @Roles (403
 * ROLE_FORBIDDEN). On @PartnerScoped routes the partner the call acts for is checked too (403
 * PARTNER_FORBIDDEN).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
    private readonly partnerAccess: PartnerAccess,
    private readonly operators: OperatorAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<FastifyRequest & AuthenticatedRequest>();
    let principal: ApiKeyPrincipal;
    if (this.operators.presents(request)) {
      // The operator's role against the route's @OperatorRole (a route without one refuses operators).
      const operator = await this.operators.authenticate(request, context);
      principal = { role: ApiKeyRole.Operator, keyId: operator.id };
      request.user = principal;
    } else {
      const presented = request.headers['x-api-key'];
      if (typeof presented !== 'string' || presented === '') throw ApiKeyErrors.missing();
      const found = await this.apiKeys.authenticateRequest(request, presented);
      if (!found) throw ApiKeyErrors.invalid();
      principal = found;
      request.user = principal;
      setAccessActor(request, actorOf(principal));
      const roles = this.reflector.getAllAndOverride<ApiKeyRole[] | undefined>(ROLES, targets) ?? [];
      if (!roles.includes(principal.role)) throw AuthErrors.roleForbidden();
    }

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

/** The caller as its access records name it (operators are named by OperatorAuthenticator). */
function actorOf(principal: ApiKeyPrincipal): AccessActor {
  switch (principal.role) {
    case ApiKeyRole.Operator:
      return { kind: 'operator', id: principal.keyId };
    case ApiKeyRole.Partner:
      return { kind: 'partner-key', id: principal.keyId };
    case ApiKeyRole.Provider:
      return { kind: 'provider-key', id: principal.keyId };
  }
}
