import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { Visibility } from '../auth/principal.js';
import { CustomerVerification, VerificationStatus } from './entities/customer-verification.entity.js';

export interface UsableToken {
  id: string;
  customerId: string;
  plannerId: string | null;
  tokenExpiresAt: Date;
}

/**
 * Verifications. Codes arrive as HMACs and tokens as SHA-256 only. Times are the database's clock
 * (`clock_timestamp()`), one clock for every replica.
 */
@Injectable()
export class VerificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Serialises requests for one phone of one organisation until the transaction ends, then tells when
   * the last number for it was requested (of those the gateway did not refuse), and the time now (read
   * after the lock was granted).
   */
  async lockPhone(tx: EntityManager, organisationId: string, phoneHash: string): Promise<{ now: Date; lastRequestedAt: Date | null }> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`verification:${organisationId}:${phoneHash}`]);
    const [row] = await tx.query<Array<{ now: Date; lastRequestedAt: Date | null }>>(
      `SELECT clock_timestamp() AS now,
              (SELECT max(created_at) FROM customer_verifications
                WHERE organisation_id = $1 AND phone_hash = $2 AND status <> $3) AS "lastRequestedAt"`,
      [organisationId, phoneHash, VerificationStatus.Failed],
    );
    return row!;
  }

  async insert(
    tx: EntityManager,
    verification: Omit<CustomerVerification, 'confirmedAt' | 'tokenHash' | 'tokenExpiresAt' | 'smsMessageId'>,
  ): Promise<void> {
    await tx.getRepository(CustomerVerification).insert(verification as QueryDeepPartialEntity<CustomerVerification>);
  }

  /**
   * The gateway refused the SMS (or the sent number cannot be recorded): the verification can never
   * be confirmed and holds no resend off. The gateway's message id is kept when it gave one.
   */
  async markFailed(id: string, smsMessageId: string | undefined): Promise<void> {
    await this.dataSource.query(
      `UPDATE customer_verifications SET status = $2, sms_message_id = coalesce($4, sms_message_id) WHERE id = $1 AND status = $3`,
      [id, VerificationStatus.Failed, VerificationStatus.Sending, smsMessageId ?? null],
    );
  }

  /**
   * The SMS went out: the verification names its customer and is confirmable until its expiry (180 s
   * from the request). The customer's numbers requested before this one and still waiting to be
   * confirmed expire now: only the newest number the customer received is good. Whichever of two
   * requests gets here first, only the older is expired (by creation time), and another customer
   * sharing the phone keeps theirs. The gateway's id of the message is kept for support look-ups.
   */
  async markSent(tx: EntityManager, id: string, customerId: string, smsMessageId: string): Promise<void> {
    await tx.query(`UPDATE customer_verifications SET customer_id = $2, status = $3, sms_message_id = $4 WHERE id = $1`, [
      id,
      customerId,
      VerificationStatus.Pending,
      smsMessageId,
    ]);
    await tx.query(
      `UPDATE customer_verifications older SET expires_at = clock_timestamp()
         FROM customer_verifications newer
        WHERE newer.id = $1 AND older.customer_id = $2 AND older.status = $3 AND older.id <> newer.id
          AND older.created_at < newer.created_at AND older.expires_at > clock_timestamp()`,
      [id, customerId, VerificationStatus.Pending],
    );
  }

  /**
   * A customer's erasure, in its transaction: deletes their planner's requests for their phone that
   * name no customer — FAILED ones (the SMS was refused before a customer was recorded) and SENDING
   * ones older than a number lives (a process died between the steps); another planner's are that
   * planner's (a family may share a phone) — and answers their ids with those of the customer's own
   * verifications (which cascade with the customer).
   */
  async deleteForErasure(
    tx: EntityManager,
    customer: { id: string; organisationId: string; plannerId: string | null; phoneHash: string },
  ): Promise<string[]> {
    const orphans = await tx.query<Array<{ id: string }>>(
      `WITH gone AS (
         DELETE FROM customer_verifications
          WHERE organisation_id = $1 AND phone_hash = $2 AND customer_id IS NULL AND planner_id IS NOT DISTINCT FROM $5
            AND (status = $3 OR (status = $4 AND created_at < clock_timestamp() - interval '180 seconds'))
          RETURNING id)
       SELECT id FROM gone`,
      [customer.organisationId, customer.phoneHash, VerificationStatus.Failed, VerificationStatus.Sending, customer.plannerId],
    );
    const own = await tx.query<Array<{ id: string }>>(`SELECT id FROM customer_verifications WHERE customer_id = $1`, [customer.id]);
    return [...orphans, ...own].map((row) => row.id);
  }

  /** A verification the user may see, locked until the transaction ends, with the time now; null when not visible. */
  async lockVisible(
    tx: EntityManager,
    visibility: Visibility,
    id: string,
  ): Promise<{ verification: CustomerVerification; now: Date } | null> {
    const where =
      visibility.plannerId === null
        ? { id, organisationId: visibility.organisationId }
        : { id, organisationId: visibility.organisationId, plannerId: visibility.plannerId };
    const verification = await tx.getRepository(CustomerVerification).findOne({ where, lock: { mode: 'pessimistic_write' } });
    if (!verification) return null;
    const [{ now }] = await tx.query<[{ now: Date }]>(`SELECT clock_timestamp() AS now`);
    return { verification, now };
  }

  async recordFailedAttempt(tx: EntityManager, id: string, failedAttempts: number, status: VerificationStatus): Promise<void> {
    await tx.getRepository(CustomerVerification).update({ id }, { failedAttempts, status });
  }

  async markConfirmed(tx: EntityManager, id: string, token: { tokenHash: string; confirmedAt: Date; tokenExpiresAt: Date }): Promise<void> {
    await tx.getRepository(CustomerVerification).update({ id }, { status: VerificationStatus.Confirmed, ...token });
  }

  /** The confirmed verification a token belongs to, if the user may see it and the token has not expired. */
  async findUsableToken(visibility: Visibility, tokenHash: string): Promise<UsableToken | null> {
    const rows = await this.dataSource.query<UsableToken[]>(
      `SELECT id, customer_id AS "customerId", planner_id AS "plannerId", token_expires_at AS "tokenExpiresAt"
         FROM customer_verifications
        WHERE token_hash = $1 AND status = $2 AND token_expires_at > clock_timestamp()
          AND organisation_id = $3 AND ($4::uuid IS NULL OR planner_id = $4)`,
      [tokenHash, VerificationStatus.Confirmed, visibility.organisationId, visibility.plannerId],
    );
    return rows[0] ?? null;
  }
}
