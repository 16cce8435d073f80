import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type { UserRole, UserStatus } from '#contracts';
import { escapeLike, type Page, type PageWindow } from '#platform';
import { User } from './entities/user.entity.js';

export interface UserListFilter {
  organisationId: string;
  search?: string;
  role?: UserRole;
  status?: UserStatus;
}

export interface UserChanges {
  name?: string;
  phone?: string | null;
  role?: UserRole;
  status?: UserStatus;
}

/** A planner as an SSO assertion names them; `role` null keeps an existing user's role (new users are PLANNER). */
export interface SsoUserRow {
  id: string;
  organisationId: string;
  fcUserCiHash: string;
  fcUserCiCiphertext: Buffer;
  fcUserCiKeyId: string;
  name: string;
  phone: string | null;
  role: UserRole | null;
}

/** Columns of the guard's per-request look-up. */
export interface UserState {
  organisationId: string;
  role: UserRole;
  status: UserStatus;
}

@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get users() {
    return this.dataSource.getRepository(User);
  }

  /** The guard's look-up: one primary-key read of the columns it needs. */
  /** The user's state, when the sign-in is theirs and has neither been revoked nor ended. */
  async findSignedInState(id: string, signInId: string): Promise<UserState | null> {
    const rows = await this.dataSource.query<UserState[]>(
      `SELECT u.organisation_id AS "organisationId", u.role, u.status
         FROM users u JOIN sign_ins s ON s.user_id = u.id
        WHERE u.id = $1 AND s.id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()`,
      [id, signInId],
    );
    return rows[0] ?? null;
  }

  /** Reads a user and holds a share lock until the transaction ends, so the user is not deleted meanwhile. */
  lockShared(tx: EntityManager, id: string): Promise<User | null> {
    return tx.getRepository(User).findOne({ where: { id }, lock: { mode: 'pessimistic_read' } });
  }

  findInOrganisation(organisationId: string, id: string): Promise<User | null> {
    return this.users.findOne({ where: { id, organisationId } });
  }

  /** Inserts the user unless their fcUserCi is already in the organisation (then null). */
  async insertIfNew(user: User): Promise<User | null> {
    const result = await this.users
      .createQueryBuilder()
      .insert()
      .values(user as QueryDeepPartialEntity<User>)
      .orIgnore()
      .execute();
    if ((result.raw as unknown[]).length === 0) return null;
    return this.users.findOne({ where: { id: user.id } });
  }

  /**
   * Creates the planner or updates their name and phone (a phone left out keeps the stored one), and
   * their role when the assertion states one, and records the sign-in. The row stays locked until the
   * transaction ends.
   */
  async upsertFromSso(tx: EntityManager, row: SsoUserRow): Promise<User> {
    const rows = await tx.query<Array<{ id: string }>>(
      `INSERT INTO users (id, organisation_id, fc_user_ci_hash, fc_user_ci_ciphertext, fc_user_ci_key_id, name, phone, role, status,
                          last_signed_in_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, coalesce($8::varchar, 'PLANNER'), 'ACTIVE', now(), now(), now())
       ON CONFLICT (organisation_id, fc_user_ci_hash) DO UPDATE
         SET fc_user_ci_ciphertext = EXCLUDED.fc_user_ci_ciphertext, fc_user_ci_key_id = EXCLUDED.fc_user_ci_key_id,
             name = EXCLUDED.name, phone = coalesce(EXCLUDED.phone, users.phone), role = coalesce($8::varchar, users.role),
             last_signed_in_at = now(), updated_at = now()
       RETURNING id`,
      [row.id, row.organisationId, row.fcUserCiHash, row.fcUserCiCiphertext, row.fcUserCiKeyId, row.name, row.phone, row.role],
    );
    return (await tx.getRepository(User).findOne({ where: { id: rows[0]!.id } }))!;
  }

  /** Applies the changes to a user of the organisation; null when there is no such user there. */
  async updateInOrganisation(organisationId: string, id: string, changes: UserChanges): Promise<User | null> {
    if (Object.keys(changes).length > 0) {
      const result = await this.users.update({ id, organisationId }, changes as QueryDeepPartialEntity<User>);
      if (result.affected === 0) return null;
    }
    return this.findInOrganisation(organisationId, id);
  }

  /** Deletes a user of the organisation (their codes and refresh tokens go with them); false when there is no such user there. */
  async deleteInOrganisation(organisationId: string, id: string): Promise<boolean> {
    const result = await this.users.delete({ id, organisationId });
    return (result.affected ?? 0) > 0;
  }

  async list(filter: UserListFilter, window: PageWindow): Promise<Page<User>> {
    const query = this.users
      .createQueryBuilder('user')
      .where('user.organisation_id = :organisationId', { organisationId: filter.organisationId })
      .orderBy('user.name', 'ASC')
      .addOrderBy('user.id', 'ASC')
      .offset(window.offset)
      .limit(window.limit);
    if (filter.search) query.andWhere('user.name ILIKE :search', { search: `%${escapeLike(filter.search)}%` });
    if (filter.role) query.andWhere('user.role = :role', { role: filter.role });
    if (filter.status) query.andWhere('user.status = :status', { status: filter.status });
    const [rows, total] = await query.getManyAndCount();
    return { rows, total };
  }
}
