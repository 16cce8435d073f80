import type { ApiKeyRole } from '#contracts';

/** Who is calling, as established from the X-API-Key header. */
export type ApiKeyPrincipal =
  | { role: ApiKeyRole.Operator; keyId: string }
  | { role: ApiKeyRole.Partner; keyId: string; partnerId: number }
  | { role: ApiKeyRole.Provider; keyId: string; providerId: string };

/** What the guard leaves on the request for the parameter decorators. */
export interface AuthenticatedRequest {
  user?: ApiKeyPrincipal;
  actingPartnerId?: number;
}

/**
 * Who a response may show contacts to: the partner the call acts for, and the key and request that
 * an audit row of a contact shown in clear names.
 */
export interface ContactViewer {
  partnerId: number;
  apiKeyId: string;
  requestId: string;
}

/** Whom a call acts for where providers may call too: a partner (resolved by PartnerAccess) or the key's provider. */
export type ActingOwner = { partnerId: number } | { providerId: string };
