import type { KeyObject } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import jwt from 'jsonwebtoken';
import { credentialSubject, type RateLimitHit, type RateLimitPolicy, type RateLimitRules } from '#platform';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { accessTokenVerifyOptions, requiredSecret } from './jwt.strategy.js';
import { OperatorKeys } from './operator-keys.js';

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i;

/**
 * coverage-claims' rate limits besides the platform's `ip` and `upload`:
 * - `planner`: every request with a Bearer access token, by the planner (`sub`) of a token whose
 *   signature, issuer, audience and expiry check out, so the limit follows the planner across token
 *   refreshes and nobody can charge it to another planner; a token that does not verify counts
 *   against `ip` alone, and the guard answers 401;
 * - `operator`: a configured operator key in X-API-Key, by a hash of the key;
 * - `sign-in`: the sign-in routes (`@RateLimitedBy('sign-in')`), by client address;
 * - `sms-planner` and `sms-organisation`: the one-time-number request, which sends an SMS (SMS
 *   pumping), by the verified planner and by their organisation, over RATE_LIMIT_SMS_WINDOW_SECONDS.
 */
@Injectable()
export class CoverageClaimsRateLimits implements RateLimitRules {
  readonly policies: RateLimitPolicy[];
  private readonly secret: KeyObject;

  constructor(
    private readonly config: CoverageClaimsConfig,
    private readonly operatorKeys: OperatorKeys,
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
    this.secret = requiredSecret(config.JWT_SECRET);
  }

  hitsFor(request: FastifyRequest, clientAddress: string): RateLimitHit[] {
    const route = request.routeOptions.config?.rateLimits ?? [];
    const hits: RateLimitHit[] = [];
    if (route.includes('sign-in')) hits.push({ policy: 'sign-in', subject: clientAddress });

    const apiKey = request.headers['x-api-key'];
    if (typeof apiKey === 'string' && apiKey !== '' && this.operatorKeys.matches(apiKey)) {
      hits.push({ policy: 'operator', subject: credentialSubject(apiKey) });
    }

    const planner = this.verifiedPlanner(request.headers.authorization);
    if (planner) {
      hits.push({ policy: 'planner', subject: planner.sub });
      if (route.includes('sms-planner')) hits.push({ policy: 'sms-planner', subject: planner.sub });
      if (route.includes('sms-organisation')) hits.push({ policy: 'sms-organisation', subject: planner.org });
    }
    return hits;
  }

  /** `sub` and `org` of a Bearer access token that verifies as the guard's strategy verifies it; else undefined. */
  private verifiedPlanner(authorization: string | undefined): { sub: string; org: string } | undefined {
    const token = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
    if (token === undefined) return undefined;
    try {
      const claims = jwt.verify(token, this.secret, accessTokenVerifyOptions(this.config));
      if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.org !== 'string') return undefined;
      return { sub: claims.sub, org: claims.org };
    } catch {
      return undefined;
    }
  }
}
