import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { NhisAuthStatus } from '#contracts';
import type { Visibility } from '../auth/principal.js';
import { TwoStepPurpose, TwoStepSignIn } from './entities/two-step-sign-in.entity.js';
import { KEPT_WHEN_SPENT } from './two-step-rules.js';

/** A sign-in to store: everything but what the database gives (its times, counts and state). */
export type NewSignIn = Pick<
  TwoStepSignIn,
  | 'id'
  | 'purpose'
  | 'organisationId'
  | 'plannerId'
  | 'customerId'
  | 'verificationId'
  | 'method'
  | 'provider'
  | 'telecom'
  | 'keyId'
  | 'referenceCiphertext'
  | 'contextCiphertext'
>;

/** A new step of the source, sealed: its method, state and the caller's context, all with `keyId`. */
export type SealedStep = Pick<TwoStepSignIn, 'method' | 'keyId' | 'referenceCiphertext' | 'contextCiphertext'>;

/** A sign-in a follow-up holds; `hold` is its `held_until` as text, which names this hold (TwoStepService.hold). */
export type HeldRow = TwoStepSignIn & { hold: string };

/** What names a hold: the row and its `held_until`, exactly. */
export type Hold = Pick<HeldRow, 'id' | 'hold'>;

/** Why a follow-up could not hold a sign-in. */
export type HoldRefusal = 'NOT_FOUND' | 'EXPIRED' | 'BUSY';

/** Nobody holds it: no follow-up is with the source, or the one that was died past its hold. */
const NOT_HELD = '(held_until IS NULL OR held_until <= clock_timestamp())';

/** The row, while `$2` (a HeldRow's hold) is still its hold. */
const HOLDER = 'id = $1 AND held_until = $2::timestamptz';

/** The row is visible to `$2` (organisation) and `$3` (the planner, or null for an ORG_ADMIN), for purpose `$4`. */
const VISIBLE = 'organisation_id = $2 AND ($3::uuid IS NULL OR planner_id = $3) AND purpose = $4';

/** A forgotten state: an empty ciphertext (the column is NOT NULL), which no key opens. */
const FORGET = `reference_ciphertext = ''::bytea, context_ciphertext = NULL`;

/**
 * Spent: its state is of no more use. Refused; pending past its expiry with no follow-up at the
 * source; completed past its window.
 */
const SPENT = `(status = '${NhisAuthStatus.Refused}'
  OR (status = '${NhisAuthStatus.Pending}' AND expires_at <= clock_timestamp() AND ${NOT_HELD})
  OR (status = '${NhisAuthStatus.Completed}' AND usable_until <= clock_timestamp()))`;

const DROPPED_WHEN_SPENT = Object.values(TwoStepPurpose).filter((purpose) => !KEPT_WHEN_SPENT[purpose]);
const KEPT_AFTER_SPENT = Object.values(TwoStepPurpose).filter((purpose) => KEPT_WHEN_SPENT[purpose]);

/** Spent sign-ins a sweep handles per statement (it repeats until fewer are left). */
const SWEEP_BATCH = 100;

/**
 * Two-step sign-ins, the only code that writes `two_step_sign_ins`. Every read by id takes the purpose
 * and a Visibility, so no feature reaches another's sign-ins, nor a planner another's. Times are the
 * database's clock; single use by a hold (`hold`) or a compare-and-set on PENDING (`changeIfPending`).
 */
