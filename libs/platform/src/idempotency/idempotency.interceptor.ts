import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import { Inject, Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, from, lastValueFrom } from 'rxjs';
import { DataSource, type EntityManager } from 'typeorm';
import { accessActorOf } from '../access-records/access-record.decorator.js';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import type { FieldEncryptionConfig } from '../config/field-encryption-config.js';
import type { ServiceConfig } from '../config/service-config.js';
import { sha256Hex } from '../crypto/secret-hash.js';
import { isDatabaseUnavailable } from '../http/database-unavailable.js';
import { ProblemException } from '../http/problem.js';
import { validationFailed } from '../http/validation.js';
import { messageOf } from '../logging/message-of.js';

/** The credential the guard established: an API key (keyId) or a user token (userId). */
type CallerRequest = FastifyRequest & { user?: { keyId?: string; userId?: string } };

/**
 * Whose keys a request's Idempotency-Key is among: an operator's own (`operator:<account id>`, or the
 * bootstrap key's `bootstrap:env:…`), else the API key's or the user's id. Two operators sending the
 * same key never share an answer.
 */
function scopeOf(request: CallerRequest): string {
  const actor = accessActorOf(request);
  if (actor && (actor.kind === 'operator' || actor.kind === 'bootstrap')) return `${actor.kind}:${actor.id}`;
  return request.user?.keyId ?? request.user?.userId ?? 'anonymous';
}

/** Metadata key of a route's IdempotentOptions. */
export const IDEMPOTENCY_OPTIONS = Symbol('idempotency-options');

export interface IdempotentOptions {
  /**
   * The subject a successful response is about (`customer:<id>`), stored with the record so that
   * erasing the subject deletes the record too (forgetIdempotencyRecords); null when it names none.
   */
  subjectOf?: (response: never) => string | null;
}

const KEY = /^[\x21-\x7e]{1,255}$/;

/** The status Nest answers a successful call of this handler with (set after interceptors run). */
function successStatus(context: ExecutionContext, method: string): number {
  const declared: unknown = Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler());
  return typeof declared === 'number' ? declared : method === 'POST' ? 201 : 200;
}
const IDEMPOTENCY_TTL_HOURS = 24;
/** About one claim in a hundred also deletes expired records, so the table stays bounded without a scheduler. */
const PURGE_PROBABILITY = 0.01;

