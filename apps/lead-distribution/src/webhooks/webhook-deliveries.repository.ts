import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AttemptLog } from '#platform';
import { DeliveryStatus, type AttemptOutcome } from './webhook-event-types.js';
import type { OutboxEvent, WebhookPayload } from './webhook-payloads.js';
import { AT_CAPACITY_MS, type ClaimLimits, type ClaimPlan, type DueCandidate, type EndpointQueueState } from './webhook-schedule.js';
import type { EndpointSecrets } from './webhook-secrets.js';

/** The queued work of webhook deliveries: its name on the background machine and in the attempt log. */
export const WEBHOOK_DELIVERY_WORK = 'webhook-delivery';

/** A delivery this worker holds (leased) and is about to send. */
export interface ClaimedDelivery {
  id: string;
  /** This attempt's number in the delivery's cycle (1 for the first). */
  attemptNumber: number;
  leaseUntil: Date;
  /** This claim's own token: only it may record or give back the delivery (a claim after its lease ran out has another). */
  leaseId: string;
  endpoint: EndpointSecrets & { id: string; url: string; parallelDelivery: boolean };
  event: OutboxEvent;
  /** The stored payload, or null when no attempt has rendered it yet. */
  payload: WebhookPayload | null;
}

/** One attempt, as it is recorded. */
export interface AttemptRecord {
  attemptedAt: Date;
  outcome: AttemptOutcome;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/** What the attempt made of the delivery, and of its endpoint. */
export interface AttemptConsequence {
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  /** The endpoint answered 410 Gone: it is disabled with `goneReason`. */
  gone: boolean;
  goneReason: string;
  /** Disables the endpoint when this failure comes `failingDisablesAfterMs` or more into its run of failures. */
  failingReason: string;
  failingDisablesAfterMs: number;
}

export interface RecordedAttempt {
  /** False when the delivery had been taken over meanwhile (its lease expired): the attempt is logged, the delivery left as it is. */
  applied: boolean;
  /** The endpoint was disabled by this attempt. */
  disabled: boolean;
  /** Other deliveries of the endpoint were made due at once (the next in an ordered queue, parked ones at a parallel endpoint). */
  woke: boolean;
}

interface ClaimedRow {
  id: string;
  attempt_count: number;
  lease_until: Date;
  lease_id: string;
  endpoint_id: string;
  url: string;
  parallel_delivery: boolean;
  secret_ciphertext: Buffer;
  secret_key_id: string;
  previous_secret_ciphertext: Buffer | null;
  previous_secret_key_id: string | null;
  previous_secret_expires_at: Date | null;
  event_id: string;
  seq: string;
  type: string;
  partner_id: number;
  subject_id: string;
  assignment_id: string | null;
  subject_status: string | null;
  occurred_at: Date;
  payload: WebhookPayload | null;
}

/**
 * The SQL of delivery: claiming due deliveries, storing rendered payloads, recording attempts (each
 * also a row of the platform's AttemptLog, work `webhook-delivery`, in the same transaction). A
 * delivery is held while it is sent by a lease (`lease_until`, and `next_attempt_at` moved to the
 * same time so that the due index does not offer it meanwhile), never by a transaction open across
 * the HTTP call; a lease that runs out (its worker died) makes the delivery due again.
 */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly attempts: AttemptLog,
  ) {}

  /**
   * One short transaction: the oldest due deliveries (the partial index idx_webhook_deliveries_due,
   * rows locked with SKIP LOCKED so workers split them), their endpoints (row-locked, SKIP LOCKED: an
   * endpoint another worker is claiming for is left to it), each endpoint's in-flight count and head
   * (the partial indexes of WebhookDeliveryQueues), then `plan` decides; the claimed get a lease and
   * their attempt counted, the parked a later `next_attempt_at`, the endpoints their rate window.
   */
  async claimDue(
    scan: number,
    limits: ClaimLimits,
    leaseMs: number,
    plan: (candidates: DueCandidate[], endpoints: Map<string, EndpointQueueState>, limits: ClaimLimits) => ClaimPlan,
  ): Promise<{ claimed: ClaimedDelivery[]; parked: number }> {
    return this.dataSource.transaction(async (tx) => {
      const candidates = await tx.query<Array<{ id: string; endpoint_id: string; attempt_count: number }>>(
        `WITH due AS (
           SELECT d.id, d.endpoint_id, d.next_attempt_at, d.event_seq, d.attempt_count
             FROM webhook_deliveries d
            WHERE d.status = 'PENDING' AND d.next_attempt_at <= now() AND (d.lease_until IS NULL OR d.lease_until <= now())
            ORDER BY d.next_attempt_at, d.event_seq
            LIMIT $1
              FOR NO KEY UPDATE SKIP LOCKED),
         endpoints AS (
           SELECT e.id FROM webhook_endpoints e WHERE e.id IN (SELECT endpoint_id FROM due) FOR NO KEY UPDATE SKIP LOCKED)
         SELECT due.id, due.endpoint_id, due.attempt_count FROM due
          WHERE due.endpoint_id IN (SELECT id FROM endpoints)
          ORDER BY due.next_attempt_at, due.event_seq`,
        [scan],
      );
      if (candidates.length === 0) return { claimed: [], parked: 0 };
      // Read after the locks are held: what another worker committed before letting go of them is seen.
      const states = await tx.query<
        Array<{
          id: string;
          partner_id: number;
          enabled: boolean;
          parallel_delivery: boolean;
          in_flight: number;
          head_id: string | null;
          rate_used: number;
          rate_window_ends_in_ms: number;
        }>
      >(
        `SELECT e.id, e.partner_id, e.enabled, e.parallel_delivery,
                (SELECT count(*)::int FROM webhook_deliveries f
                  WHERE f.endpoint_id = e.id AND f.lease_until > now() AND f.status = 'PENDING') AS in_flight,
                (SELECT p.id FROM webhook_deliveries p
                  WHERE p.endpoint_id = e.id AND p.status = 'PENDING' ORDER BY p.event_seq LIMIT 1) AS head_id,
                CASE WHEN e.rate_window_start > now() - interval '1 second' THEN e.rate_window_count ELSE 0 END AS rate_used,
                COALESCE(EXTRACT(EPOCH FROM e.rate_window_start + interval '1 second' - now()) * 1000, 0)::int AS rate_window_ends_in_ms
           FROM webhook_endpoints e
          WHERE e.id = ANY($1::uuid[])`,
        [[...new Set(candidates.map((row) => row.endpoint_id))]],
      );
      const endpoints = new Map<string, EndpointQueueState>(
        states.map((row) => [
          row.id,
          {
            id: row.id,
            partnerId: row.partner_id,
            enabled: row.enabled,
            parallelDelivery: row.parallel_delivery,
            inFlight: row.in_flight,
            headId: row.head_id,
            rateUsed: row.rate_used,
            rateWindowEndsInMs: row.rate_window_ends_in_ms,
          },
        ]),
      );
      const decided = plan(
        candidates.map((row) => ({ id: row.id, endpointId: row.endpoint_id, attempted: row.attempt_count > 0 })),
        endpoints,
        limits,
      );

      if (decided.claim.length === 0 && decided.park.length === 0) return { claimed: [], parked: 0 };

      const rows = await tx.query<ClaimedRow[]>(
        `WITH parked AS (
           UPDATE webhook_deliveries d SET next_attempt_at = CASE WHEN p.ms < 0 THEN NULL ELSE now() + p.ms * interval '1 millisecond' END
             FROM unnest($5::uuid[], $6::int[]) AS p(id, ms)
            WHERE d.id = p.id),
         windows AS (
           UPDATE webhook_endpoints e
              SET rate_window_count = CASE WHEN e.rate_window_start > now() - interval '1 second' THEN e.rate_window_count + s.n ELSE s.n END,
                  rate_window_start = CASE WHEN e.rate_window_start > now() - interval '1 second' THEN e.rate_window_start ELSE now() END
             FROM unnest($3::uuid[], $4::int[]) AS s(id, n)
            WHERE e.id = s.id),
         claimed AS (
           UPDATE webhook_deliveries d
              SET attempt_count = d.attempt_count + 1,
                  lease_until = now() + $2::float8 * interval '1 millisecond',
                  lease_id = gen_random_uuid(),
                  next_attempt_at = now() + $2::float8 * interval '1 millisecond',
                  updated_at = now()
            WHERE d.id = ANY($1::uuid[])
           RETURNING d.id, d.event_id, d.endpoint_id, d.attempt_count, d.lease_until, d.lease_id)
         SELECT c.id, c.attempt_count, c.lease_until, c.lease_id, c.endpoint_id,
                e.url, e.parallel_delivery, e.secret_ciphertext, e.secret_key_id,
                e.previous_secret_ciphertext, e.previous_secret_key_id, e.previous_secret_expires_at,
                ev.id AS event_id, ev.seq, ev.type, ev.partner_id, ev.subject_id, ev.assignment_id, ev.subject_status,
                ev.occurred_at, ev.payload
           FROM claimed c
           JOIN webhook_endpoints e ON e.id = c.endpoint_id
           JOIN webhook_events ev ON ev.id = c.event_id
          ORDER BY ev.seq`,
        [
          decided.claim,
          leaseMs,
          [...decided.started.keys()],
          [...decided.started.values()],
          decided.park.map((entry) => entry.id),
          decided.park.map((entry) => entry.delayMs),
        ],
      );
      return { claimed: rows.map(toClaimed), parked: decided.park.length };
    });
  }

  /**
   * Stores rendered payloads; the first writer wins, so every attempt and endpoint sends the same
   * bytes. Returns each event's stored payload (its own or the one another worker stored first).
   */
  async storePayloads(payloads: Map<string, WebhookPayload>): Promise<Map<string, WebhookPayload>> {
    if (payloads.size === 0) return new Map();
    // An UPDATE answers [rows, count] through TypeORM.
    const [rows] = await this.dataSource.query<[Array<{ id: string; payload: WebhookPayload }>, number]>(
      `UPDATE webhook_events e SET payload = COALESCE(e.payload, v.payload)
         FROM unnest($1::uuid[], $2::json[]) AS v(id, payload)
        WHERE e.id = v.id
       RETURNING e.id, e.payload`,
      [[...payloads.keys()], [...payloads.values()].map((payload) => JSON.stringify(payload))],
    );
    return new Map(rows.map((row) => [row.id, row.payload]));
  }

  /**
   * The oldest events not rendered yet that still have a delivery to make (the partial index
   * idx_webhook_events_unrendered): the worker renders them as soon as they are committed, whatever
   * their endpoints are doing, so that a payload is what the API showed then, not when it is first sent.
   */
  unrenderedEvents(limit: number): Promise<OutboxEvent[]> {
    return this.dataSource.query<OutboxEvent[]>(
      `SELECT e.id, e.seq::text AS seq, e.type, e.partner_id AS "partnerId", e.subject_id AS "subjectId",
              e.assignment_id AS "assignmentId", e.subject_status AS "subjectStatus", e.occurred_at AS "occurredAt"
         FROM webhook_events e
        WHERE e.payload IS NULL
          AND EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'PENDING')
        ORDER BY e.seq
        LIMIT $1`,
      [limit],
    );
  }

  /**
   * Fails for good the pending deliveries of events that cannot be rendered (their subject is not
   * there to read: never expected, since leads, orders and AS requests are not deleted), so that
   * they neither hold an ordered queue nor come back forever.
   */
  async failUnrenderable(eventIds: string[]): Promise<void> {
    if (eventIds.length === 0) return;
    await this.dataSource.query(
      `UPDATE webhook_deliveries
          SET status = 'FAILED', next_attempt_at = NULL, lease_until = NULL, updated_at = now(),
              last_error = 'The event could not be rendered: what it is about could not be read'
        WHERE event_id = ANY($1::uuid[]) AND status = 'PENDING'`,
      [eventIds],
    );
  }

  /** Gives claimed deliveries back unsent (nothing was attempted): not counted, due again after `delayMs`. */
  async release(deliveries: ClaimedDelivery[], delayMs: number): Promise<void> {
    if (deliveries.length === 0) return;
    await this.dataSource.query(
      `UPDATE webhook_deliveries d
          SET attempt_count = d.attempt_count - 1, lease_until = NULL, lease_id = NULL,
              next_attempt_at = now() + $3 * interval '1 millisecond'
         FROM unnest($1::uuid[], $2::uuid[]) AS r(id, lease)
        WHERE d.id = r.id AND d.lease_id = r.lease AND d.status = 'PENDING'`,
      [deliveries.map((delivery) => delivery.id), deliveries.map((delivery) => delivery.leaseId), delayMs],
    );
  }

  /**
   * Records an attempt and its consequence in one transaction: the delivery's state, lease released,
   * unless another worker took it over meanwhile;
   * the endpoint's run of failures (failing_since) and its disabling (410 Gone, or failing too long);
   * and wakes what the endpoint can send next: the head of an ordered queue once the delivery in front
   * of it is out of the way, or parked deliveries of a parallel endpoint for its free slots (up to
   * `maxInFlight` in flight), in one statement; then the attempt, in the platform's attempt log.
   */
  async recordAttempt(
    delivery: ClaimedDelivery,
    attempt: AttemptRecord,
    consequence: AttemptConsequence,
    maxInFlight: number,
  ): Promise<RecordedAttempt> {
    return this.dataSource.transaction(async (tx) => {
      // The endpoint's row lock first, and the record in a statement of its own after it: a claim
      // (which holds that lock) deciding from this delivery still in flight to park the next one is
      // committed before the record reads the queue, so the record sees it parked and wakes it. Without
      // the lock the record could find the next one due, wake nothing, and the claim park it after.
      await tx.query(`SELECT 1 FROM webhook_endpoints WHERE id = $1 FOR NO KEY UPDATE`, [delivery.endpoint.id]);
      return this.record(tx, delivery, attempt, consequence, maxInFlight);
    });
  }

  private async record(
    tx: EntityManager,
    delivery: ClaimedDelivery,
    attempt: AttemptRecord,
    consequence: AttemptConsequence,
    maxInFlight: number,
  ): Promise<RecordedAttempt> {
    const [row] = await tx.query<Array<{ applied: boolean; disabled: boolean; woke: boolean; present: boolean }>>(
      `WITH delivery AS (
         UPDATE webhook_deliveries
            SET status = $6::varchar, next_attempt_at = $5::timestamptz, lease_until = NULL, lease_id = NULL, last_attempt_at = $2::timestamptz,
                last_status_code = $3::int, last_error = $4::varchar,
                delivered_at = CASE WHEN $6::varchar = 'DELIVERED' THEN now() ELSE delivered_at END, updated_at = now()
          WHERE id = $1::uuid AND lease_id = $7::uuid AND status = 'PENDING'
         RETURNING id),
       endpoint AS (
         UPDATE webhook_endpoints e
            SET failing_since = CASE WHEN $8::boolean THEN NULL ELSE COALESCE(e.failing_since, now()) END,
                enabled = e.enabled AND NOT x.disable,
                disabled_reason = CASE WHEN x.disable THEN x.reason ELSE e.disabled_reason END,
                disabled_at = CASE WHEN x.disable THEN now() ELSE e.disabled_at END,
                updated_at = CASE WHEN x.disable THEN now() ELSE e.updated_at END
           FROM (SELECT w.id,
                        w.enabled AND ($9::boolean OR (NOT $8::boolean
                          AND COALESCE(w.failing_since <= now() - $12::float8 * interval '1 millisecond', false))) AS disable,
                        CASE WHEN $9::boolean THEN $10::varchar ELSE $11::varchar END AS reason
                   FROM webhook_endpoints w WHERE w.id = $13::uuid) AS x
          WHERE e.id = x.id AND (NOT $8::boolean OR e.failing_since IS NOT NULL)
         RETURNING x.disable),
       -- The recorded delivery is left out by name: this statement's snapshot still shows it in flight.
       ordered_next AS (
         UPDATE webhook_deliveries d SET next_attempt_at = now()
          WHERE NOT $14::boolean
            AND d.id = (SELECT p.id FROM webhook_deliveries p
                         WHERE p.endpoint_id = $13::uuid AND p.status = 'PENDING' AND p.id <> $1::uuid
                           AND (p.lease_until IS NULL OR p.lease_until <= now())
                         ORDER BY p.event_seq LIMIT 1)
            AND d.next_attempt_at > now()
            -- The new head once this delivery is out of the queue; while it waits for a retry only one ahead of it.
            AND ($6::varchar <> 'PENDING' OR d.event_seq < $15::bigint)
         RETURNING d.id),
       parallel_next AS (
         UPDATE webhook_deliveries d SET next_attempt_at = now()
          WHERE $14::boolean
            AND d.id IN (SELECT p.id FROM webhook_deliveries p
                          WHERE p.status = 'PENDING' AND p.endpoint_id = $13::uuid AND p.id <> $1::uuid AND p.lease_until IS NULL
                            AND p.next_attempt_at > now()
                            AND (p.attempt_count = 0 OR p.next_attempt_at <= now() + $16::float8 * interval '1 millisecond')
                          ORDER BY p.next_attempt_at, p.event_seq
                          -- The slots free once this delivery is out of flight.
                          LIMIT GREATEST($17::int - (SELECT count(*) FROM webhook_deliveries f
                                                      WHERE f.endpoint_id = $13::uuid AND f.status = 'PENDING' AND f.id <> $1::uuid
                                                        AND f.lease_until > now()), 0)
                            FOR NO KEY UPDATE SKIP LOCKED)
         RETURNING d.id)
       SELECT EXISTS (SELECT 1 FROM delivery) AS applied,
              COALESCE((SELECT disable FROM endpoint), false) AS disabled,
              EXISTS (SELECT 1 FROM ordered_next UNION ALL SELECT 1 FROM parallel_next) AS woke,
              EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = $1::uuid) AS present`,
      [
        delivery.id,
        attempt.attemptedAt,
        attempt.statusCode,
        attempt.error,
        consequence.nextAttemptAt,
        consequence.status,
        delivery.leaseId,
        consequence.status === DeliveryStatus.Delivered,
        consequence.gone,
        consequence.goneReason.slice(0, 500),
        consequence.failingReason.slice(0, 500),
        consequence.failingDisablesAfterMs,
        delivery.endpoint.id,
        delivery.endpoint.parallelDelivery,
        delivery.event.seq,
        AT_CAPACITY_MS * 1.5,
        maxInFlight,
      ],
    );
    // The attempt is logged even when the delivery was taken over meanwhile; not when it is gone (its
    // endpoint deleted during the send): its attempts were forgotten with it.
    const { present, ...recorded } = row!;
    if (!present) return recorded;
    await this.attempts.record(tx, WEBHOOK_DELIVERY_WORK, delivery.id, {
      attemptedAt: attempt.attemptedAt,
      outcome: attempt.outcome,
      statusCode: attempt.statusCode,
      latencyMs: attempt.latencyMs,
      detail: attempt.responseExcerpt,
      error: attempt.error,
      nextAttemptAt: consequence.nextAttemptAt,
    });
    return recorded;
  }
}

function toClaimed(row: ClaimedRow): ClaimedDelivery {
  return {
    id: row.id,
    attemptNumber: row.attempt_count,
    leaseUntil: row.lease_until,
    leaseId: row.lease_id,
    endpoint: {
      id: row.endpoint_id,
      url: row.url,
      parallelDelivery: row.parallel_delivery,
      secretCiphertext: row.secret_ciphertext,
      secretKeyId: row.secret_key_id,
      previousSecretCiphertext: row.previous_secret_ciphertext,
      previousSecretKeyId: row.previous_secret_key_id,
      previousSecretExpiresAt: row.previous_secret_expires_at,
    },
    event: {
      id: row.event_id,
      seq: row.seq,
      type: row.type,
      partnerId: row.partner_id,
      subjectId: row.subject_id,
      assignmentId: row.assignment_id,
      subjectStatus: row.subject_status,
      occurredAt: row.occurred_at,
    },
    payload: row.payload,
  };
}
