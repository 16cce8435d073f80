import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { NhisAuthStatus } from '#contracts';
import type { Visibility } from '../../auth/principal.js';
import { NhisAuthSession } from './entities/nhis-auth-session.entity.js';

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
   * ups allowed for `windowSeconds` from now (one statement, so of concurrent calls one completes it).
   * Null when it was no longer PENDING or had expired.
   */
  completeIfPending(id: string, windowSeconds: number): Promise<{ session: NhisAuthSession; now: Date } | null> {
    return this.changeIfPending(
      id,
      `status = '${NhisAuthStatus.Completed}', completed_at = clock_timestamp(),
       checkups_allowed_until = clock_timestamp() + make_interval(secs => $2)`,
      [windowSeconds],
    );
  }

  /** The customer refused: records it if the session is still PENDING and within its 270 s; null otherwise. */
  refuseIfPending(id: string): Promise<{ session: NhisAuthSession; now: Date } | null> {
    return this.changeIfPending(id, `status = '${NhisAuthStatus.Refused}'`, []);
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
