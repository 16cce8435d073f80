import { Inject, Injectable, Logger, Optional, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { AccessRecordSink, setAccessActor, type AccessEvent } from '../access-records/access-record.decorator.js';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import type { ServiceConfig } from '../config/service-config.js';
import { matchesAnyHash, sha256Hex } from '../crypto/secret-hash.js';
import { messageOf } from '../logging/message-of.js';
import { credentialSubject } from '../rate-limit/rate-limit.js';
import { CSRF_HEADER, sessionCookieOf } from './operator-cookie.js';
import { setOperatorPrincipal, type OperatorPrincipal } from './operator-principal.js';
import { BOOTSTRAP_ALLOWED, OPERATOR_ROLE, roleIncludes, type OperatorRoleLevel } from './operator-role.decorator.js';
import { OperatorErrors } from './operators.errors.js';
import { OperatorsRepository, type CredentialAccount } from './operators.repository.js';

/** Personal operator keys start so: the guards tell them from partner and provider keys without a look-up. */
export const OPERATOR_KEY_PREFIX = 'opk_';

/** A session ends after this many minutes without a request. */
export const SESSION_IDLE_MINUTES = 30;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Authenticates and authorises an operator: the session cookie, a personal API key (X-API-Key,
 * `opk_…`) or a bootstrap key (OPERATOR_API_KEYS). The account is read on every request (one
 * statement on primary keys), so a disabled account or a changed role takes effect on the next one.
 * Each service's guard calls it on operator operations and names the caller for the access records.
 */
@Injectable()
export class OperatorAuthenticator {
  private readonly logger = new Logger('OperatorAuthenticator');
  private readonly bootstrapHashes: string[];
  private readonly production: boolean;

  constructor(
    private readonly reflector: Reflector,
    private readonly repository: OperatorsRepository,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
    @Optional() private readonly sink?: AccessRecordSink,
  ) {
    this.bootstrapHashes = config.OPERATOR_API_KEYS.map(sha256Hex);
    this.production = config.NODE_ENV === 'production';
  }

  /** The least role the route needs of an operator; undefined: not an operator operation. */
  roleOf(context: ExecutionContext): OperatorRoleLevel | undefined {
    return this.reflector.getAllAndOverride<OperatorRoleLevel | undefined>(OPERATOR_ROLE, [context.getHandler(), context.getClass()]);
  }

  /** Whether the request carries an operator credential (a session cookie, an `opk_` key or a bootstrap key), before any look-up. */
  presents(request: FastifyRequest): boolean {
    return this.credentialSubject(request) !== null;
  }

  /**
   * What a rate limit charges an operator credential to: a hash of the key or cookie presented (a
   * caller can only ever charge a credential it holds), or null when there is none.
   */
  credentialSubject(request: FastifyRequest): string | null {
    const key = apiKeyOf(request);
    if (key !== undefined) {
      return key.startsWith(OPERATOR_KEY_PREFIX) || this.isBootstrapKey(key) ? credentialSubject(key) : null;
    }
    const cookie = sessionCookieOf(request);
    return cookie === undefined ? null : credentialSubject(cookie);
  }

  /**
   * The operator of the request, allowed to call the route (401 without a valid credential, 403 for
   * a role below the route's, a session request without its CSRF token, or a route that is not an
   * operator operation). Leaves the principal and the access actor on the request.
   */
  async authenticate(request: FastifyRequest, context: ExecutionContext): Promise<OperatorPrincipal> {
    const needed = this.roleOf(context);
    const principal = await this.principalOf(request, context);
    if (needed === undefined) throw OperatorErrors.notAnOperatorOperation();
    if (!roleIncludes(principal.role, needed)) throw OperatorErrors.roleForbidden(needed);
    setOperatorPrincipal(request, principal);
    setAccessActor(request, { kind: principal.kind, id: principal.id });
    return principal;
  }

  private async principalOf(request: FastifyRequest, context: ExecutionContext): Promise<OperatorPrincipal> {
    const key = apiKeyOf(request);
    if (key !== undefined) {
      if (this.isBootstrapKey(key)) return this.bootstrap(request, key, context);
      if (!key.startsWith(OPERATOR_KEY_PREFIX)) throw OperatorErrors.keyInvalid();
      const account = await this.repository.keyAccount(sha256Hex(key));
      if (!account) throw OperatorErrors.keyInvalid();
      if (account.revoked || account.disabled) {
        await this.record(request, account.accountId, 'key-refused', 'operator.api-key');
        throw OperatorErrors.keyInvalid();
      }
      return { kind: 'operator', id: account.accountId, role: roleOf(account), via: 'api-key' };
    }
    const cookie = sessionCookieOf(request);
    if (cookie === undefined) throw OperatorErrors.credentialMissing();
    const session = await this.repository.touchSession(sha256Hex(cookie), SESSION_IDLE_MINUTES);
    if (!session || session.disabled) throw OperatorErrors.sessionInvalid();
    if (STATE_CHANGING.has(request.method)) {
      const csrf = request.headers[CSRF_HEADER];
      if (typeof csrf !== 'string' || session.csrfHash === null || !matchesAnyHash(sha256Hex(csrf), [session.csrfHash])) {
        throw OperatorErrors.csrfInvalid();
      }
    }
    return {
      kind: 'operator',
      id: session.accountId,
      role: roleOf(session),
      via: 'session',
      session: { id: session.credentialId, expiresAt: session.expiresAt! },
    };
  }

  /**
   * OPERATOR_API_KEYS: an admin of its own outside production. In production only the creation of
   * the first admin account, and nothing once an enabled admin exists.
   */
  private async bootstrap(request: FastifyRequest, key: string, context: ExecutionContext): Promise<OperatorPrincipal> {
    const id = `env:${sha256Hex(key).slice(0, 8)}`;
    if (this.production) {
      if (await this.repository.hasEnabledAdmin()) {
        await this.record(request, id, 'key-refused', 'operator.bootstrap-key', 'bootstrap');
        throw OperatorErrors.bootstrapRetired();
      }
      const allowed = this.reflector.getAllAndOverride<boolean>(BOOTSTRAP_ALLOWED, [context.getHandler(), context.getClass()]);
      if (!allowed) throw OperatorErrors.bootstrapLimited();
    }
    return { kind: 'bootstrap', id, role: 'admin', via: 'bootstrap' };
  }

  private isBootstrapKey(key: string): boolean {
    return this.bootstrapHashes.length > 0 && matchesAnyHash(sha256Hex(key), this.bootstrapHashes);
  }

  /** A security event for the monthly review, where the access records are mounted; a failure to record does not change the answer. */
  async record(
    request: FastifyRequest,
    actorId: string,
    action: AccessEvent,
    operation: string,
    kind: 'operator' | 'bootstrap' = 'operator',
  ): Promise<void> {
    if (!this.sink) return;
    try {
      await this.sink.append({
        actor: { kind, id: actorId },
        address: request.ip,
        action,
        operation,
        subjects: [],
        requestId: String(request.id),
      });
    } catch (error) {
      this.logger.warn({ error: messageOf(error) }, 'A security event could not be recorded');
    }
  }
}

function apiKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['x-api-key'];
  return typeof key === 'string' && key !== '' ? key : undefined;
}

function roleOf(account: CredentialAccount): OperatorRoleLevel {
  return account.role as OperatorRoleLevel;
}
