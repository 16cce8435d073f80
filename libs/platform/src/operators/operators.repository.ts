import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { pageAndCount, type Page, type PageWindow } from '../database/paged-query.js';
import { uuidv7 } from '../crypto/random.js';
import type { Sealed } from '../crypto/field-cipher.js';
import { OperatorAccountHistory } from './entities/operator-account-history.entity.js';
import { OperatorAccount } from './entities/operator-account.entity.js';
import { OperatorApiKey } from './entities/operator-api-key.entity.js';

/** Who acted on an account, as its history names them. */
export interface HistoryActor {
  kind: 'operator' | 'bootstrap';
  id: string;
}

/** One line of an account's history, to append. */
export interface HistoryLine {
  event: string;
  before?: string | null;
  after?: string | null;
}

/** The account behind a credential, as the guard reads it on every request. */
export interface CredentialAccount {
  accountId: string;
  role: string;
  disabled: boolean;
  /** The session's CSRF token hash (sessions only). */
  csrfHash: string | null;
  /** The session's fixed end (sessions only). */
  expiresAt: Date | null;
  /** The key's id, or the session's. */
  credentialId: string;
  /** The key was revoked (keys only). */
  revoked: boolean;
}

const ACCOUNT_COLUMNS = `a.id AS "accountId", a.role, a.disabled_at IS NOT NULL AS disabled`;

