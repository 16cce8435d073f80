import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AttemptLog, pageAndCount } from '#platform';
import { WEBHOOK_DELIVERY_WORK } from './webhook-deliveries.repository.js';
import type { WebhookPayload } from './webhook-payloads.js';
import type { SealedSecret } from './webhook-secrets.js';

/** An endpoint as the API shows it (never its secrets). */
export interface EndpointRow {
  id: string;
  partnerId: number;
  url: string;
  description: string | null;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: string | null;
  disabledAt: Date | null;
  parallelDelivery: boolean;
  failingSince: Date | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewEndpoint {
  id: string;
  partnerId: number;
  url: string;
  description: string | null;
  eventTypes: string[];
  parallelDelivery: boolean;
  secret: SealedSecret;
}

/** The columns PATCH may change (undefined: unchanged). */
export interface EndpointChanges {
  url?: string;
  description?: string | null;
  eventTypes?: string[];
  parallelDelivery?: boolean;
  enabled?: boolean;
  disabledReason?: string | null;
  disabledAt?: Date | null;
  failingSince?: Date | null;
}

export interface DeliveryRow {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: string;
  attemptCount: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

export interface DeliveryDetailRow extends DeliveryRow {
  payload: Record<string, unknown> | null;
}

export interface AttemptRow {
  id: string;
  attemptedAt: Date;
  outcome: string;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
  nextAttemptAt: Date | null;
}

export interface DeliveryFilter {
  endpointId: string;
  status?: string;
  eventType?: string;
  since?: string;
  until?: string;
  offset: number;
  limit: number;
}

export interface TestEvent {
  eventId: string;
  deliveryId: string;
  partnerId: number;
  endpointId: string;
  occurredAt: Date;
  payload: WebhookPayload;
}

const ENDPOINT_COLUMNS = `e.id, e.partner_id AS "partnerId", e.url, e.description, e.event_types AS "eventTypes", e.enabled,
  e.disabled_reason AS "disabledReason", e.disabled_at AS "disabledAt", e.parallel_delivery AS "parallelDelivery",
  e.failing_since AS "failingSince", e.previous_secret_expires_at AS "previousSecretExpiresAt",
  e.created_at AS "createdAt", e.updated_at AS "updatedAt"`;

const DELIVERY_COLUMNS = `d.id, d.endpoint_id AS "endpointId", d.event_id AS "eventId", ev.type AS "eventType", d.status,
  d.attempt_count AS "attemptCount", d.next_attempt_at AS "nextAttemptAt", d.last_attempt_at AS "lastAttemptAt",
  d.last_status_code AS "lastStatusCode", d.last_error AS "lastError", d.delivered_at AS "deliveredAt", d.created_at AS "createdAt"`;

const CHANGE_COLUMNS: Record<keyof EndpointChanges, string> = {
  url: 'url',
  description: 'description',
  eventTypes: 'event_types',
  parallelDelivery: 'parallel_delivery',
  enabled: 'enabled',
  disabledReason: 'disabled_reason',
  disabledAt: 'disabled_at',
  failingSince: 'failing_since',
};

/**
 * Endpoints and their delivery log. `owner` is the partner a call is limited to, or null for an
 * operator key, which may reach any partner's: another partner's rows are simply not found.
 */
@Injectable()
export class WebhooksRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly attemptLog: AttemptLog,
  ) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Reads in one snapshot (REPEATABLE READ): what `work` reads is of one moment. */
  snapshot<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction('REPEATABLE READ', work);
  }

  /** Locks the partner's row against other endpoint creations for it and counts its endpoints. */
  async lockAndCountForPartner(tx: EntityManager, partnerId: number): Promise<number> {
    await tx.query(`SELECT id FROM partners WHERE id = $1 FOR NO KEY UPDATE`, [partnerId]);
    const rows = await tx.query<Array<{ total: number }>>(`SELECT count(*)::int AS total FROM webhook_endpoints WHERE partner_id = $1`, [
      partnerId,
    ]);
    return rows[0]!.total;
  }

  async insert(tx: EntityManager, endpoint: NewEndpoint): Promise<EndpointRow> {
    const rows = await tx.query<EndpointRow[]>(
      `INSERT INTO webhook_endpoints AS e (id, partner_id, url, description, event_types, parallel_delivery, secret_ciphertext, secret_key_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${ENDPOINT_COLUMNS}`,
      [
        endpoint.id,
        endpoint.partnerId,
        endpoint.url,
        endpoint.description,
        endpoint.eventTypes,
        endpoint.parallelDelivery,
        endpoint.secret.ciphertext,
        endpoint.secret.keyId,
      ],
    );
    return rows[0]!;
  }

  async find(id: string, owner: number | null, tx?: EntityManager): Promise<EndpointRow | null> {
    const rows = await (tx ?? this.dataSource).query<EndpointRow[]>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.id = $1 AND ($2::int IS NULL OR e.partner_id = $2)`,
      [id, owner],
    );
    return rows[0] ?? null;
  }

  /** Locks the endpoint for a change (FOR NO KEY UPDATE: the outbox's FOR KEY SHARE of it (record_webhook_events_v1) does not wait) or for work that needs it to stay as it is (FOR SHARE). */
  async lock(tx: EntityManager, id: string, owner: number | null, mode: 'update' | 'share'): Promise<EndpointRow | null> {
    const rows = await tx.query<EndpointRow[]>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.id = $1 AND ($2::int IS NULL OR e.partner_id = $2)
       FOR ${mode === 'update' ? 'NO KEY UPDATE' : 'SHARE'}`,
      [id, owner],
    );
    return rows[0] ?? null;
  }

  async listForPartner(partnerId: number, offset: number, limit: number): Promise<{ rows: EndpointRow[]; total: number }> {
    return pageAndCount<EndpointRow>(this.dataSource, {
      select: `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.partner_id = $1 ORDER BY e.created_at DESC, e.id DESC`,
      count: `SELECT count(*) AS total FROM webhook_endpoints e WHERE e.partner_id = $1`,
      params: [partnerId],
      limit,
      offset,
    });
  }

  async update(tx: EntityManager, id: string, changes: EndpointChanges): Promise<EndpointRow> {
    const params: unknown[] = [id];
    const sets = (Object.keys(CHANGE_COLUMNS) as Array<keyof EndpointChanges>)
      .filter((key) => changes[key] !== undefined)
      .map((key) => `${CHANGE_COLUMNS[key]} = $${params.push(changes[key])}`);
    const rows = await tx.query<[EndpointRow[], number]>(
      `UPDATE webhook_endpoints AS e SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE e.id = $1 RETURNING ${ENDPOINT_COLUMNS}`,
      params,
    );
    return rows[0][0]!;
  }

  /**
   * Makes the endpoint's waiting deliveries due now: the worker pushes back what an endpoint cannot
   * take (disabled, or behind an ordered queue's head), so enabling it or letting it take deliveries in
   * parallel would otherwise leave them waiting for that push-back to run out. `unattemptedOnly` leaves
   * a delivery between its retries on its schedule.
   */
  async wakePending(tx: EntityManager, id: string, unattemptedOnly: boolean): Promise<void> {
    await tx.query(
      `UPDATE webhook_deliveries SET next_attempt_at = now(), updated_at = now()
        WHERE endpoint_id = $1 AND status = 'PENDING' AND lease_until IS NULL AND (next_attempt_at > now() OR next_attempt_at IS NULL)
          AND (NOT $2 OR attempt_count = 0)`,
      [id, unattemptedOnly],
    );
  }

  /**
   * Deletes the endpoint, its deliveries with it (the foreign key cascades), and their attempts from
   * the attempt log, in one transaction. The endpoint is locked first, so no delivery of it is added
   * (record_webhook_events_v1 takes FOR KEY SHARE of it) or has an attempt recorded (FOR NO KEY UPDATE)
   * between reading its deliveries and deleting them.
   */
  async delete(id: string, owner: number | null): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const found = await tx.query<unknown[]>(
        `SELECT id FROM webhook_endpoints WHERE id = $1 AND ($2::int IS NULL OR partner_id = $2) FOR UPDATE`,
        [id, owner],
      );
      if (found.length === 0) return false;
      // The main query's snapshot still shows the deliveries the cascade removes.
      const [{ deliveries }] = await tx.query<[{ deliveries: string[] }]>(
        `WITH gone AS (DELETE FROM webhook_endpoints WHERE id = $1)
         SELECT ARRAY(SELECT d.id::text FROM webhook_deliveries d WHERE d.endpoint_id = $1) AS deliveries`,
        [id],
      );
      await this.attemptLog.forget(tx, WEBHOOK_DELIVERY_WORK, deliveries);
      return true;
    });
  }

  /**
   * The current secret becomes the previous one (signing beside the new one until `previousExpiresAt`),
   * in one statement: the right-hand sides read the row as it was.
   */
  async rotateSecret(id: string, owner: number | null, secret: SealedSecret, previousExpiresAt: Date): Promise<boolean> {
    const rows = await this.dataSource.query<[unknown[], number]>(
      `UPDATE webhook_endpoints
          SET previous_secret_ciphertext = secret_ciphertext, previous_secret_key_id = secret_key_id, previous_secret_expires_at = $3,
              secret_ciphertext = $4, secret_key_id = $5, updated_at = now()
        WHERE id = $1 AND ($2::int IS NULL OR partner_id = $2) RETURNING id`,
      [id, owner, previousExpiresAt, secret.ciphertext, secret.keyId],
    );
    return rows[1] > 0;
  }

  /** The event with its payload already rendered, and its one delivery (to this endpoint). */
  async insertTestEvent(tx: EntityManager, event: TestEvent): Promise<void> {
    await tx.query(
      `WITH ev AS (
         INSERT INTO webhook_events (id, type, partner_id, subject_id, occurred_at, payload)
         VALUES ($1, 'webhook.test', $2, $3, $4, $5) RETURNING id, seq)
       INSERT INTO webhook_deliveries (id, event_id, event_seq, endpoint_id) SELECT $6, ev.id, ev.seq, $3 FROM ev`,
      [event.eventId, event.partnerId, event.endpointId, event.occurredAt, event.payload, event.deliveryId],
    );
  }

  async listDeliveries(filter: DeliveryFilter): Promise<{ rows: DeliveryRow[]; total: number }> {
    const params: unknown[] = [filter.endpointId];
    const add = (value: unknown) => `$${params.push(value)}`;
    const where = ['d.endpoint_id = $1'];
    if (filter.status) where.push(`d.status = ${add(filter.status)}`);
    if (filter.eventType) where.push(`ev.type = ${add(filter.eventType)}`);
    if (filter.since) where.push(`d.created_at >= ${add(filter.since)}`);
    if (filter.until) where.push(`d.created_at < ${add(filter.until)}`);
    const from = `FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id WHERE ${where.join(' AND ')}`;
    return pageAndCount<DeliveryRow>(this.dataSource, {
      select: `SELECT ${DELIVERY_COLUMNS} ${from} ORDER BY d.created_at DESC, d.event_seq DESC, d.id DESC`,
      count: `SELECT count(*) AS total ${from}`,
      params,
      limit: filter.limit,
      offset: filter.offset,
    });
  }

  async findDelivery(id: string, owner: number | null, tx?: EntityManager): Promise<DeliveryDetailRow | null> {
    const rows = await (tx ?? this.dataSource).query<DeliveryDetailRow[]>(
      `SELECT ${DELIVERY_COLUMNS}, ev.payload
         FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.id = $1 AND ($2::int IS NULL OR e.partner_id = $2)`,
      [id, owner],
    );
    return rows[0] ?? null;
  }

  /** A delivery's attempts, oldest first, from the attempt log. */
  async attempts(deliveryId: string, tx?: EntityManager): Promise<AttemptRow[]> {
    const logged = await this.attemptLog.list(WEBHOOK_DELIVERY_WORK, deliveryId, tx);
    return logged.map(({ detail, ...attempt }) => ({ ...attempt, responseExcerpt: detail }));
  }

  /** Locks the delivery (FOR UPDATE) and its endpoint (FOR SHARE: it stays enabled, or not, until commit). */
  async lockDelivery(
    tx: EntityManager,
    id: string,
    owner: number | null,
  ): Promise<{ status: string; endpointId: string; endpointEnabled: boolean } | null> {
    const rows = await tx.query<Array<{ status: string; endpointId: string; endpointEnabled: boolean }>>(
      `SELECT d.status, d.endpoint_id AS "endpointId", e.enabled AS "endpointEnabled"
         FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.id = $1 AND ($2::int IS NULL OR e.partner_id = $2)
          FOR UPDATE OF d FOR SHARE OF e`,
      [id, owner],
    );
    return rows[0] ?? null;
  }

  /** A pending delivery is tried now (a worker holding it finishes its attempt first). */
  async hurry(tx: EntityManager, id: string): Promise<void> {
    await tx.query(`UPDATE webhook_deliveries SET next_attempt_at = now(), updated_at = now() WHERE id = $1`, [id]);
  }

  /** A delivered or failed delivery starts a new cycle of attempts, now. */
  async restart(tx: EntityManager, id: string): Promise<void> {
    await tx.query(
      `UPDATE webhook_deliveries
          SET status = 'PENDING', attempt_count = 0, next_attempt_at = now(), lease_until = NULL, delivered_at = NULL, updated_at = now()
        WHERE id = $1`,
      [id],
    );
  }

  async findDeliveryRow(tx: EntityManager, id: string): Promise<DeliveryRow> {
    const rows = await tx.query<DeliveryRow[]>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id WHERE d.id = $1`,
      [id],
    );
    return rows[0]!;
  }

  /** Every FAILED delivery of the endpoint created in [since, until) starts a new cycle of attempts, now. */
  async restartFailed(tx: EntityManager, endpointId: string, since: string, until: string | null): Promise<number> {
    const rows = await tx.query<[unknown[], number]>(
      `UPDATE webhook_deliveries
          SET status = 'PENDING', attempt_count = 0, next_attempt_at = now(), lease_until = NULL, delivered_at = NULL, updated_at = now()
        WHERE endpoint_id = $1 AND status = 'FAILED' AND created_at >= $2 AND ($3::timestamptz IS NULL OR created_at < $3)`,
      [endpointId, since, until],
    );
    return rows[1];
  }
}
