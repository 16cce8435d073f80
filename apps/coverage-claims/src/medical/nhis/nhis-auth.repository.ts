import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { NhisAuthStatus } from '#contracts';
import type { Visibility } from '../../auth/principal.js';
import { NhisAuthSession } from './entities/nhis-auth-session.entity.js';

/** A reference as the field cipher sealed it. */
export interface SealedReference {
  keyId: string;
  ciphertext: Buffer;
}

/** A blanked reference: an empty ciphertext (the column is NOT NULL), which no key opens. */
const FORGET_REFERENCE = `reference_ciphertext = ''::bytea`;

export type NewNhisAuthSession = Omit<NhisAuthSession, 'organisation' | 'customer' | 'planner' | 'completedAt' | 'checkupsAllowedUntil'>;

/**
 * NHIS simple-authentication sessions. Every read takes a Visibility, so no query reaches another
 * organisation's (or, for a planner, another planner's). Times are the database's clock.
 */
@Injectable()
export class NhisAuthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async now(tx: EntityManager): Promise<Date> {
    const [{ now }] = await tx.query<[{ now: Date }]>(`SELECT clock_timestamp() AS now`);
    return now;
  }

  /**
   * Stores the session if its customer still exists (the customer row KEY SHARE-locked, so a
   * concurrent deletion waits rather than failing the insert); false when the customer is gone.
   */
  async insert(tx: EntityManager, session: NewNhisAuthSession): Promise<boolean> {
    const rows = await tx.query<Array<{ id: string }>>(
      `INSERT INTO nhis_auth_sessions (id, organisation_id, customer_id, planner_id, provider, telecom, key_id, reference_ciphertext,
                                       status, requested_at, expires_at)
       SELECT $1, $2, customer.id, $4, $5, $6, $7, $8, $9, $10, $11 FROM customers customer WHERE customer.id = $3 FOR KEY SHARE
       RETURNING id`,
      [
        session.id,
        session.organisationId,
        session.customerId,
        session.plannerId,
        session.provider,
        session.telecom,
        session.keyId,
        session.referenceCiphertext,
        session.status,
        session.requestedAt,
        session.expiresAt,
      ],
    );
    return rows.length === 1;
  }

  /** A session the user may see, with the time now; null when not visible. */
  async findVisible(visibility: Visibility, id: string): Promise<{ session: NhisAuthSession; now: Date } | null> {
    return this.transaction(async (tx) => {
      const session = await tx.getRepository(NhisAuthSession).findOne({ where: visibleWhere(visibility, id) });
      return session ? { session, now: await this.now(tx) } : null;
    });
  }

  /**
   * The NHIS approved: completes the session if it is still PENDING and within its 270 s, with check-
   * ups allowed for `windowSeconds` from now (one statement, so of concurrent calls one completes it),
   * and the source's replacement reference in place of the stored one when it gave one. Null when it
   * was no longer PENDING or had expired.
   */
  completeIfPending(
    id: string,
    windowSeconds: number,
    reference?: SealedReference,
  ): Promise<{ session: NhisAuthSession; now: Date } | null> {
    return reference
      ? this.changeIfPending(
          id,
          `status = '${NhisAuthStatus.Completed}', completed_at = clock_timestamp(),
           checkups_allowed_until = clock_timestamp() + make_interval(secs => $2), key_id = $3, reference_ciphertext = $4`,
          [windowSeconds, reference.keyId, reference.ciphertext],
        )
      : this.changeIfPending(
          id,
          `status = '${NhisAuthStatus.Completed}', completed_at = clock_timestamp(),
           checkups_allowed_until = clock_timestamp() + make_interval(secs => $2)`,
          [windowSeconds],
        );
  }

  /** The customer refused: records it if the session is still PENDING and within its 270 s; null otherwise. The reference goes. */
  refuseIfPending(id: string): Promise<{ session: NhisAuthSession; now: Date } | null> {
    return this.changeIfPending(id, `status = '${NhisAuthStatus.Refused}', ${FORGET_REFERENCE}`, []);
  }

  /**
   * The source says the request is over: the session expires now (still PENDING, so every later
   * complete answers 410 from the database), and its reference goes. Null when it was no longer
   * PENDING or had expired already.
   */
  expireIfPending(id: string): Promise<{ session: NhisAuthSession; now: Date } | null> {
    return this.changeIfPending(id, `expires_at = clock_timestamp(), ${FORGET_REFERENCE}`, []);
  }

  /**
   * Blanks the reference of every session that no longer needs it: completed ones past their lookup
   * window (a CODEF reference carries the check-ups themselves), pending ones past their 270 s,
   * refused ones. Rows another statement holds are skipped (the next call takes them), so concurrent
   * calls neither wait for nor deadlock on each other. Returns how many were blanked.
   */
  async forgetSpentReferences(): Promise<number> {
    const [, count] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE nhis_auth_sessions SET ${FORGET_REFERENCE}
        WHERE id IN (SELECT id FROM nhis_auth_sessions
                      WHERE octet_length(reference_ciphertext) > 0
                        AND (status = '${NhisAuthStatus.Refused}'
                             OR (status = '${NhisAuthStatus.Completed}' AND checkups_allowed_until <= clock_timestamp())
                             OR (status = '${NhisAuthStatus.Pending}' AND expires_at <= clock_timestamp()))
                      FOR UPDATE SKIP LOCKED)`,
    );
    return count;
  }

  private async changeIfPending(id: string, set: string, parameters: unknown[]): Promise<{ session: NhisAuthSession; now: Date } | null> {
    const [rows] = await this.dataSource.query<[Array<{ id: string }>, number]>(
      `UPDATE nhis_auth_sessions SET ${set}
        WHERE id = $1 AND status = '${NhisAuthStatus.Pending}' AND expires_at > clock_timestamp() RETURNING id`,
      [id, ...parameters],
    );
    if (rows.length === 0) return null;
    return this.transaction(async (tx) => {
      // Gone with its customer meanwhile: the caller reads again and answers 404.
      const session = await tx.getRepository(NhisAuthSession).findOneBy({ id });
      return session && { session, now: await this.now(tx) };
    });
  }
}

function visibleWhere(visibility: Visibility, id: string) {
  return visibility.plannerId === null
    ? { id, organisationId: visibility.organisationId }
    : { id, organisationId: visibility.organisationId, plannerId: visibility.plannerId };
}
