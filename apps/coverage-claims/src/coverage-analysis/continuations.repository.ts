import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AnalysisSecondStepMethod } from '#contracts';
import type { Visibility } from '../auth/principal.js';
import { AnalysisContinuation } from './entities/analysis-continuation.entity.js';

export interface NewContinuation {
  id: string;
  organisationId: string;
  plannerId: string;
  customerId: string;
  verificationId: string;
  method: AnalysisSecondStepMethod;
  keyId: string;
  referenceCiphertext: Buffer;
  monthlyIncomeCiphertext: Buffer | null;
}

/** The port's reference of a new step, sealed, and the monthly income sealed again with the same key. */
export interface SealedStep {
  method: AnalysisSecondStepMethod;
  keyId: string;
  referenceCiphertext: Buffer;
  monthlyIncomeCiphertext: Buffer | null;
}

/**
 * A continuation a follow-up holds. `hold` names this hold (its `held_until`, exactly, as text): a
 * follow-up lets go of, changes or deletes the row only while the hold is still its own, so one that
 * outlived its hold cannot clear the hold of the follow-up after it.
 */
export type HeldContinuation = AnalysisContinuation & { hold: string };

/** Why a follow-up could not hold a continuation. */
export type HoldRefusal = 'NOT_FOUND' | 'EXPIRED' | 'BUSY';

/** Nobody holds it: no follow-up is with the source, or the one that was died past its hold. */
const NOT_HELD = '(held_until IS NULL OR held_until <= clock_timestamp())';

/** The row, while `$2` (a HeldContinuation's hold) is still its hold. */
const HOLDER = 'id = $1 AND held_until = $2::timestamptz';

/** Expired continuations a sweep deletes per statement (it repeats until fewer are left). */
const PRUNE_BATCH = 100;

/**
 * Analyses' continuations (second steps). Every read takes a Visibility, so no query reaches another
 * organisation's (or, for a planner, another planner's). Times are the database's clock.
 */
@Injectable()
export class ContinuationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Stores a continuation expiring `ttlSeconds` from now if its customer still exists (the customer
   * row KEY SHARE-locked, as analyses are stored); its expiry, or null when the customer is gone.
   */
  async insert(continuation: NewContinuation, ttlSeconds: number): Promise<Date | null> {
    const rows = await this.dataSource.query<Array<{ expires_at: Date }>>(
      `INSERT INTO analysis_continuations (id, organisation_id, planner_id, customer_id, verification_id, method, key_id,
                                             reference_ciphertext, monthly_income_ciphertext, expires_at)
         SELECT $1, $2, $3, customer.id, $5, $6, $7, $8, $10, clock_timestamp() + make_interval(secs => $9)
           FROM customers customer WHERE customer.id = $4 FOR KEY SHARE
         RETURNING expires_at`,
      [
        continuation.id,
        continuation.organisationId,
        continuation.plannerId,
        continuation.customerId,
        continuation.verificationId,
        continuation.method,
        continuation.keyId,
        continuation.referenceCiphertext,
        ttlSeconds,
        continuation.monthlyIncomeCiphertext,
      ],
    );
    return rows[0]?.expires_at ?? null;
  }

  /**
   * Deletes every expired continuation no follow-up holds (the sealed customer and the source's state
   * they keep have no use past their expiry); how many.
   */
  async pruneExpired(): Promise<number> {
    let pruned = 0;
    for (;;) {
      const [, count] = await this.dataSource.query<[unknown[], number]>(
        `DELETE FROM analysis_continuations WHERE id IN
           (SELECT id FROM analysis_continuations WHERE expires_at < clock_timestamp() AND ${NOT_HELD}
             LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED)`,
      );
      pruned += count;
      if (count < PRUNE_BATCH) return pruned;
    }
  }

  /**
   * Holds a visible, unexpired continuation nobody holds for `holdSeconds` (one statement: of
   * concurrent follow-ups exactly one gets it). The row, or why not: NOT_FOUND (unknown or not
   * visible), EXPIRED (then deleted), BUSY (another follow-up holds it).
   */
  async hold(visibility: Visibility, id: string, holdSeconds: number): Promise<HeldContinuation | HoldRefusal> {
    const [rows] = await this.dataSource.query<[Array<{ hold: string }>, number]>(
      `UPDATE analysis_continuations SET held_until = clock_timestamp() + make_interval(secs => $4)
        WHERE id = $1 AND organisation_id = $2 AND ($3::uuid IS NULL OR planner_id = $3)
          AND expires_at > clock_timestamp() AND ${NOT_HELD}
        RETURNING held_until::text AS hold`,
      [id, visibility.organisationId, visibility.plannerId, holdSeconds],
    );
    if (rows.length === 1) {
      const held = await this.dataSource.getRepository(AnalysisContinuation).findOneBy({ id });
      // Gone with its customer just now.
      return held ? Object.assign(held, { hold: rows[0]!.hold }) : 'NOT_FOUND';
    }
    const found = await this.dataSource.query<Array<{ expired: boolean }>>(
      `SELECT expires_at <= clock_timestamp() AS expired FROM analysis_continuations
        WHERE id = $1 AND organisation_id = $2 AND ($3::uuid IS NULL OR planner_id = $3)`,
      [id, visibility.organisationId, visibility.plannerId],
    );
    if (found.length === 0) return 'NOT_FOUND';
    if (found[0]!.expired) {
      // A follow-up that held it before it expired settles it itself (its answer may be the contracts).
      await this.dataSource.query(`DELETE FROM analysis_continuations WHERE id = $1 AND ${NOT_HELD}`, [id]);
      return 'EXPIRED';
    }
    return 'BUSY';
  }

  /** Lets go of a held continuation (while the hold is this one), with the source's new step when it asked for another. */
  async release(held: HeldContinuation, step?: SealedStep): Promise<void> {
    if (!step) {
      await this.dataSource.query(`UPDATE analysis_continuations SET held_until = NULL WHERE ${HOLDER}`, [held.id, held.hold]);
      return;
    }
    await this.dataSource.query(
      `UPDATE analysis_continuations
          SET held_until = NULL, method = $3, key_id = $4, reference_ciphertext = $5, monthly_income_ciphertext = $6
        WHERE ${HOLDER}`,
      [held.id, held.hold, step.method, step.keyId, step.referenceCiphertext, step.monthlyIncomeCiphertext],
    );
  }

  /** Counts a wrong code, the continuation still held: the wrong codes so far (null when it is gone, or no longer this hold's). */
  async countWrongAnswer(held: HeldContinuation): Promise<number | null> {
    const [rows] = await this.dataSource.query<[Array<{ wrong_answers: number }>, number]>(
      `UPDATE analysis_continuations SET wrong_answers = wrong_answers + 1 WHERE ${HOLDER} RETURNING wrong_answers`,
      [held.id, held.hold],
    );
    return rows[0]?.wrong_answers ?? null;
  }

  /** Deletes it (done, or failed for good) while the hold is this one; true when it was. Within `tx` when given. */
  async delete(held: HeldContinuation, tx: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [, count] = await tx.query<[unknown[], number]>(`DELETE FROM analysis_continuations WHERE ${HOLDER}`, [held.id, held.hold]);
    return count === 1;
  }
}