@Injectable()
export class TwoStepRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Stores a pending sign-in expiring `ttlSeconds` from now if its customer still exists (the
   * customer row KEY SHARE-locked, so a concurrent deletion waits rather than failing the insert); its
   * times, or null when the customer is gone.
   */
  async insert(tx: EntityManager, row: NewSignIn, ttlSeconds: number): Promise<{ requestedAt: Date; expiresAt: Date } | null> {
    const rows = await tx.query<Array<{ requestedAt: Date; expiresAt: Date }>>(
      `INSERT INTO two_step_sign_ins (id, purpose, organisation_id, planner_id, customer_id, verification_id, method, provider, telecom,
                                      key_id, reference_ciphertext, context_ciphertext, status, requested_at, expires_at)
         SELECT $1, $2, $3, $4, customer.id, $6, $7, $8, $9, $10, $11, $12, '${NhisAuthStatus.Pending}',
                now.at, now.at + make_interval(secs => $13)
           FROM customers customer, (SELECT clock_timestamp() AS at) now WHERE customer.id = $5 FOR KEY SHARE OF customer
         RETURNING requested_at AS "requestedAt", expires_at AS "expiresAt"`,
      [
        row.id,
        row.purpose,
        row.organisationId,
        row.plannerId,
        row.customerId,
        row.verificationId,
        row.method,
        row.provider,
        row.telecom,
        row.keyId,
        row.referenceCiphertext,
        row.contextCiphertext,
        ttlSeconds,
      ],
    );
    return rows[0] ?? null;
  }

  /** A sign-in of `purpose` the user may see, with the time now; null when not visible. */
  async findVisible(purpose: TwoStepPurpose, visibility: Visibility, id: string): Promise<{ row: TwoStepSignIn; now: Date } | null> {
    const row = await this.dataSource.getRepository(TwoStepSignIn).findOneBy({
      id,
      purpose,
      organisationId: visibility.organisationId,
      ...(visibility.plannerId !== null && { plannerId: visibility.plannerId }),
    });
    return row && { row, now: await this.now() };
  }

  /**
   * Holds a visible, pending, unexpired sign-in nobody holds for `holdSeconds` (one statement: of
   * concurrent follow-ups exactly one gets it). The row, or why not: NOT_FOUND (unknown or not
   * visible), EXPIRED (then spent as its purpose says), BUSY (another follow-up holds it).
   */
  async hold(purpose: TwoStepPurpose, visibility: Visibility, id: string, holdSeconds: number): Promise<HeldRow | HoldRefusal> {
    const [rows] = await this.dataSource.query<[Array<{ hold: string }>, number]>(
      `UPDATE two_step_sign_ins SET held_until = clock_timestamp() + make_interval(secs => $5)
        WHERE id = $1 AND ${VISIBLE} AND status = '${NhisAuthStatus.Pending}' AND expires_at > clock_timestamp() AND ${NOT_HELD}
        RETURNING held_until::text AS hold`,
      [id, visibility.organisationId, visibility.plannerId, purpose, holdSeconds],
    );
    if (rows.length === 1) {
      const held = await this.dataSource.getRepository(TwoStepSignIn).findOneBy({ id });
      // Gone with its customer just now.
      return held ? Object.assign(held, { hold: rows[0]!.hold }) : 'NOT_FOUND';
    }
    const found = await this.dataSource.query<Array<{ expired: boolean }>>(
      `SELECT status <> '${NhisAuthStatus.Pending}' OR expires_at <= clock_timestamp() AS expired FROM two_step_sign_ins
        WHERE id = $1 AND ${VISIBLE}`,
      [id, visibility.organisationId, visibility.plannerId, purpose],
    );
    if (found.length === 0) return 'NOT_FOUND';
    if (!found[0]!.expired) return 'BUSY';
    // A follow-up that held it before it expired settles it itself (its answer may be what the caller waits for).
    await this.spend('id = $2', [id]);
    return 'EXPIRED';
  }

  /** Lets go of a held sign-in (while the hold is this one), with the source's new step when it asked for another. */
  async release(held: Hold, step?: SealedStep): Promise<void> {
    if (!step) {
      await this.dataSource.query(`UPDATE two_step_sign_ins SET held_until = NULL WHERE ${HOLDER}`, [held.id, held.hold]);
      return;
    }
    await this.dataSource.query(
      `UPDATE two_step_sign_ins SET held_until = NULL, method = $3, key_id = $4, reference_ciphertext = $5, context_ciphertext = $6
        WHERE ${HOLDER}`,
      [held.id, held.hold, step.method, step.keyId, step.referenceCiphertext, step.contextCiphertext],
    );
  }

  /** Counts a wrong code, the sign-in still held: the wrong codes so far (null when it is gone, or no longer this hold's). */
  async countWrongAnswer(held: Hold): Promise<number | null> {
    const [rows] = await this.dataSource.query<[Array<{ wrong_answers: number }>, number]>(
      `UPDATE two_step_sign_ins SET wrong_answers = wrong_answers + 1 WHERE ${HOLDER} RETURNING wrong_answers`,
      [held.id, held.hold],
    );
    return rows[0]?.wrong_answers ?? null;
  }

  /** Deletes it (done, or failed for good) while the hold is this one; true when it was. Within `tx` when given. */
  async delete(held: Hold, tx: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [, count] = await tx.query<[unknown[], number]>(`DELETE FROM two_step_sign_ins WHERE ${HOLDER}`, [held.id, held.hold]);
    return count === 1;
  }

  /**
   * The source approved: completes the sign-in if it is still PENDING and within its time, its answer
   * usable for `windowSeconds` from now (one statement, so of concurrent calls one completes it), and
   * the source's replacement state in place of the stored one when it gave one. Null when it was no
   * longer PENDING or had expired.
   */
  completeIfPending(
    id: string,
    windowSeconds: number,
    state?: Pick<TwoStepSignIn, 'keyId' | 'referenceCiphertext'>,
  ): Promise<{ row: TwoStepSignIn; now: Date } | null> {
    const completed = `status = '${NhisAuthStatus.Completed}', completed_at = clock_timestamp(),
      usable_until = clock_timestamp() + make_interval(secs => $2)`;
    return state
      ? this.changeIfPending(id, `${completed}, key_id = $3, reference_ciphertext = $4`, [
          windowSeconds,
          state.keyId,
          state.referenceCiphertext,
        ])
      : this.changeIfPending(id, completed, [windowSeconds]);
  }

  /** The customer refused: records it if the sign-in is still PENDING and within its time; null otherwise. Its state goes. */
  refuseIfPending(id: string): Promise<{ row: TwoStepSignIn; now: Date } | null> {
    return this.changeIfPending(id, `status = '${NhisAuthStatus.Refused}', ${FORGET}`, []);
  }

  /**
   * The source says the step is over: the sign-in expires now (still PENDING, so every later call
   * answers from the database), and its state goes. Null when it was no longer PENDING or had expired.
   */
  expireIfPending(id: string): Promise<{ row: TwoStepSignIn; now: Date } | null> {
    return this.changeIfPending(id, `expires_at = clock_timestamp(), ${FORGET}`, []);
  }

  /**
   * Spends every spent sign-in: deletes those whose purpose keeps nothing after, and forgets the state
   * of the others (KEPT_WHEN_SPENT). Rows another statement holds are skipped (the next call takes
   * them), so concurrent calls neither wait for nor deadlock on each other. An aborted `signal` ends it
   * between two batches. How many rows it changed.
   */
  async spendSpent(signal?: AbortSignal): Promise<number> {
    let spent = 0;
    for (;;) {
      const { dropped, forgotten } = await this.spend('TRUE', []);
      spent += dropped + forgotten;
      if ((dropped < SWEEP_BATCH && forgotten < SWEEP_BATCH) || signal?.aborted) return spent;
    }
  }

  /**
   * Spends up to SWEEP_BATCH spent sign-ins of those `where` names (its parameters from $2): deletes
   * those of a purpose that keeps nothing, forgets the state of the others.
   */
  private async spend(where: string, parameters: unknown[]): Promise<{ dropped: number; forgotten: number }> {
    const among = (also: string) =>
      `id IN (SELECT id FROM two_step_sign_ins WHERE ${where} AND ${SPENT} AND purpose = ANY($1)${also}
               LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)`;
    const [, dropped] = await this.dataSource.query<[unknown[], number]>(`DELETE FROM two_step_sign_ins WHERE ${among('')}`, [
      DROPPED_WHEN_SPENT,
      ...parameters,
    ]);
    // A state already forgotten is not forgotten again.
    const [, forgotten] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE two_step_sign_ins SET ${FORGET} WHERE ${among(' AND octet_length(reference_ciphertext) > 0')}`,
      [KEPT_AFTER_SPENT, ...parameters],
    );
    return { dropped, forgotten };
  }

  private now(): Promise<Date> {
    return this.dataSource.query<[{ now: Date }]>(`SELECT clock_timestamp() AS now`).then(([{ now }]) => now);
  }

  private async changeIfPending(id: string, set: string, parameters: unknown[]): Promise<{ row: TwoStepSignIn; now: Date } | null> {
    const [rows] = await this.dataSource.query<[Array<{ now: Date }>, number]>(
      `UPDATE two_step_sign_ins SET ${set}
        WHERE id = $1 AND status = '${NhisAuthStatus.Pending}' AND expires_at > clock_timestamp() RETURNING clock_timestamp() AS now`,
      [id, ...parameters],
    );
    // Gone with its customer meanwhile: the caller reads again and answers 404.
    return rows.length === 0 ? null : this.withNow(id, rows[0]!.now);
  }

  private async withNow(id: string, now: Date): Promise<{ row: TwoStepSignIn; now: Date } | null> {
    const row = await this.dataSource.getRepository(TwoStepSignIn).findOneBy({ id });
    return row && { row, now };
  }
}