/** The only code that writes the operators' tables (operator_accounts, its history, sessions and keys). */
@Injectable()
export class OperatorsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The session of a cookie's token hash, still open (not ended, not idle for `idleMinutes`, not past
   * its end), touched as seen now, with its account: one statement on two primary keys.
   */
  async touchSession(tokenHash: string, idleMinutes: number): Promise<CredentialAccount | null> {
    const [rows] = await this.dataSource.query<[CredentialAccount[], number]>(
      `UPDATE operator_sessions s SET last_seen_at = now()
         FROM operator_accounts a
        WHERE s.token_hash = $1 AND s.kind = 'session' AND s.ended_at IS NULL AND s.expires_at > now()
          AND s.last_seen_at > now() - make_interval(mins => $2) AND a.id = s.account_id
      RETURNING ${ACCOUNT_COLUMNS}, s.csrf_hash AS "csrfHash", s.expires_at AS "expiresAt", s.id AS "credentialId", false AS revoked`,
      [tokenHash, idleMinutes],
    );
    return rows[0] ?? null;
  }

  /** The personal key of a hash with its account, revoked or not (a refused key is recorded). */
  async keyAccount(keyHash: string): Promise<CredentialAccount | null> {
    const [row] = await this.dataSource.query<CredentialAccount[]>(
      `SELECT ${ACCOUNT_COLUMNS}, NULL AS "csrfHash", NULL AS "expiresAt", k.id AS "credentialId", k.revoked_at IS NOT NULL AS revoked
         FROM operator_api_keys k JOIN operator_accounts a ON a.id = k.account_id
        WHERE k.key_hash = $1`,
      [keyHash],
    );
    return row ?? null;
  }

  async hasEnabledAdmin(): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM operator_accounts WHERE role = 'admin' AND disabled_at IS NULL LIMIT 1`,
    );
    return rows.length > 0;
  }

  findByEmail(email: string): Promise<OperatorAccount | null> {
    return this.dataSource
      .getRepository(OperatorAccount)
      .createQueryBuilder('a')
      .where('lower(a.email) = lower(:email)', { email })
      .getOne();
  }

  findAccount(id: string): Promise<OperatorAccount | null> {
    return this.dataSource.getRepository(OperatorAccount).findOneBy({ id });
  }

  listAccounts(): Promise<OperatorAccount[]> {
    return this.dataSource.getRepository(OperatorAccount).find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Inserts an account and its grant; false when the e-mail is taken (the unique index on lower(email)). */
  async insertAccount(account: OperatorAccount, by: HistoryActor): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const inserted = await tx.query<unknown[]>(
        `INSERT INTO operator_accounts (id, email, name, role, password_hash, recovery_code_hashes) VALUES ($1, $2, $3, $4, $5, '[]'::jsonb)
         ON CONFLICT ((lower(email))) DO NOTHING RETURNING 1`,
        [account.id, account.email, account.name, account.role, account.passwordHash],
      );
      if (inserted.length === 0) return false;
      await appendHistory(tx, account.id, by, [{ event: 'granted', after: account.role }]);
      return true;
    });
  }

  /**
   * Applies an admin's changes with their history lines, in one transaction under the account's row
   * lock. Disabling ends the account's sessions and revokes its keys. `guard` runs under the lock
   * (the last-admin rule) and may throw.
   */
  async updateAccount(
    id: string,
    change: (account: OperatorAccount, tx: EntityManager) => Promise<{ columns: Partial<OperatorAccount>; lines: HistoryLine[] }>,
    by: HistoryActor,
  ): Promise<OperatorAccount | null> {
    return this.dataSource.transaction(async (tx) => {
      const account = await tx.getRepository(OperatorAccount).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!account) return null;
      const { columns, lines } = await change(account, tx);
      if (Object.keys(columns).length > 0) await tx.getRepository(OperatorAccount).update({ id }, columns);
      if (columns.disabledAt) {
        await tx.query(`UPDATE operator_sessions SET ended_at = now() WHERE account_id = $1 AND ended_at IS NULL`, [id]);
        const revoked = await tx.query<Array<{ id: string }>>(
          `UPDATE operator_api_keys SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL RETURNING id`,
          [id],
        );
        // TypeORM answers an UPDATE ... RETURNING as [rows, count].
        const rows = (Array.isArray(revoked[0]) ? revoked[0] : revoked) as Array<{ id: string }>;
        lines.push(...rows.map((key) => ({ event: 'api-key-revoked', before: key.id })));
      }
      await appendHistory(tx, id, by, lines);
      return Object.assign(account, columns);
    });
  }

  /** Whether another enabled admin than `id` exists (read under the caller's transaction). */
  async otherEnabledAdmin(tx: EntityManager, id: string): Promise<boolean> {
    const rows = await tx.query<unknown[]>(
      `SELECT 1 FROM operator_accounts WHERE role = 'admin' AND disabled_at IS NULL AND id <> $1 LIMIT 1 FOR SHARE`,
      [id],
    );
    return rows.length > 0;
  }

  async history(accountId: string, window: PageWindow): Promise<Page<OperatorAccountHistory>> {
    return pageAndCount<OperatorAccountHistory>(this.dataSource, {
      select: `SELECT id, account_id AS "accountId", event, before, after, by_kind AS "byKind", by_id AS "byId", at
                 FROM operator_account_history WHERE account_id = $1 ORDER BY at DESC, id DESC`,
      count: `SELECT count(*) AS total FROM operator_account_history WHERE account_id = $1`,
      params: [accountId],
      ...window,
    });
  }

  /** Counts a failed sign-in; the `lockAfter`th in a row locks for `lockMinutes` (and starts the count again). */
  async recordFailure(id: string, lockAfter: number, lockMinutes: number): Promise<Date | null> {
    const [rows] = await this.dataSource.query<[Array<{ lockedUntil: Date | null }>, number]>(
      `UPDATE operator_accounts
          SET failed_sign_ins = CASE WHEN failed_sign_ins + 1 >= $2 THEN 0 ELSE failed_sign_ins + 1 END,
              locked_until = CASE WHEN failed_sign_ins + 1 >= $2 THEN now() + make_interval(mins => $3) ELSE locked_until END
        WHERE id = $1 RETURNING locked_until AS "lockedUntil"`,
      [id, lockAfter, lockMinutes],
    );
    const lockedUntil = rows[0]?.lockedUntil ?? null;
    return lockedUntil && lockedUntil.getTime() > Date.now() ? lockedUntil : null;
  }

  async recordSuccess(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE operator_accounts SET failed_sign_ins = 0, locked_until = NULL WHERE id = $1`, [id]);
  }

  /** Keeps a new, unconfirmed TOTP secret (each sign-in before enrolment makes one). */
  async setPendingTotpSecret(id: string, sealed: Sealed): Promise<void> {
    await this.dataSource.query(
      `UPDATE operator_accounts SET totp_secret = $2, totp_secret_key_id = $3, totp_last_step = NULL WHERE id = $1 AND totp_enrolled_at IS NULL`,
      [id, sealed.ciphertext, sealed.keyId],
    );
  }

  /**
   * Uses a TOTP time step: true when it is later than the last one used (each code works once). With
   * `recoveryCodeHashes`, the code ends enrolment and the recovery codes are kept.
   */
  async useTotpStep(id: string, step: number, enrol?: { recoveryCodeHashes: string[] }): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const [rows] = await tx.query<[unknown[], number]>(
        `UPDATE operator_accounts SET totp_last_step = $2,
                totp_enrolled_at = CASE WHEN $3::jsonb IS NULL THEN totp_enrolled_at ELSE now() END,
                recovery_code_hashes = COALESCE($3::jsonb, recovery_code_hashes)
          WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING 1`,
        [id, step, enrol ? JSON.stringify(enrol.recoveryCodeHashes) : null],
      );
      if (rows.length === 0) return false;
      if (enrol) await appendHistory(tx, id, { kind: 'operator', id }, [{ event: 'second-factor-enrolled' }]);
      return true;
    });
  }

  /** Uses a recovery code: true when it was unused (and now is not). */
  async useRecoveryCode(id: string, codeHash: string): Promise<boolean> {
    const [rows] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE operator_accounts SET recovery_code_hashes = recovery_code_hashes - $2::text
        WHERE id = $1 AND totp_enrolled_at IS NOT NULL AND recovery_code_hashes ? $2::text RETURNING 1`,
      [id, codeHash],
    );
    return rows.length > 0;
  }

  async resetSecondFactor(id: string, by: HistoryActor): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const [rows] = await tx.query<[unknown[], number]>(
        `UPDATE operator_accounts SET totp_secret = NULL, totp_secret_key_id = NULL, totp_enrolled_at = NULL, totp_last_step = NULL,
                recovery_code_hashes = '[]'::jsonb
          WHERE id = $1 RETURNING 1`,
        [id],
      );
      if (rows.length === 0) return false;
      await tx.query(`UPDATE operator_sessions SET ended_at = now() WHERE account_id = $1 AND ended_at IS NULL`, [id]);
      await appendHistory(tx, id, by, [{ event: 'second-factor-reset' }]);
      return true;
    });
  }

  /** A challenge (password right, second factor awaited) for `seconds`. */
  async insertChallenge(accountId: string, tokenHash: string, seconds: number): Promise<Date> {
    const [row] = await this.dataSource.query<Array<{ expiresAt: Date }>>(
      `INSERT INTO operator_sessions (id, account_id, kind, token_hash, created_at, last_seen_at, expires_at)
       VALUES ($1, $2, 'challenge', $3, now(), now(), now() + make_interval(secs => $4)) RETURNING expires_at AS "expiresAt"`,
      [uuidv7(), accountId, tokenHash, seconds],
    );
    return row!.expiresAt;
  }

  /** The open challenge of a hash (not ended, not expired). */
  async findChallenge(tokenHash: string): Promise<{ id: string; accountId: string } | null> {
    const [row] = await this.dataSource.query<Array<{ id: string; accountId: string }>>(
      `SELECT id, account_id AS "accountId" FROM operator_sessions
        WHERE token_hash = $1 AND kind = 'challenge' AND ended_at IS NULL AND expires_at > now()`,
      [tokenHash],
    );
    return row ?? null;
  }

  /** Ends the challenge and opens the session in its place (for `hours`); false when the challenge was used meanwhile. */
  async openSession(challengeId: string, accountId: string, tokenHash: string, csrfHash: string, hours: number): Promise<Date | null> {
    return this.dataSource.transaction(async (tx) => {
      const [ended] = await tx.query<[unknown[], number]>(
        `UPDATE operator_sessions SET ended_at = now() WHERE id = $1 AND ended_at IS NULL RETURNING 1`,
        [challengeId],
      );
      if (ended.length === 0) return null;
      const [row] = await tx.query<Array<{ expiresAt: Date }>>(
        `INSERT INTO operator_sessions (id, account_id, kind, token_hash, csrf_hash, created_at, last_seen_at, expires_at)
         VALUES ($1, $2, 'session', $3, $4, now(), now(), now() + make_interval(hours => $5)) RETURNING expires_at AS "expiresAt"`,
        [uuidv7(), accountId, tokenHash, csrfHash, hours],
      );
      return row!.expiresAt;
    });
  }

  async endSession(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE operator_sessions SET ended_at = now() WHERE id = $1 AND ended_at IS NULL`, [id]);
  }

  async insertApiKey(key: OperatorApiKey, by: HistoryActor): Promise<OperatorApiKey> {
    return this.dataSource.transaction(async (tx) => {
      const saved = await tx.getRepository(OperatorApiKey).save(key);
      await appendHistory(tx, key.accountId, by, [{ event: 'api-key-issued', after: key.id }]);
      return saved;
    });
  }

  listApiKeys(accountId: string): Promise<OperatorApiKey[]> {
    return this.dataSource.getRepository(OperatorApiKey).find({ where: { accountId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** Revokes a key of the account (a second revocation changes nothing); false when it is not the account's. */
  async revokeApiKey(accountId: string, keyId: string, by: HistoryActor): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      const [key] = await tx.query<Array<{ revoked: boolean }>>(
        `SELECT revoked_at IS NOT NULL AS revoked FROM operator_api_keys WHERE id = $1 AND account_id = $2 FOR UPDATE`,
        [keyId, accountId],
      );
      if (!key) return false;
      if (key.revoked) return true;
      await tx.query(`UPDATE operator_api_keys SET revoked_at = now() WHERE id = $1`, [keyId]);
      await appendHistory(tx, accountId, by, [{ event: 'api-key-revoked', before: keyId }]);
      return true;
    });
  }
}

async function appendHistory(tx: EntityManager, accountId: string, by: HistoryActor, lines: HistoryLine[]): Promise<void> {
  if (lines.length === 0) return;
  const rows = lines.map((line) =>
    Object.assign(new OperatorAccountHistory(), {
      id: uuidv7(),
      accountId,
      event: line.event,
      before: line.before ?? null,
      after: line.after ?? null,
      byKind: by.kind,
      byId: by.id,
      at: new Date(),
    }),
  );
  await tx.getRepository(OperatorAccountHistory).insert(rows);
}
