import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { EvidenceMimeType } from '#contracts';
import type { Visibility } from '../auth/principal.js';
import type { Claim } from './entities/claim.entity.js';

/** A claim to insert: everything but what the database gives (id, status times). */
export type NewClaim = Omit<
  Claim,
  | 'id'
  | 'createdAt'
  | 'updatedAt'
  | 'organisation'
  | 'planner'
  | 'customer'
  | 'sentAt'
  | 'statusReason'
  | 'faxJobId'
  | 'deliveryAttempts'
  | 'lastAttemptAt'
>;

/** A claim as the history reads it, with its files (id, storage key of what it carries, type) in order. */
export interface ClaimRow extends Claim {
  files: Array<{ id: string; key: string; mimeType: EvidenceMimeType }>;
}

export interface ClaimReferences {
  insurer: { name: string; logoUrl: string; fax: string | null } | null;
  bank: { name: string } | null;
  job: { name: string } | null;
}

/** The history's filters, already hashed; each given one narrows (AND). */
export interface ClaimFilter {
  fcUserCiHash?: string;
  clientNameHash?: string;
  clientBirthdayHash?: string;
  clientTelHash?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  /** YYYY-MM-DD, inclusive. */
  to?: string;
}

const CLAIM_COLUMNS = `
  c.id, c.organisation_id AS "organisationId", c.customer_id AS "customerId", c.planner_id AS "plannerId", c.planner_name AS "plannerName",
  to_char(c.claim_date, 'YYYY-MM-DD') AS "claimDate", c.insurer_code AS "insurerCode", c.insurer_name AS "insurerName",
  c.insurer_logo_url AS "insurerLogoUrl", c.insurer_fax AS "insurerFax",
  c.bank_code AS "bankCode", c.bank_name AS "bankName", c.callback_who AS "callbackWho", c.direct_debit_account AS "directDebitAccount", c.file_count AS "fileCount", c.term_ids AS "termIds", c.key_id AS "keyId",
  c.data_ciphertext AS "dataCiphertext", c.client_name_hash AS "clientNameHash", c.client_birthday_hash AS "clientBirthdayHash",
  c.client_tel_hash AS "clientTelHash", c.status, c.status_reason AS "statusReason", c.sent_at AS "sentAt", c.fax_job_id AS "faxJobId",
  c.created_at AS "createdAt", c.updated_at AS "updatedAt",
  COALESCE((SELECT json_agg(json_build_object('id', f.id, 'key', coalesce(f.frozen_key, f.key), 'mimeType', f.mime_type) ORDER BY cf.position)
              FROM claim_files cf JOIN stored_files f ON f.id = cf.file_id WHERE cf.claim_id = c.id), '[]') AS files`;

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The history's two statements, run side by side: the page and the count. The page's ids come from
 * an index alone (organisation, then planner or a filter hash, then claim date and id, planner id
 * carried along); only the page's rows are then read from the table. Exported for the bench, which
 * explains and runs exactly these.
 */
export function historyStatements(
  visibility: Visibility,
  filter: ClaimFilter,
  offset: number,
  limit: number,
): { page: Statement; count: Statement } {
  const conditions = ['organisation_id = $1'];
  const params: unknown[] = [visibility.organisationId];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (visibility.plannerId !== null) add((p) => `planner_id = ${p}`, visibility.plannerId);
  if (filter.fcUserCiHash !== undefined)
    add((p) => `planner_id = (SELECT id FROM users WHERE organisation_id = $1 AND fc_user_ci_hash = ${p})`, filter.fcUserCiHash);
  if (filter.clientNameHash !== undefined) add((p) => `client_name_hash = ${p}`, filter.clientNameHash);
  if (filter.clientBirthdayHash !== undefined) add((p) => `client_birthday_hash = ${p}`, filter.clientBirthdayHash);
  if (filter.clientTelHash !== undefined) add((p) => `client_tel_hash = ${p}`, filter.clientTelHash);
  if (filter.from !== undefined) add((p) => `claim_date >= ${p}::date`, filter.from);
  if (filter.to !== undefined) add((p) => `claim_date <= ${p}::date`, filter.to);
  const where = conditions.join(' AND ');
  return {
    page: {
      sql: `WITH page AS (
              SELECT id, claim_date FROM claims WHERE ${where}
              ORDER BY claim_date DESC, id DESC OFFSET $${params.length + 1} LIMIT $${params.length + 2}
            )
            SELECT ${CLAIM_COLUMNS} FROM page JOIN claims c USING (id) ORDER BY page.claim_date DESC, page.id DESC`,
      params: [...params, offset, limit],
    },
    count: { sql: `SELECT count(*)::int AS total FROM claims WHERE ${where}`, params },
  };
}

