import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export interface ClaimedRefreshToken {
  familyId: string;
  userId: string;
}

/** How many expired rows one clean-up deletes from each table at most. */
const PRUNE_BATCH = 1000;

/** SSO assertion ids, one-time codes, sign-ins and refresh tokens. Codes and tokens arrive here as SHA-256 hashes only. */
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

  async insertCode(
    tx: EntityManager,
    code: { codeHash: string; userId: string; redirectUri: string; codeChallenge: string },
    ttlSeconds: number,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO auth_codes (code_hash, user_id, redirect_uri, code_challenge, expires_at, created_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), now())`,
      [code.codeHash, code.userId, code.redirectUri, code.codeChallenge, ttlSeconds],
    );
  }

  /**
   * Marks an unused, unexpired code used and returns its user, when the exchange names the redirect
   * URI and the PKCE challenge the code is bound to. Of concurrent exchanges of one code, the row
   * lock lets exactly one through; the others find it used. A wrong verifier or redirect URI leaves
   * the code as it was (nothing to learn from it: the verifier has at least 256 bits).
   */
  async claimCode(tx: EntityManager, code: { codeHash: string; redirectUri: string; codeChallenge: string }): Promise<string | null> {
    const [rows] = await tx.query<[Array<{ userId: string }>, number]>(
      `UPDATE auth_codes SET used_at = now()
        WHERE code_hash = $1 AND redirect_uri = $2 AND code_challenge = $3 AND used_at IS NULL AND expires_at > now()
       RETURNING user_id AS "userId"`,
      [code.codeHash, code.redirectUri, code.codeChallenge],
    );
    return rows[0]?.userId ?? null;
  }

  /** Starts a sign-in (the family of its refresh tokens) that ends after lifetimeSeconds at the latest. */
  async insertSignIn(tx: EntityManager, signIn: { id: string; userId: string }, lifetimeSeconds: number): Promise<void> {
    await tx.query(`INSERT INTO sign_ins (id, user_id, expires_at, created_at) VALUES ($1, $2, now() + make_interval(secs => $3), now())`, [
      signIn.id,
      signIn.userId,
      lifetimeSeconds,
    ]);
  }

  /** A refresh token of the sign-in, usable for ttlSeconds but never past the sign-in's end. */
  async insertRefreshToken(
    tx: EntityManager,
    token: { id: string; tokenHash: string; familyId: string; userId: string },
    ttlSeconds: number,
  ): Promise<void> {
    await tx.query(
      `INSERT INTO refresh_tokens (id, token_hash, family_id, user_id, expires_at, created_at)
       SELECT $1, $2, s.id, $4, least(now() + make_interval(secs => $5), s.expires_at), now()
         FROM sign_ins s WHERE s.id = $3`,
      [token.id, token.tokenHash, token.familyId, token.userId, ttlSeconds],
    );
  }

  /**
   * Marks a usable refresh token used (rotation); null when it is unknown, used, revoked or expired,
   * or its sign-in has been revoked or has ended. Race-safe like claimCode.
   */
  async claimRefreshToken(tx: EntityManager, tokenHash: string): Promise<ClaimedRefreshToken | null> {
    const [rows] = await tx.query<[ClaimedRefreshToken[], number]>(
      `UPDATE refresh_tokens r SET used_at = now()
         FROM sign_ins s
        WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.revoked_at IS NULL AND r.expires_at > now()
          AND s.id = r.family_id AND s.revoked_at IS NULL AND s.expires_at > now()
       RETURNING r.family_id AS "familyId", r.user_id AS "userId"`,
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

  /**
   * Ends a sign-in: its access tokens (the guard reads sign_ins) and refresh tokens are refused from
   * this statement on. One statement, so all or none.
   */
  async revokeSignIn(signInId: string): Promise<void> {
    await this.dataSource.query(
      `WITH ended AS (UPDATE sign_ins SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id)
       UPDATE refresh_tokens SET revoked_at = now() WHERE family_id IN (SELECT id FROM ended) AND revoked_at IS NULL`,
      [signInId],
    );
  }

  /**
   * Deletes expired assertion ids, codes, refresh tokens and sign-ins (none of them can be accepted
   * any more; a sign-in's refresh tokens go with it).
   */
  async pruneExpired(): Promise<void> {
    for (const [table, key] of [
      ['sso_assertions', 'ctid'],
      ['auth_codes', 'code_hash'],
      ['refresh_tokens', 'id'],
      ['sign_ins', 'id'],
    ] as const) {
      await this.dataSource.query(
        `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE expires_at < now() LIMIT ${PRUNE_BATCH})`,
      );
    }
  }
}
