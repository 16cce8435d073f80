import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ClaimStatus, type EvidenceMimeType } from '#contracts';
import { AttemptLog, pageAndCount, type StoredFileRef } from '#platform';

/** The queued work of claim faxes: its name on the background machine and in the attempt log. */
export const CLAIM_DELIVERY_WORK = 'claim-delivery';

/**
 * How an attempt went, as the attempt log keeps it: its fax handed to the gateway (confirmed or not),
 * then its end: SENT, FAILED, RETRY (a new attempt is due later), or UNFINISHED (it never recorded an
 * outcome and no attempts were left).
 */
export const ClaimAttemptOutcome = {
  HandedOver: 'HANDED_OVER',
  HandOverUnconfirmed: 'HAND_OVER_UNCONFIRMED',
  Sent: 'SENT',
  Failed: 'FAILED',
  Retry: 'RETRY',
  Unfinished: 'UNFINISHED',
} as const;
type ClaimAttemptOutcome = (typeof ClaimAttemptOutcome)[keyof typeof ClaimAttemptOutcome];

/** A hand-over to the gateway, as the attempt log notes it. */
export interface HandOver {
  requestId: string;
  pages: number;
  /** The gateway confirmed holding the fax; when not, `message` says why it is in doubt. */
  confirmed: boolean;
  message?: string;
}

/**
 * An outbox row a worker has taken: the claim, which attempt this is (1 for the first), the lease this
 * take holds (every outcome is recorded under it), and what the attempt has already handed to the fax
 * gateway: its request id (written before the hand-over), the gateway's receipt, and when.
 */
export interface TakenDelivery {
  claimId: number;
  attempt: number;
  /** When this take was made: the start of its work, as the attempt log shows it. */
  takenAt: Date;
  leaseId: string;
  requestId: string | null;
  receiptId: string | null;
  submittedAt: Date | null;
}

/** Which claims' deliveries an operator lists; all when nothing is given. */
export interface DeliveryListFilter {
  status?: ClaimStatus;
  organisationId?: string;
  insurerCode?: string;
  offset: number;
  limit: number;
}

/** A claim's delivery as operators see it: no client data is read. */
export interface DeliveryRow {
  claimId: number;
  organisationId: string;
  organisationName: string;
  insurerCode: string;
  insurerName: string;
  insurerFax: string;
  status: ClaimStatus;
  statusReason: string | null;
  attempts: number | null;
  lastAttemptAt: Date | null;
  sentAt: Date | null;
  createdAt: Date;
}

/** A claim's evidence file as storage needs it, in the claim's order. */
export type ClaimFileRef = StoredFileRef & { mimeType: EvidenceMimeType };

/**
 * The claim_deliveries outbox. A worker takes due rows in one statement (`FOR UPDATE SKIP LOCKED`, so
 * concurrent workers never take the same row; the row is leased by moving `next_attempt_at` past the
 * lease and giving it a new `lease_id`), works outside any transaction, then records the outcome in
 * one statement guarded by its lease: a worker whose lease ran out and whose claim another worker took
 * since changes nothing.
 *
 * An attempt is counted when a take starts it. Once its request id is written (before the fax is
 * handed to the gateway), later takes of the row continue that attempt (they ask the gateway how the
 * transmission stands) and count nothing: a fax the gateway may hold is never sent under a new id
 * until the gateway says it failed.
 *
 * Each hand-over and each attempt's end is also a row of the platform's attempt log (work
 * `claim-delivery`, the claim's id as the item), written in the transaction that records it here.
 */
