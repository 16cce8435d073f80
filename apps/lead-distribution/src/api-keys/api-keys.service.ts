import { Injectable } from '@nestjs/common';
import { ApiKeyRole, type ApiKeyDto, type ApiKeyIssuedDto } from '#contracts';
import { uuidv7 } from '#platform';
import type { ApiKeyPrincipal } from '../auth/principal.js';
import { API_KEY_REVOKED_CHANNEL, ApiKeyCache } from './api-key-cache.js';
import { displayPrefix, generateApiKey, hashApiKey } from './api-key-secret.js';
import { ApiKeyErrors } from './api-keys.errors.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { ApiKey } from './entities/api-key.entity.js';

interface KeyOwner {
  role: ApiKeyRole;
  partnerId?: number;
  providerId?: string;
}

@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly cache: ApiKeyCache,
  ) {}

  private readonly byRequest = new WeakMap<object, Promise<ApiKeyPrincipal | null>>();

  /**
   * The principal of the request's X-API-Key (null: none, unknown or revoked), worked out once per
   * request: the rate limit's hook and the guard both ask, and the second gets the first's answer.
   */
  authenticateRequest(request: object, presented: string): Promise<ApiKeyPrincipal | null> {
    let outcome = this.byRequest.get(request);
    if (!outcome) {
      outcome = this.authenticate(presented);
      this.byRequest.set(request, outcome);
    }
    return outcome;
  }

  /**
   * The principal a presented partner or provider key stands for, or null when it is unknown or
   * revoked. Operators' keys (personal and bootstrap) are OperatorAuthenticator's.
   */
  async authenticate(presented: string): Promise<ApiKeyPrincipal | null> {
    const keyHash = hashApiKey(presented);
    const cached = this.cache.get(keyHash);
    if (cached) return cached;
    const generation = this.cache.begin();
    const key = await this.keys.findActiveByHash(keyHash);
    const principal = key ? principalOf(key) : null;
    if (principal) this.cache.set(keyHash, principal, generation);
    return principal;
  }

  /** Creates a key; the plain key is in the result and nowhere else, ever. */
  async issue(owner: KeyOwner, name: string | null): Promise<ApiKeyIssuedDto> {
    const plain = generateApiKey();
    const key = Object.assign(new ApiKey(), {
      id: uuidv7(),
      role: owner.role,
      partnerId: owner.partnerId ?? null,
      providerId: owner.providerId ?? null,
      name,
      prefix: displayPrefix(plain),
      keyHash: hashApiKey(plain),
      revokedAt: null,
    });
    const saved = await this.keys.insert(key);
    return { ...toApiKeyResponse(saved), apiKey: plain };
  }

  async listForPartner(partnerId: number): Promise<ApiKeyDto[]> {
    return (await this.keys.listForPartner(partnerId)).map(toApiKeyResponse);
  }

  async listForProvider(providerId: string): Promise<ApiKeyDto[]> {
    return (await this.keys.listForProvider(providerId)).map(toApiKeyResponse);
  }

  /** Revokes a key; it stops working on the next request, on every instance. Revoking twice is not an error. */
  async revoke(id: string): Promise<void> {
    const key = await this.keys.revoke(id, API_KEY_REVOKED_CHANNEL);
    if (!key) throw ApiKeyErrors.notFound(id);
    this.cache.forget(key.keyHash);
  }
}

function principalOf(key: ApiKey): ApiKeyPrincipal | null {
  switch (key.role) {
    case ApiKeyRole.Partner:
      return key.partnerId === null ? null : { role: ApiKeyRole.Partner, keyId: key.id, partnerId: key.partnerId };
    case ApiKeyRole.Provider:
      return key.providerId === null ? null : { role: ApiKeyRole.Provider, keyId: key.id, providerId: key.providerId };
    case ApiKeyRole.Operator:
      return { role: ApiKeyRole.Operator, keyId: key.id };
  }
}

export function toApiKeyResponse(key: ApiKey): ApiKeyDto {
  return {
    id: key.id,
    role: key.role,
    name: key.name,
    prefix: key.prefix,
    partnerId: key.partnerId,
    providerId: key.providerId,
    createdAt: key.createdAt.toISOString(),
    revokedAt: key.revokedAt ? key.revokedAt.toISOString() : null,
  };
}
