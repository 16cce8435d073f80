import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { OperatorAuthenticator, type RateLimitHit, type RateLimitPolicy, type RateLimitRules } from '#platform';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { AccessTokenVerifier } from './access-tokens.js';

/**
 * coverage-claims' rate limits besides the platform's `ip` and `upload`:
 * - `planner`: every request with a Bearer access token, by the planner (`sub`) of a token whose
 *   signature, issuer, audience, expiry and claims check out (verified once for the request: the
 *   guard reads the same outcome), so the limit follows the planner across token refreshes and nobody
 *   can charge it to another planner; a token that does not verify counts against `ip` alone, and the
 *   guard answers 401;
 * - `operator`: an operator credential (a bootstrap or personal key in X-API-Key, the session cookie), by a hash of it;
 * - `sign-in`: the sign-in routes (`@RateLimitedBy('sign-in')`), by client address;
 * - `sms-planner` and `sms-organisation`: the one-time-number request, which sends an SMS (SMS
 *   pumping), by the verified planner and by their organisation, over RATE_LIMIT_SMS_WINDOW_SECONDS.
 */
@Injectable()
export class CoverageClaimsRateLimits implements RateLimitRules {
  readonly policies: RateLimitPolicy[];

  constructor(
    config: CoverageClaimsConfig,
    private readonly operators: OperatorAuthenticator,
    private readonly tokens: AccessTokenVerifier,
  ) {
    const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS;
    const smsWindowSeconds = config.RATE_LIMIT_SMS_WINDOW_SECONDS;
    this.policies = [
      { name: 'planner', limit: config.RATE_LIMIT_PLANNER, windowSeconds },
      { name: 'operator', limit: config.RATE_LIMIT_OPERATOR, windowSeconds },
      { name: 'sign-in', limit: config.RATE_LIMIT_SIGN_IN, windowSeconds },
      { name: 'sms-planner', limit: config.RATE_LIMIT_SMS_PLANNER, windowSeconds: smsWindowSeconds },
      { name: 'sms-organisation', limit: config.RATE_LIMIT_SMS_ORGANISATION, windowSeconds: smsWindowSeconds },
    ];
  }

  hitsFor(request: FastifyRequest, clientAddress: string): RateLimitHit[] {
    const route = request.routeOptions.config?.rateLimits ?? [];
    const hits: RateLimitHit[] = [];
    if (route.includes('sign-in')) hits.push({ policy: 'sign-in', subject: clientAddress });

    const operator = this.operators.credentialSubject(request);
    if (operator !== null) hits.push({ policy: 'operator', subject: operator });

    const token = this.tokens.of(request);
    if (token.kind === 'verified') {
      const { sub, org } = token.claims;
      hits.push({ policy: 'planner', subject: sub });
      if (route.includes('sms-planner')) hits.push({ policy: 'sms-planner', subject: sub });
      if (route.includes('sms-organisation')) hits.push({ policy: 'sms-organisation', subject: org });
    }
    return hits;
  }
}
