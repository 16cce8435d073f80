import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { OperatorAuthenticator, type RateLimitHit, type RateLimitPolicy, type RateLimitRules } from '#platform';
import { ApiKeysService } from '../api-keys/api-keys.service.js';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';

/**
 * lead-distribution's rate limits besides the platform's `ip` and `upload`: each API key counts
 * against the policy of its role (`partner`, `provider`), by the key's id, and an operator credential
 * against `operator`, by a hash of it. The key is
 * authenticated here (once per request: the guard gets the same answer), so a limit is only ever charged to
 * a key the caller holds; an unknown key counts against `ip` alone, and the guard answers 401.
 */
@Injectable()
export class LeadDistributionRateLimits implements RateLimitRules {
  readonly policies: RateLimitPolicy[];

  constructor(
    config: LeadDistributionConfig,
    private readonly apiKeys: ApiKeysService,
    private readonly operators: OperatorAuthenticator,
  ) {
    const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS;
    this.policies = [
      { name: 'partner', limit: config.RATE_LIMIT_PARTNER, windowSeconds },
      { name: 'provider', limit: config.RATE_LIMIT_PROVIDER, windowSeconds },
      { name: 'operator', limit: config.RATE_LIMIT_OPERATOR, windowSeconds },
    ];
  }

  async hitsFor(request: FastifyRequest): Promise<RateLimitHit[]> {
    // An operator credential (session cookie, personal or bootstrap key) by a hash of it.
    const operator = this.operators.credentialSubject(request);
    if (operator !== null) return [{ policy: 'operator', subject: operator }];
    const presented = request.headers['x-api-key'];
    if (typeof presented !== 'string' || presented === '') return [];
    const principal = await this.apiKeys.authenticateRequest(request, presented);
    return principal ? [{ policy: principal.role, subject: principal.keyId }] : [];
  }
}