@Injectable()
export class ClaimsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The insurer, bank and job a claim names, each null when no row has the code (bank: or none is named). */
  async references(insurerCode: string, bankCode: string | null, jobCode: string): Promise<ClaimReferences> {
    const [row] = (await this.dataSource.query(
      `SELECT
         (SELECT json_build_object('name', name, 'logoUrl', logo_path, 'fax', claims_fax) FROM insurers WHERE code = $1) AS insurer,
         (SELECT json_build_object('name', name) FROM banks WHERE code = $2) AS bank,
         (SELECT json_build_object('name', name) FROM job_codes WHERE code = $3) AS job`,
      [insurerCode, bankCode, jobCode],
    )) as [ClaimReferences];
    return row;
  }

  /** The signed-in user's name (`fcUserNm` of what they file). */
  async userName(userId: string): Promise<string | null> {
    const [row] = (await this.dataSource.query('SELECT name FROM users WHERE id = $1', [userId])) as Array<{ name: string }>;
    return row?.name ?? null;
  }

  /** Which of these files are already in a claim. */
  async filesInClaims(tx: EntityManager, fileIds: string[]): Promise<string[]> {
    if (fileIds.length === 0) return [];
    const rows = (await tx.query('SELECT file_id AS "fileId" FROM claim_files WHERE file_id = ANY($1::uuid[])', [fileIds])) as Array<{
      fileId: string;
    }>;
    return rows.map((row) => row.fileId);
  }

  /**
   * Files the claim, its evidence files in order and its outbox row (due now), in the caller's
   * transaction; returns the claim's id.
   */
  async insert(tx: EntityManager, claim: NewClaim, fileIds: string[]): Promise<number> {
    const [{ id }] = (await tx.query(
      `INSERT INTO claims (organisation_id, customer_id, planner_id, planner_name, claim_date, insurer_code, insurer_name,
         insurer_logo_url, insurer_fax, bank_code, bank_name, callback_who, direct_debit_account, file_count, term_ids, key_id,
         data_ciphertext, client_name_hash, client_birthday_hash, client_tel_hash, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
       RETURNING id`,
      [
        claim.organisationId,
        claim.customerId,
        claim.plannerId,
        claim.plannerName,
        claim.claimDate,
        claim.insurerCode,
        claim.insurerName,
        claim.insurerLogoUrl,
        claim.insurerFax,
        claim.bankCode,
        claim.bankName,
        claim.callbackWho,
        claim.directDebitAccount,
        claim.fileCount,
        claim.termIds,
        claim.keyId,
        claim.dataCiphertext,
        claim.clientNameHash,
        claim.clientBirthdayHash,
        claim.clientTelHash,
        claim.status,
      ],
    )) as [{ id: number }];
    if (fileIds.length > 0)
      await tx.query(
        `INSERT INTO claim_files (claim_id, position, file_id)
         SELECT $1, ordinality - 1, file_id FROM unnest($2::uuid[]) WITH ORDINALITY AS given(file_id, ordinality)`,
        [id, fileIds],
      );
    await tx.query('INSERT INTO claim_deliveries (claim_id, next_attempt_at) VALUES ($1, now())', [id]);
    return id;
  }

  /**
   * Deletes the customer's claims in the caller's transaction (their file lists cascade); the customer
   * is locked, so no claim of theirs appears meanwhile.
   * Their outbox rows go first, the order in which the delivery worker locks a delivery and then its
   * claim, so the two never deadlock. The claims' ids and their files' ids, whose rows the caller
   * deletes next.
   */
  async deleteOfCustomer(tx: EntityManager, customerId: string): Promise<{ claimIds: number[]; fileIds: string[] }> {
    const found = await tx.query<Array<{ id: number }>>(`SELECT id FROM claims WHERE customer_id = $1`, [customerId]);
    const ids = found.map((claim) => claim.id);
    if (ids.length === 0) return { claimIds: [], fileIds: [] };
    await tx.query('DELETE FROM claim_deliveries WHERE claim_id = ANY($1::int[])', [ids]);
    const files = await tx.query<Array<{ fileId: string }>>('SELECT file_id AS "fileId" FROM claim_files WHERE claim_id = ANY($1::int[])', [
      ids,
    ]);
    await tx.query('DELETE FROM claims WHERE id = ANY($1::int[])', [ids]);
    return { claimIds: ids, fileIds: files.map((file) => file.fileId) };
  }

  /** Whether `visibility` sees the claim, as the history decides (historyStatements): the organisation's, and the planner's own for a planner. */
  async isVisible(visibility: Visibility, id: number): Promise<boolean> {
    const [{ visible }] = (await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM claims WHERE id = $1 AND organisation_id = $2 AND ($3::uuid IS NULL OR planner_id = $3)) AS visible`,
      [id, visibility.organisationId, visibility.plannerId],
    )) as [{ visible: boolean }];
    return visible;
  }

  async findById(id: number): Promise<ClaimRow | null> {
    const [row] = (await this.dataSource.query(`SELECT ${CLAIM_COLUMNS} FROM claims c WHERE c.id = $1`, [id])) as ClaimRow[];
    return row ?? null;
  }

  /**
   * A page of the claims `visibility` sees that match `filter`, newest claim date first (then newest
   * id), and how many match in all (historyStatements).
   */
  async page(visibility: Visibility, filter: ClaimFilter, offset: number, limit: number): Promise<{ rows: ClaimRow[]; total: number }> {
    const statements = historyStatements(visibility, filter, offset, limit);
    const [rows, [{ total }]] = await Promise.all([
      this.dataSource.query(statements.page.sql, statements.page.params) as Promise<ClaimRow[]>,
      this.dataSource.query(statements.count.sql, statements.count.params) as Promise<[{ total: number }]>,
    ]);
    return { rows, total };
  }
}
