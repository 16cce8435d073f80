import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiKeyRole } from '#contracts';
import type { ActingOwner, ApiKeyPrincipal, AuthenticatedRequest, ContactViewer } from './principal.js';

export const ROLES = 'auth:roles';
export const PARTNER_SCOPE = 'auth:partnerScope';

export interface PartnerScopeOptions {
  /** A partner key may also act for partners below its own in the organisation tree. */
  descendants?: boolean;
  /** A provider key may call too, acting for its own provider (it names no partner); see @ActingFor(). */
  providers?: boolean;
}

/** The key roles allowed to call. Routes without it (and not @Public) are refused: fail closed. */
export const Roles = (...roles: ApiKeyRole[]) => SetMetadata(ROLES, roles);

/**
 * The operation acts for the partner named by `partnerId` (query or body). The guard checks the key
 * may act for it (403 PARTNER_FORBIDDEN) and resolves an omitted `partnerId` to the key's own partner;
 * the handler reads the result with @ActingPartnerId().
 */
export const PartnerScoped = (options: PartnerScopeOptions = {}) => SetMetadata(PARTNER_SCOPE, options);

export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): ApiKeyPrincipal => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.user) throw new Error('CurrentPrincipal used on a route without authentication');
  return request.user;
});

export const ActingPartnerId = createParamDecorator((_: unknown, context: ExecutionContext): number => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (request.actingPartnerId === undefined) throw new Error('ActingPartnerId used on a route without @PartnerScoped()');
  return request.actingPartnerId;
});

/** The acting partner with the key and request id, for operations that may show a contact in clear (audited). */
export const Viewer = createParamDecorator((_: unknown, context: ExecutionContext): ContactViewer => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest & FastifyRequest>();
  if (request.actingPartnerId === undefined || !request.user) throw new Error('Viewer used on a route without @PartnerScoped()');
  return { partnerId: request.actingPartnerId, apiKeyId: request.user.keyId, requestId: String(request.id) };
});

/** On @PartnerScoped({ providers: true }) routes: the key's provider for a provider key, else the acting partner. */
export const ActingFor = createParamDecorator((_: unknown, context: ExecutionContext): ActingOwner => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  if (request.user?.role === ApiKeyRole.Provider) return { providerId: request.user.providerId };
  if (request.actingPartnerId === undefined) throw new Error('ActingFor used on a route without @PartnerScoped()');
  return { partnerId: request.actingPartnerId };
});
