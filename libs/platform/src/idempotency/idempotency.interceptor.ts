import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, from, lastValueFrom } from 'rxjs';
import { DataSource, type EntityManager } from 'typeorm';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import type { FieldEncryptionConfig } from '../config/field-encryption-config.js';
import type { ServiceConfig } from '../config/service-config.js';
import { sha256Hex } from '../crypto/secret-hash.js';
import { ProblemException } from '../http/problem.js';
import { validationFailed } from '../http/validation.js';

/** The credential the guard established: an API key (keyId) or a user token (userId). */
type CallerRequest = FastifyRequest & { user?: { keyId?: string; userId?: string } };

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
  inProgress: () =>
    new ProblemException(409, 'IDEMPOTENCY_REQUEST_IN_PROGRESS', 'The first request with this Idempotency-Key is still being handled'),
};

/**
 * Replays the first successful response to a request repeated with the same Idempotency-Key (bound
 * by @Idempotent to the routes it marks). The key is claimed before the handler runs, so concurrent
 * repeats wait their turn (409) rather than both creating. A failed first request releases the key.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  /**
   * The key request hashes are made with, derived from LOOKUP_HASH_KEY where the service has one:
   * a record keeps its request's hash for 24 hours, and a body of a few personal fields (a name, a
   * birth date, a phone) hashed without a key could be found again by trying them all.
   */
  private readonly hashKey: KeyObject | null;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    const lookupHashKey = (config as Partial<FieldEncryptionConfig>).LOOKUP_HASH_KEY;
    this.hashKey = lookupHashKey
      ? // A KeyObject made once: given bytes, createHmac makes one on every request (as the lookup hash did).
        createSecretKey(createHmac('sha256', Buffer.from(lookupHashKey, 'base64url')).update('platform:idempotency-request').digest())
      : null;
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
    const scope = request.user?.keyId ?? request.user?.userId ?? 'anonymous';
    const hash = this.requestHash(request);

    const claimed = await this.dataSource.query<unknown[]>(
      `INSERT INTO idempotency_records (scope, idempotency_key, request_hash, created_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (scope, idempotency_key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, status_code = NULL, response_body = NULL, created_at = now()
         WHERE idempotency_records.created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
       RETURNING 1`,
      [scope, key, hash],
    );
    if (claimed.length === 0) return this.replay(context, scope, key, hash);
    if (Math.random() < PURGE_PROBABILITY) void this.purgeExpired();

    try {
      const body = await lastValueFrom(next.handle(), { defaultValue: undefined });
      const status = successStatus(context, request.method);
      const options = Reflect.getMetadata(IDEMPOTENCY_OPTIONS, context.getHandler()) as IdempotentOptions | undefined;
      const subject = options?.subjectOf?.(body as never) ?? null;
      await this.dataSource.query(
        `UPDATE idempotency_records SET status_code = $3, response_body = $4, subject = $5 WHERE scope = $1 AND idempotency_key = $2`,
        [scope, key, status, JSON.stringify(body ?? null), subject],
      );
      return body;
    } catch (error) {
      await this.dataSource.query(`DELETE FROM idempotency_records WHERE scope = $1 AND idempotency_key = $2 AND status_code IS NULL`, [
        scope,
        key,
      ]);
      throw error;
    }
  }

  private async purgeExpired(): Promise<void> {
    await this.dataSource
      .query(`DELETE FROM idempotency_records WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`)
      .catch(() => undefined);
  }

  private async replay(context: ExecutionContext, scope: string, key: string, hash: string): Promise<unknown> {
    const [record] = await this.dataSource.query<Array<{ requestHash: string; statusCode: number | null; responseBody: unknown }>>(
      `SELECT request_hash AS "requestHash", status_code AS "statusCode", response_body AS "responseBody"
         FROM idempotency_records WHERE scope = $1 AND idempotency_key = $2`,
      [scope, key],
    );
    if (!record) throw IdempotencyErrors.inProgress();
    if (record.requestHash !== hash) throw IdempotencyErrors.reused();
    if (record.statusCode === null) throw IdempotencyErrors.inProgress();
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
