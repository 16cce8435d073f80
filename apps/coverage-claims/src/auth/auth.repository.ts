import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export interface ClaimedRefreshToken {
  familyId: string;
  userId: string;
}

/** How many expired rows one clean-up deletes from each table at most. */
const PRUNE_BATCH = 1000;

/** SSO assertion ids, one-time codes and refresh tokens. Codes and tokens arrive here as SHA-256 hashes only. */
@Injectable()
export class AuthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Records an assertion's jti; false when the organisation's jti is already recorded (a replay), even by a concurrent sign-in. */
  async recordAssertion(tx: EntityManager, organisationId: string, jti: string, expiresAt: Date): Promise<boolean> {
    const rows = await tx.query<unknown[]>(
      `INSERT INTO sso_assertions (organisation_id, jti, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (organisation_id, jti) DO NOTHING RETURNING 1`,
      [organisationId, jti, expiresAt],
    );
    return rows.length === 1;
  }

  async insertCode(tx: EntityManager, codeHash: string, userId: string, ttlSeconds: number): Promise<void> {
    await tx.query(
      `INSERT INTO auth_codes (code_hash, user_id, expires_at, created_at) VALUES ($1, $2, now() + make_interval(secs => $3), now())`,
      [codeHash, userId, ttlSeconds],
    );
  }

  /**
   * Marks an unused, unexpired code used and returns its user. Of concurrent exchanges of one code,
   * the row lock lets exactly one through; the others find it used.
   */
  async claimCode(tx: EntityManager, codeHash: string): Promise<string | null> {
    const [rows] = await tx.query<[Array<{ userId: string }>, number]>(
      `UPDATE auth_codes SET used_at = now() WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id AS "userId"`,
      [codeHash],
    );
    return rows[0]?.userId ?? null;
  }

  async insertRefreshToken(
    tx: EntityManager,
    token: { id: string; tokenHash: string; familyId: string; userId: string },
    ttlSeconds: number,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO refresh_tokens (id, token_hash, family_id, user_id, expires_at, created_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), now())`,
      [token.id, token.tokenHash, token.familyId, token.userId, ttlSeconds],
    );
  }

  /** Marks a usable refresh token used (rotation); null when it is unknown, used, revoked or expired. Race-safe like claimCode. */
  async claimRefreshToken(tx: EntityManager, tokenHash: string): Promise<ClaimedRefreshToken | null> {
    const [rows] = await tx.query<[ClaimedRefreshToken[], number]>(
      `UPDATE refresh_tokens SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
       RETURNING family_id AS "familyId", user_id AS "userId"`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** The family of a refresh token that has already been used; null when the token is unknown or was never used. */
  async familyOfUsedToken(tokenHash: string): Promise<string | null> {
    const rows = await this.dataSource.query<Array<{ familyId: string }>>(
      `SELECT family_id AS "familyId" FROM refresh_tokens WHERE token_hash = $1 AND used_at IS NOT NULL`,
      [tokenHash],
    );
    return rows[0]?.familyId ?? null;
  }

  /** Revokes every token of a family (one statement, so all or none). */
  async revokeFamily(familyId: string): Promise<void> {
    await this.dataSource.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [familyId]);
  }

  /** Deletes expired assertion ids, codes and refresh tokens (none of them can be accepted any more). */
  async pruneExpired(): Promise<void> {
    for (const [table, key] of [
      ['sso_assertions', 'ctid'],
      ['auth_codes', 'code_hash'],
      ['refresh_tokens', 'id'],
    ] as const) {
      await this.dataSource.query(
        `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE expires_at < now() LIMIT ${PRUNE_BATCH})`,
      );
    }
  }
}