@Injectable()
export class ClaimDeliveryRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly attempts: AttemptLog,
  ) {}

  /**
   * Takes up to `limit` due deliveries, leased for `leaseSeconds`: due result checks first (a query
   * to the gateway each, and the claim is SENT sooner), then the oldest due; their claims
   * become SENDING. A due delivery that has already used its `maxAttempts` and handed nothing to the
   * gateway is not taken: its last attempt was counted when taken and its lease ran out without an
   * outcome (its process died, e.g. killed for memory), so its claim ends FAILED (UNFINISHED) and its
   * outbox row goes, in the same statement, and its attempt is logged UNFINISHED. Such claims are `abandoned`.
   */
  async take(limit: number, leaseSeconds: number, maxAttempts: number): Promise<{ taken: TakenDelivery[]; abandoned: TakenDelivery[] }> {
    const takenAt = new Date();
    return this.dataSource.transaction(async (tx) => {
      const rows = (await tx.query(
        `WITH due AS (
           SELECT claim_id, attempts, request_id FROM claim_deliveries WHERE next_attempt_at <= now()
           ORDER BY request_id IS NULL, next_attempt_at, claim_id LIMIT $1 FOR UPDATE SKIP LOCKED
         ), taken AS (
           UPDATE claim_deliveries d SET attempts = d.attempts + (due.request_id IS NULL)::int, lease_id = gen_random_uuid(),
             next_attempt_at = now() + make_interval(secs => $2)
           FROM due WHERE d.claim_id = due.claim_id AND (due.attempts < $3 OR due.request_id IS NOT NULL)
           RETURNING d.claim_id, d.attempts, d.lease_id, d.request_id, d.receipt_id, d.submitted_at
         ), sending AS (
           UPDATE claims c SET status = $4, updated_at = now() FROM taken WHERE c.id = taken.claim_id AND c.status <> $4
         ), exhausted AS (
           DELETE FROM claim_deliveries d USING due WHERE d.claim_id = due.claim_id AND due.attempts >= $3 AND due.request_id IS NULL
           RETURNING d.claim_id, d.attempts
         ), abandoned AS (
           UPDATE claims c SET status = $5, status_reason = 'UNFINISHED: Attempt ' || exhausted.attempts || ' of ' || $3::int
               || ' never finished (its process stopped before recording an outcome, e.g. killed for lack of memory); no attempts are left',
             fax_job_id = NULL, sent_at = NULL, delivery_attempts = exhausted.attempts, last_attempt_at = now(), updated_at = now()
           FROM exhausted WHERE c.id = exhausted.claim_id
           RETURNING c.id, c.delivery_attempts, c.status_reason
         )
         SELECT claim_id AS "claimId", attempts AS "attempt", lease_id AS "leaseId", request_id AS "requestId",
           receipt_id AS "receiptId", submitted_at AS "submittedAt", NULL AS reason, false AS abandoned FROM taken
         UNION ALL SELECT id, delivery_attempts, NULL, NULL, NULL, NULL, status_reason, true FROM abandoned
         ORDER BY 1`,
        [limit, leaseSeconds, maxAttempts, ClaimStatus.Sending, ClaimStatus.Failed],
      )) as Array<Omit<TakenDelivery, 'takenAt'> & { reason: string | null; abandoned: boolean }>;
      const delivery = ({ abandoned: _abandoned, reason: _reason, ...taken }: (typeof rows)[number]): TakenDelivery => ({
        ...taken,
        takenAt,
      });
      for (const row of rows.filter((row) => row.abandoned)) {
        await this.log(tx, delivery(row), ClaimAttemptOutcome.Unfinished, { error: row.reason, latencyMs: 0 });
      }
      return {
        taken: rows.filter((row) => !row.abandoned).map(delivery),
        abandoned: rows.filter((row) => row.abandoned).map(delivery),
      };
    });
  }

  /**
   * Queues a FAILED claim again, in one statement: the claim back to RECEIVED with no reason, its
   * attempts from 0 and the insurer's current claims fax, and a fresh outbox row (no attempts, due
   * now). The claim row is locked, so of two resends at once one queues it and the other finds it
   * RECEIVED. Only a claim of `organisationId` when one is given (any claim when null). Null when
   * there is no such claim; otherwise what was found (`queued` only when it was FAILED and its
   * insurer has a fax).
   */
  async requeueFailed(
    claimId: number,
    organisationId: string | null,
  ): Promise<{ status: ClaimStatus; insurerCode: string; insurerFax: string | null; claimDate: string; queued: boolean } | null> {
    const [row] = (await this.dataSource.query(
      `WITH target AS (
         SELECT c.id, c.status, c.insurer_code, to_char(c.claim_date, 'YYYY-MM-DD') AS claim_date, i.claims_fax
         FROM claims c LEFT JOIN insurers i ON i.code = c.insurer_code
         WHERE c.id = $1 AND ($2::uuid IS NULL OR c.organisation_id = $2::uuid)
         FOR UPDATE OF c
       ), requeued AS (
         UPDATE claims c SET status = $3, status_reason = NULL, insurer_fax = target.claims_fax, delivery_attempts = 0,
           last_attempt_at = NULL, updated_at = now()
         FROM target WHERE c.id = target.id AND target.status = $4 AND target.claims_fax IS NOT NULL
         RETURNING c.id
       ), queued AS (
         INSERT INTO claim_deliveries (claim_id, attempts, next_attempt_at) SELECT id, 0, now() FROM requeued RETURNING claim_id
       )
       SELECT status, insurer_code AS "insurerCode", claims_fax AS "insurerFax", claim_date AS "claimDate",
         EXISTS (SELECT 1 FROM queued) AS queued
       FROM target`,
      [claimId, organisationId, ClaimStatus.Received, ClaimStatus.Failed],
    )) as Array<{ status: ClaimStatus; insurerCode: string; insurerFax: string | null; claimDate: string; queued: boolean }>;
    return row ?? null;
  }

  /**
   * Claims' deliveries across organisations, newest claims first: the attempts of one in the outbox
   * are its row's (counting the one in progress), of one that ended the claim's.
   */
  async list(filter: DeliveryListFilter): Promise<{ rows: DeliveryRow[]; total: number }> {
    const params: unknown[] = [];
    const add = (value: unknown) => `$${params.push(value)}`;
    const conditions: string[] = [];
    if (filter.status) conditions.push(`c.status = ${add(filter.status)}`);
    if (filter.organisationId) conditions.push(`c.organisation_id = ${add(filter.organisationId)}`);
    if (filter.insurerCode) conditions.push(`c.insurer_code = ${add(filter.insurerCode)}`);
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    return pageAndCount<DeliveryRow>(this.dataSource, {
      select: `SELECT c.id AS "claimId", c.organisation_id AS "organisationId", o.name AS "organisationName",
          c.insurer_code AS "insurerCode", c.insurer_name AS "insurerName", c.insurer_fax AS "insurerFax", c.status,
          c.status_reason AS "statusReason", coalesce(d.attempts, c.delivery_attempts) AS attempts,
          c.last_attempt_at AS "lastAttemptAt", c.sent_at AS "sentAt", c.created_at AS "createdAt"
        FROM claims c JOIN organisations o ON o.id = c.organisation_id LEFT JOIN claim_deliveries d ON d.claim_id = c.id
        ${where} ORDER BY c.created_at DESC, c.id DESC`,
      count: `SELECT count(*) AS total FROM claims c ${where}`,
      params,
      limit: filter.limit,
      offset: filter.offset,
    });
  }

  /** The organisation's name, the claim's files in order and the claim terms it recorded (in order), for its fax. */
  async documentParts(
    claimId: number,
  ): Promise<{ organisationName: string; files: ClaimFileRef[]; terms: Array<{ title: string; body: string }> } | null> {
    const [row] = (await this.dataSource.query(
      `SELECT o.name AS "organisationName",
         coalesce((SELECT json_agg(json_build_object('id', f.id, 'key', coalesce(f.frozen_key, f.key), 'mimeType', f.mime_type, 'size', f.size,
                    'uploadExpiresAt', f.upload_expires_at) ORDER BY cf.position)
                   FROM claim_files cf JOIN stored_files f ON f.id = cf.file_id WHERE cf.claim_id = c.id), '[]') AS files,
         coalesce((SELECT json_agg(json_build_object('title', t.title, 'body', t.body) ORDER BY array_position(c.term_ids, t.id))
                   FROM terms t WHERE t.id = ANY(c.term_ids)), '[]') AS terms
       FROM claims c JOIN organisations o ON o.id = c.organisation_id WHERE c.id = $1`,
      [claimId],
    )) as Array<{
      organisationName: string;
      files: Array<ClaimFileRef & { uploadExpiresAt: string }>;
      terms: Array<{ title: string; body: string }>;
    }>;
    if (!row) return null;
    return { ...row, files: row.files.map((file) => ({ ...file, uploadExpiresAt: new Date(file.uploadExpiresAt) })) };
  }

  /**
   * Writes the attempt's request id before its fax is handed to the gateway, so that whoever takes
   * the row next (this worker's next check, or another replica after a crash) asks the gateway about
   * that id instead of sending the claim again; and renews the lease for the hand-over. False when
   * the take is no longer this worker's or its lease has run out (another worker may take the row).
   * Writing the id the row already holds (a hand-over again) keeps its first time.
   */
  recordRequest(taken: TakenDelivery, requestId: string, leaseSeconds: number): Promise<boolean> {
    return this.update(
      taken,
      `submitted_at = CASE WHEN request_id = $3 THEN submitted_at ELSE now() END, request_id = $3, receipt_id = NULL,
       next_attempt_at = now() + make_interval(secs => $4)`,
      [requestId, leaseSeconds],
      { condition: 'AND next_attempt_at > now()' },
    );
  }

  /**
   * The attempt's request id is to be handed over again (the gateway holds nothing under it): counted
   * as an attempt of its own. The take as it now stands, or null when it is no longer this worker's.
   */
  async countHandOverAgain(taken: TakenDelivery): Promise<TakenDelivery | null> {
    return (await this.update(taken, 'attempts = attempts + 1', [])) ? { ...taken, attempt: taken.attempt + 1 } : null;
  }

  /**
   * The gateway has the fax (its receipt, when it gave one): the row is due again for a result check
   * after `delayMs`, and the lease is given up meanwhile (the worker's slot is free). The claim stays
   * SENDING. A hand-over (not a check that found the fax still pending) is logged.
   */
  awaitResult(taken: TakenDelivery, receiptId: string | null, delayMs: number, handOver?: HandOver): Promise<boolean> {
    return this.update(
      taken,
      'receipt_id = coalesce($3, receipt_id), lease_id = NULL, next_attempt_at = now() + make_interval(secs => $4)',
      [receiptId, delayMs / 1000],
      {
        logged: handOver && {
          outcome: handOver.confirmed ? ClaimAttemptOutcome.HandedOver : ClaimAttemptOutcome.HandOverUnconfirmed,
          detail: `request ${handOver.requestId}, ${handOver.pages} pages${receiptId === null ? '' : `, receipt ${receiptId}`}`,
          error: handOver.message ?? null,
        },
      },
    );
  }

  /** The claim went through: SENT with the gateway's job id, the outbox row gone. False when the take is no longer this worker's. */
  markSent(taken: TakenDelivery, faxJobId: string): Promise<boolean> {
    return this.finish(taken, ClaimStatus.Sent, null, faxJobId, {
      outcome: ClaimAttemptOutcome.Sent,
      detail: `request ${taken.requestId}, job ${faxJobId}`,
      error: null,
    });
  }

  /** Given up: FAILED with the reason, the outbox row gone. `requestId`: the attempt's at the gateway, when it reached it. */
  markFailed(taken: TakenDelivery, reason: string, requestId = taken.requestId): Promise<boolean> {
    return this.finish(taken, ClaimStatus.Failed, reason, null, {
      outcome: ClaimAttemptOutcome.Failed,
      detail: requestOf(requestId),
      error: reason,
    });
  }

  /**
   * The attempt failed: due again after `delayMs` for a new attempt (under a new request id), with the
   * reason of this one's failure; the claim stays SENDING.
   */
  async scheduleRetry(taken: TakenDelivery, delayMs: number, reason: string, requestId = taken.requestId): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const [kept] = (await tx.query(
        `WITH kept AS (
           UPDATE claim_deliveries SET next_attempt_at = now() + make_interval(secs => $3), lease_id = NULL,
             request_id = NULL, receipt_id = NULL, submitted_at = NULL
           WHERE claim_id = $1 AND lease_id = $2 RETURNING claim_id, attempts, next_attempt_at
         ), noted AS (
           UPDATE claims c SET status_reason = $4, delivery_attempts = kept.attempts, last_attempt_at = now(), updated_at = now()
           FROM kept WHERE c.id = kept.claim_id RETURNING c.id
         )
         SELECT kept.next_attempt_at AS "nextAttemptAt" FROM kept WHERE EXISTS (SELECT 1 FROM noted)`,
        [taken.claimId, taken.leaseId, delayMs / 1000, reason],
      )) as Array<{ nextAttemptAt: Date }>;
      if (!kept) return false;
      await this.log(tx, taken, ClaimAttemptOutcome.Retry, {
        detail: requestOf(requestId),
        error: reason,
        nextAttemptAt: kept.nextAttemptAt,
      });
      return true;
    });
  }

  /**
   * The take was cut off by a shutdown: due again at once for any worker. An attempt that handed
   * nothing to the gateway is not counted; one that did goes on (the next take checks its result).
   */
  release(taken: TakenDelivery): Promise<boolean> {
    return this.update(taken, 'attempts = attempts - (request_id IS NULL)::int, lease_id = NULL, next_attempt_at = now()', []);
  }

  /**
   * Changes the taken row under its lease (and `condition`, more SQL for its WHERE); with `logged`,
   * logs the attempt in the same transaction.
   */
  private async update(
    taken: TakenDelivery,
    set: string,
    values: unknown[],
    {
      condition = '',
      logged,
    }: { condition?: string; logged?: { outcome: ClaimAttemptOutcome; detail: string | null; error: string | null } } = {},
  ): Promise<boolean> {
    const change = async (db: EntityManager) =>
      (
        (await db.query(
          `WITH changed AS (UPDATE claim_deliveries SET ${set} WHERE claim_id = $1 AND lease_id = $2 ${condition} RETURNING next_attempt_at)
           SELECT next_attempt_at AS "nextAttemptAt" FROM changed`,
          [taken.claimId, taken.leaseId, ...values],
        )) as Array<{ nextAttemptAt: Date }>
      )[0];
    if (!logged) return (await change(this.dataSource.manager)) !== undefined;
    return this.dataSource.transaction(async (tx) => {
      const changed = await change(tx);
      if (!changed) return false;
      await this.log(tx, taken, logged.outcome, { ...logged, nextAttemptAt: changed.nextAttemptAt });
      return true;
    });
  }

  private async finish(
    taken: TakenDelivery,
    status: ClaimStatus,
    reason: string | null,
    faxJobId: string | null,
    logged: { outcome: ClaimAttemptOutcome; detail: string | null; error: string | null },
  ): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const [{ changed }] = (await tx.query(
        `WITH done AS (
           DELETE FROM claim_deliveries WHERE claim_id = $1 AND lease_id = $2 RETURNING claim_id, attempts
         ), ended AS (
           UPDATE claims c SET status = $3::varchar, status_reason = $4, fax_job_id = $5,
             sent_at = CASE WHEN $3::varchar = '${ClaimStatus.Sent}' THEN now() END,
             delivery_attempts = done.attempts, last_attempt_at = now(), updated_at = now()
           FROM done WHERE c.id = done.claim_id RETURNING c.id
         )
         SELECT count(*)::int AS changed FROM ended`,
        [taken.claimId, taken.leaseId, status, reason, faxJobId],
      )) as [{ changed: number }];
      if (changed === 0) return false;
      await this.log(tx, taken, logged.outcome, logged);
      return true;
    });
  }

  /** The take's attempt in the attempt log: from when the take began until now, unless told otherwise. */
  private log(
    tx: EntityManager,
    taken: TakenDelivery,
    outcome: ClaimAttemptOutcome,
    entry: { detail?: string | null; error?: string | null; nextAttemptAt?: Date | null; latencyMs?: number },
  ): Promise<void> {
    return this.attempts.record(tx, CLAIM_DELIVERY_WORK, String(taken.claimId), {
      attemptedAt: taken.takenAt,
      outcome,
      latencyMs: entry.latencyMs ?? Date.now() - taken.takenAt.getTime(),
      detail: entry.detail ?? null,
      error: entry.error ?? null,
      nextAttemptAt: entry.nextAttemptAt ?? null,
    });
  }
}

function requestOf(requestId: string | null): string | null {
  return requestId === null ? null : `request ${requestId}`;
}
