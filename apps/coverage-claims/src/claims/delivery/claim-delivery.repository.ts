import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ClaimStatus, type EvidenceMimeType } from '#contracts';
import type { StoredFileRef } from '#platform';

/** An outbox row a worker has taken: the claim, and which attempt this is (1 for the first). */
export interface TakenDelivery {
  claimId: number;
  attempt: number;
}

/** A claim's evidence file as storage needs it, in the claim's order. */
export type ClaimFileRef = StoredFileRef & { mimeType: EvidenceMimeType };

/**
 * The claim_deliveries outbox. A worker takes due rows in one statement (`FOR UPDATE SKIP LOCKED`, so
 * concurrent workers never take the same row; the attempt is counted and the row leased by moving
 * `next_attempt_at` past the lease), sends outside any transaction, then records the outcome in one
 * statement guarded by the attempt it took: a worker whose lease ran out and whose claim another
 * worker took since changes nothing.
 */
@Injectable()
export class ClaimDeliveryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Takes up to `limit` due deliveries, oldest due first, leased for `leaseSeconds`; their claims
   * become SENDING. A due delivery that has already used its `maxAttempts` is not taken: its last
   * attempt was counted when taken and its lease ran out without an outcome (its process died, e.g.
   * killed for memory), so its claim ends FAILED (UNFINISHED) and its outbox row goes, in the same
   * statement. Such claims are `abandoned`.
   */
  async take(limit: number, leaseSeconds: number, maxAttempts: number): Promise<{ taken: TakenDelivery[]; abandoned: TakenDelivery[] }> {
    const rows = (await this.dataSource.query(
      `WITH due AS (
         SELECT claim_id, attempts FROM claim_deliveries WHERE next_attempt_at <= now()
         ORDER BY next_attempt_at, claim_id LIMIT $1 FOR UPDATE SKIP LOCKED
       ), taken AS (
         UPDATE claim_deliveries d SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
         FROM due WHERE d.claim_id = due.claim_id AND due.attempts < $3
         RETURNING d.claim_id, d.attempts
       ), sending AS (
         UPDATE claims c SET status = $4, updated_at = now() FROM taken WHERE c.id = taken.claim_id
       ), exhausted AS (
         DELETE FROM claim_deliveries d USING due WHERE d.claim_id = due.claim_id AND due.attempts >= $3
         RETURNING d.claim_id, d.attempts
       ), abandoned AS (
         UPDATE claims c SET status = $5, status_reason = 'UNFINISHED: Attempt ' || exhausted.attempts || ' of ' || $3::int
             || ' never finished (its process stopped before recording an outcome, e.g. killed for lack of memory); no attempts are left',
           fax_job_id = NULL, sent_at = NULL, updated_at = now()
         FROM exhausted WHERE c.id = exhausted.claim_id
       )
       SELECT claim_id AS "claimId", attempts AS "attempt", false AS abandoned FROM taken
       UNION ALL SELECT claim_id, attempts, true FROM exhausted
       ORDER BY 1`,
      [limit, leaseSeconds, maxAttempts, ClaimStatus.Sending, ClaimStatus.Failed],
    )) as Array<TakenDelivery & { abandoned: boolean }>;
    const delivery = ({ claimId, attempt }: TakenDelivery): TakenDelivery => ({ claimId, attempt });
    return {
      taken: rows.filter((row) => !row.abandoned).map(delivery),
      abandoned: rows.filter((row) => row.abandoned).map(delivery),
    };
  }

  /**
   * Queues a FAILED claim of the organisation again, in one statement: the claim back to RECEIVED
   * with no reason and the insurer's current claims fax, and a fresh outbox row (no attempts, due
   * now). The claim row is locked, so of two resends at once one queues it and the other finds it
   * RECEIVED. Null when the organisation has no such claim; otherwise what was found (`queued` only
   * when it was FAILED and its insurer has a fax).
   */
  async requeueFailed(
    claimId: number,
    organisationId: string,
  ): Promise<{ status: ClaimStatus; insurerCode: string; insurerFax: string | null; claimDate: string; queued: boolean } | null> {
    const [row] = (await this.dataSource.query(
      `WITH target AS (
         SELECT c.id, c.status, c.insurer_code, to_char(c.claim_date, 'YYYY-MM-DD') AS claim_date, i.claims_fax
         FROM claims c LEFT JOIN insurers i ON i.code = c.insurer_code
         WHERE c.id = $1 AND c.organisation_id = $2
         FOR UPDATE OF c
       ), requeued AS (
         UPDATE claims c SET status = $3, status_reason = NULL, insurer_fax = target.claims_fax, updated_at = now()
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

  /** Whether the attempt is still the claim's current one (the claim exists, its outbox row has this attempt). */
  async isCurrent(taken: TakenDelivery): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>('SELECT 1 FROM claim_deliveries WHERE claim_id = $1 AND attempts = $2', [
      taken.claimId,
      taken.attempt,
    ]);
    return rows.length > 0;
  }

  /** The claim went through: SENT with the gateway's job id, the outbox row gone. False when the attempt is no longer this worker's. */
  markSent(taken: TakenDelivery, faxJobId: string): Promise<boolean> {
    return this.finish(taken, ClaimStatus.Sent, null, faxJobId);
  }

  /** Given up: FAILED with the reason, the outbox row gone. */
  markFailed(taken: TakenDelivery, reason: string): Promise<boolean> {
    return this.finish(taken, ClaimStatus.Failed, reason, null);
  }

  /** Due again after `delayMs`, with the reason of this attempt's failure; the claim stays SENDING. */
  async scheduleRetry(taken: TakenDelivery, delayMs: number, reason: string): Promise<boolean> {
    const [{ changed }] = (await this.dataSource.query(
      `WITH kept AS (
         UPDATE claim_deliveries SET next_attempt_at = now() + make_interval(secs => $3)
         WHERE claim_id = $1 AND attempts = $2 RETURNING claim_id
       ), noted AS (
         UPDATE claims c SET status_reason = $4, updated_at = now() FROM kept WHERE c.id = kept.claim_id RETURNING c.id
       )
       SELECT count(*)::int AS changed FROM noted`,
      [taken.claimId, taken.attempt, delayMs / 1000, reason],
    )) as [{ changed: number }];
    return changed > 0;
  }

  /** The attempt was cut off by a shutdown: due again at once for any worker, and not counted. */
  async release(taken: TakenDelivery): Promise<boolean> {
    const [{ changed }] = (await this.dataSource.query(
      `WITH released AS (
         UPDATE claim_deliveries SET attempts = attempts - 1, next_attempt_at = now()
         WHERE claim_id = $1 AND attempts = $2 RETURNING claim_id
       )
       SELECT count(*)::int AS changed FROM released`,
      [taken.claimId, taken.attempt],
    )) as [{ changed: number }];
    return changed > 0;
  }

  private async finish(taken: TakenDelivery, status: ClaimStatus, reason: string | null, faxJobId: string | null): Promise<boolean> {
    const [{ changed }] = (await this.dataSource.query(
      `WITH done AS (
         DELETE FROM claim_deliveries WHERE claim_id = $1 AND attempts = $2 RETURNING claim_id
       ), ended AS (
         UPDATE claims c SET status = $3::varchar, status_reason = $4, fax_job_id = $5,
           sent_at = CASE WHEN $3::varchar = '${ClaimStatus.Sent}' THEN now() END, updated_at = now()
         FROM done WHERE c.id = done.claim_id RETURNING c.id
       )
       SELECT count(*)::int AS changed FROM ended`,
      [taken.claimId, taken.attempt, status, reason, faxJobId],
    )) as [{ changed: number }];
    return changed > 0;
  }
}
