import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { matchesAnyHash, setAccessActor, sha256Hex } from '#platform';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { AuthErrors } from './auth.errors.js';

/** The operator keys of OPERATOR_API_KEYS, kept only as hashes and compared in constant time. */
@Injectable()
export class OperatorKeys {
  private readonly hashes: string[];

  constructor(config: CoverageClaimsConfig) {
    this.hashes = config.OPERATOR_API_KEYS.map(sha256Hex);
  }

  /** Refuses (401) a request without one of the configured keys in X-API-Key; names the caller for its access records. */
  authenticate(request: FastifyRequest): void {
    const presented = request.headers['x-api-key'];
    if (typeof presented !== 'string' || presented === '') throw AuthErrors.operatorKeyMissing();
    if (!this.matches(presented)) throw AuthErrors.operatorKeyInvalid();
    setAccessActor(request, { kind: 'bootstrap', id: `env:${sha256Hex(presented).slice(0, 8)}` });
  }

  /** Whether `presented` is one of the configured keys. */
  matches(presented: string): boolean {
    return matchesAnyHash(sha256Hex(presented), this.hashes);
  }
}