const IdempotencyErrors = {
  invalidKey: () => validationFailed([{ field: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }]),
  reused: () => new ProblemException(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request'),
  inProgress: (retryAfterSeconds: number) =>
    new ProblemException(
      409,
      'IDEMPOTENCY_REQUEST_IN_PROGRESS',
      'The first request with this Idempotency-Key is still being handled',
      undefined,
      {
        headers: { 'Retry-After': String(Math.max(1, retryAfterSeconds)) },
      },
    ),
};

/**
 * The key a request holds while its handler runs. `token` fences the answer: it is stored only while
 * the record still carries it, so a request whose claim was taken over stores nothing.
 */
export interface IdempotencyClaim {
  readonly scope: string;
  readonly key: string;
  readonly token: string;
  /** The status a success answers (201 for a POST unless @HttpCode says otherwise). */
  readonly status: number;
  readonly subjectOf: ((response: never) => string | null) | undefined;
  /** The answer was stored in the effect's own transaction (settleIdempotencyClaims). */
  settled: boolean;
}

const claims = new AsyncLocalStorage<IdempotencyClaim>();

/**
 * The Idempotency-Key claim of the request being handled, or null (no key, or a route that is not
 * @Idempotent). A service whose effect is one transaction reads it when the request arrives and
 * stores the answer in that transaction (settleIdempotencyClaims): then the answer commits with the
 * effect, and a retry after a database outage gets it whatever moment the connection died.
 */
export function currentIdempotencyClaim(): IdempotencyClaim | null {
  return claims.getStore() ?? null;
}

/** The claim of a request was taken over while it ran (its lease ran out): its effect must not commit. */
export class IdempotencyClaimLost extends ProblemException {
  constructor() {
    super(409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS', 'The first request with this Idempotency-Key is still being handled');
  }
}

/**
 * Stores the answers of claimed requests in the caller's transaction, the one that commits their
 * effect. Throws IdempotencyClaimLost, for the caller to roll back, when a claim is no longer held.
 */
export async function settleIdempotencyClaims(
  tx: EntityManager,
  answers: ReadonlyArray<{ claim: IdempotencyClaim; body: unknown }>,
): Promise<void> {
  if (answers.length === 0) return;
  // An UPDATE answers [rows, count] through TypeORM.
  const [, stored] = await tx.query<[unknown[], number]>(
    `UPDATE idempotency_records r
        SET status_code = a.status, response_body = a.body, subject = a.subject
       FROM unnest($1::varchar[], $2::varchar[], $3::uuid[], $4::int[], $5::jsonb[], $6::varchar[]) AS a(scope, key, token, status, body, subject)
      WHERE r.scope = a.scope AND r.idempotency_key = a.key AND r.claim_token = a.token AND r.status_code IS NULL`,
    [
      answers.map(({ claim }) => claim.scope),
      answers.map(({ claim }) => claim.key),
      answers.map(({ claim }) => claim.token),
      answers.map(({ claim }) => claim.status),
      answers.map(({ body }) => JSON.stringify(body ?? null)),
      answers.map(({ claim, body }) => claim.subjectOf?.(body as never) ?? null),
    ],
  );
  if (stored !== answers.length) throw new IdempotencyClaimLost();
  for (const { claim } of answers) claim.settled = true;
}

/**
 * Stores `body` as the answer to the current request's Idempotency-Key (if it sent one) in `tx`, the
 * transaction of its effect, for a service whose operation is one transaction: call it last in that
 * transaction, with the response the operation returns.
 */
export async function settleIdempotentAnswer(tx: EntityManager, body: unknown): Promise<void> {
  const claim = currentIdempotencyClaim();
  if (claim) await settleIdempotencyClaims(tx, [{ claim, body }]);
}

/**
 * Replays the first successful response to a request repeated with the same Idempotency-Key (bound
 * by @Idempotent to the routes it marks). The key is claimed before the handler runs, so concurrent
 * repeats wait their turn (409 with Retry-After) rather than both creating. The answer is stored
 * under the claim's token: by the effect's own transaction where the service does so
 * (settleIdempotencyClaims), else after the handler. While the request runs its claim is renewed,
 * so a long request keeps its key. A failed first request releases the key; when the release itself
 * fails (the database is down), the claim's lease (IDEMPOTENCY_LEASE_SECONDS), no longer renewed,
 * runs out and a repeat takes the key over (docs/decisions/idempotency.md).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('IdempotencyInterceptor');
  /**
   * The key request hashes are made with, derived from LOOKUP_HASH_KEY where the service has one:
   * a record keeps its request's hash for 24 hours, and a body of a few personal fields (a name, a
   * birth date, a phone) hashed without a key could be found again by trying them all.
   */
  private readonly hashKey: KeyObject | null;
  private readonly leaseSeconds: number;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    const lookupHashKey = (config as Partial<FieldEncryptionConfig>).LOOKUP_HASH_KEY;
    this.hashKey = lookupHashKey
      ? // A KeyObject made once: given bytes, createHmac makes one on every request (as the lookup hash did).
        createSecretKey(createHmac('sha256', Buffer.from(lookupHashKey, 'base64url')).update('platform:idempotency-request').digest())
      : null;
    this.leaseSeconds = config.IDEMPOTENCY_LEASE_SECONDS;
  }

  private requestHash(request: CallerRequest): string {
    const text = `${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`;
    return this.hashKey ? createHmac('sha256', this.hashKey).update(text).digest('hex') : sha256Hex(text);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<CallerRequest>();
    const header = request.headers['idempotency-key'];
    if (header === undefined) return next.handle();
    return from(this.handle(context, request, header, next));
  }

  private async handle(context: ExecutionContext, request: CallerRequest, header: string | string[], next: CallHandler): Promise<unknown> {
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY.test(key)) throw IdempotencyErrors.invalidKey();
    const scope = scopeOf(request);
    const hash = this.requestHash(request);
    const token = randomUUID();

    // A new key, an expired one, or the same request's claim whose lease ran out without an answer.
    const claimed = await this.dataSource.query<unknown[]>(
      `INSERT INTO idempotency_records (scope, idempotency_key, request_hash, claim_token, created_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (scope, idempotency_key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, claim_token = EXCLUDED.claim_token, status_code = NULL, response_body = NULL,
             subject = NULL, created_at = now()
         WHERE idempotency_records.created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
            OR (idempotency_records.status_code IS NULL AND idempotency_records.request_hash = EXCLUDED.request_hash
                AND idempotency_records.created_at < now() - make_interval(secs => $5))
       RETURNING 1`,
      [scope, key, hash, token, this.leaseSeconds],
    );
    if (claimed.length === 0) return this.replay(context, scope, key, hash);
    if (Math.random() < PURGE_PROBABILITY) void this.purgeExpired();

    const options = Reflect.getMetadata(IDEMPOTENCY_OPTIONS, context.getHandler()) as IdempotentOptions | undefined;
    const claim: IdempotencyClaim = {
      scope,
      key,
      token,
      status: successStatus(context, request.method),
      subjectOf: options?.subjectOf,
      settled: false,
    };
    let body: unknown;
    const heartbeat = this.keepClaimed(claim);
    try {
      body = await claims.run(claim, () => lastValueFrom(next.handle(), { defaultValue: undefined }));
    } catch (error) {
      clearInterval(heartbeat);
      await this.release(claim);
      throw error;
    }
    clearInterval(heartbeat);
    if (!claim.settled) await this.store(claim, body);
    return body;
  }

  /**
   * Renews the claim's lease while its request runs (every third of the lease), so a request that
   * runs long — a CODEF call, a lock wait — keeps its key and a repeat gets 409, not the key. Only a
   * claim whose renewals stop (its replica or the database gone) lapses and can be taken over; a
   * renewal that fails is left to the lease.
   */
  private keepClaimed(claim: IdempotencyClaim): NodeJS.Timeout {
    const renew = () =>
      void this.dataSource
        .query(
          `UPDATE idempotency_records SET created_at = now()
            WHERE scope = $1 AND idempotency_key = $2 AND claim_token = $3 AND status_code IS NULL`,
          [claim.scope, claim.key, claim.token],
        )
        .catch((error: unknown) => this.unlessOutage(error, 'An Idempotency-Key claim could not be renewed'));
    return setInterval(renew, Math.max((this.leaseSeconds * 1000) / 3, 250)).unref();
  }

  /** A failure of the key's own bookkeeping: expected while the database is down, logged otherwise. */
  private unlessOutage(error: unknown, message: string): void {
    if (!isDatabaseUnavailable(error)) this.logger.warn({ error: messageOf(error) }, message);
  }

  /** Stores the answer after the handler, for a service that did not store it with its effect. */
  private async store(claim: IdempotencyClaim, body: unknown): Promise<void> {
    const [, stored] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE idempotency_records SET status_code = $4, response_body = $5, subject = $6
        WHERE scope = $1 AND idempotency_key = $2 AND claim_token = $3 AND status_code IS NULL`,
      [claim.scope, claim.key, claim.token, claim.status, JSON.stringify(body ?? null), claim.subjectOf?.(body as never) ?? null],
    );
    if (stored === 0) this.logger.warn({ scope: claim.scope }, 'An Idempotency-Key claim was taken over before its answer was stored');
  }

  /**
   * Releases the key of a failed request. When the database is the failure, the release fails too;
   * the handler's error is what the caller gets (503 DATABASE_UNAVAILABLE), and the lease frees the key.
   */
  private async release(claim: IdempotencyClaim): Promise<void> {
    await this.dataSource
      .query(`DELETE FROM idempotency_records WHERE scope = $1 AND idempotency_key = $2 AND claim_token = $3 AND status_code IS NULL`, [
        claim.scope,
        claim.key,
        claim.token,
      ])
      .catch((error: unknown) => this.unlessOutage(error, 'An Idempotency-Key claim could not be released'));
  }

  private async purgeExpired(): Promise<void> {
    await this.dataSource
      .query(`DELETE FROM idempotency_records WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`)
      .catch((error: unknown) => this.unlessOutage(error, 'Expired Idempotency-Key records could not be purged'));
  }

  private async replay(context: ExecutionContext, scope: string, key: string, hash: string): Promise<unknown> {
    const [record] = await this.dataSource.query<
      Array<{ requestHash: string; statusCode: number | null; responseBody: unknown; leaseLeft: number }>
    >(
      `SELECT request_hash AS "requestHash", status_code AS "statusCode", response_body AS "responseBody",
              ceil(extract(epoch FROM created_at + make_interval(secs => $3) - now()))::int AS "leaseLeft"
         FROM idempotency_records WHERE scope = $1 AND idempotency_key = $2`,
      [scope, key, this.leaseSeconds],
    );
    if (!record) throw IdempotencyErrors.inProgress(1);
    if (record.requestHash !== hash) throw IdempotencyErrors.reused();
    if (record.statusCode === null) throw IdempotencyErrors.inProgress(record.leaseLeft);
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    void reply.status(record.statusCode).header('idempotent-replayed', 'true');
    return record.responseBody;
  }
}

/**
 * Deletes the idempotency records about these subjects (IdempotentOptions.subjectOf), in the caller's
 * transaction: erasing a person erases the records of the requests about them.
 */
export async function forgetIdempotencyRecords(tx: EntityManager, subjects: readonly string[]): Promise<void> {
  if (subjects.length > 0) await tx.query('DELETE FROM idempotency_records WHERE subject = ANY($1::varchar[])', [subjects]);
}
