import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AsStatus, type Gender, type LeadSortField } from '#contracts';
import { escapeLike, pageAndCount } from '#platform';
import { descendantsCte } from '../common/partner-tree.js';
import { Lead } from './entities/lead.entity.js';
import { SEARCH_FIELD_SEPARATOR } from './lead-masking.js';

export interface OwnedLeadFilter {
  partnerId: number;
  used?: boolean;
  hasAs?: boolean;
  region?: string;
  gender?: Gender;
  search?: string;
  sortBy: LeadSortField;
  sortOrder: 'asc' | 'desc';
  offset: number;
  limit: number;
}

/** A lead as lists and lookups read it: the lead's own columns and its product's name. */
export interface LeadRow {
  id: string;
  productId: string;
  productName: string;
  /** The product's provider: whose uploaded files the lead's metadata may reference. */
  providerId: string;
  name: string;
  /** Null unless the lead is used. */
  phoneCiphertext: Buffer | null;
  phoneKeyId: string;
  phonePrefix: string;
  phoneLast4: string;
  email: string | null;
  region: string;
  address: string | null;
  birthDate: string;
  gender: string;
  memo: string | null;
  metadata: Record<string, unknown> | null;
  assignmentId: string | null;
  /** ISO 8601 strings, formatted by the query. */
  usedAt: string | null;
  assignedAt: string | null;
  lastDistributedAt: string | null;
  latestAsStatus: AsStatus | null;
}

/** ISO 8601 UTC with milliseconds, as responses carry it, formatted by PostgreSQL (no Date round trip). */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// The phone's ciphertext is read only for used leads: the others show the masked form.
const ROW_COLUMNS = `
  l.id, l.product_id AS "productId", p.name AS "productName", p.provider_id AS "providerId", l.name,
  CASE WHEN l.used_at IS NOT NULL THEN l.phone_ciphertext END AS "phoneCiphertext", l.phone_key_id AS "phoneKeyId",
  l.phone_prefix AS "phonePrefix", l.phone_last4 AS "phoneLast4",
  l.email, l.region, l.address, l.birth_date AS "birthDate", l.gender, l.memo, l.metadata,
  l.assignment_id AS "assignmentId", ${iso('l.used_at')} AS "usedAt", ${iso('l.assigned_at')} AS "assignedAt",
  ${iso('l.last_distributed_at')} AS "lastDistributedAt", l.latest_as_status AS "latestAsStatus"`;

/** A lead as its new owner saw it right after a hand-over, with the hand-over (the `lead_assignments` row). */
export interface HandedOverLeadRow extends LeadRow {
  /** Its AS requests filed up to the hand-over, newest first. */
  asHistory: AsStatus[];
  kind: 'ORDER' | 'MANUAL' | 'DISTRIBUTE';
  orderId: string | null;
  fromPartnerId: number | null;
  toPartnerId: number;
}

// The lead as it stood when the hand-over `a` committed: its assignment id and last distribution are
// the hand-over's; assignedAt is the last delivery (ORDER, MANUAL) up to it, since a hand-over down
// the tree keeps it; a lead being handed over is never used. The phone's ciphertext is not read: this
// lead is only ever shown masked.
const HANDED_OVER_COLUMNS = `
  l.id, l.product_id AS "productId", p.name AS "productName", p.provider_id AS "providerId", l.name,
  NULL::bytea AS "phoneCiphertext", l.phone_key_id AS "phoneKeyId", l.phone_prefix AS "phonePrefix", l.phone_last4 AS "phoneLast4",
  l.email, l.region, l.address, l.birth_date AS "birthDate", l.gender, l.memo, l.metadata,
  a.id AS "assignmentId", NULL AS "usedAt",
  ${iso(`coalesce((SELECT max(d.created_at) FROM lead_assignments d
                    WHERE d.lead_id = a.lead_id AND d.kind IN ('ORDER', 'MANUAL') AND d.created_at <= a.created_at), l.assigned_at)`)} AS "assignedAt",
  ${iso('a.created_at')} AS "lastDistributedAt",
  (SELECT coalesce(json_agg(x.status ORDER BY x.created_at DESC, x.id DESC), '[]'::json)
     FROM lead_as_requests x WHERE x.lead_id = l.id AND x.created_at <= a.created_at) AS "asHistory",
  a.kind, a.order_id AS "orderId", a.from_partner_id AS "fromPartnerId", a.to_partner_id AS "toPartnerId"`;

const SORT_COLUMNS: Record<LeadSortField, string> = {
  assignedAt: 'l.last_distributed_at',
  usedAt: 'l.used_at',
  age: 'l.birth_date',
};

/** Collects positional parameters while a query is composed. */
class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

@Injectable()
export class LeadsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * One page of a partner's leads and the exact total, in one round trip. The page walks the index
   * matching the filter and sort; the total is read from the kept counts, or counted when a search
   * term filters (ownedLeadsQuery). AS history is never read: the latest AS status is kept on the lead.
   */
  async listOwned(filter: OwnedLeadFilter): Promise<{ rows: LeadRow[]; total: number }> {
    const { sql, params } = ownedLeadsQuery(filter);
    const result = await this.dataSource.query<Array<LeadRow & { total: string }>>(sql, params);
    return { rows: result.filter((row) => row.id !== null), total: Number(result[0]?.total ?? 0) };
  }

  /**
   * Leads the partner handed down its organisation (a DISTRIBUTE hand-over from it) that a
   * descendant owns now, most recently distributed first.
   */
  async listHandedDown(
    partnerId: number,
    toPartnerId: number | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: Array<LeadRow & { ownerPartnerId: number }>; total: number }> {
    const params: unknown[] = [partnerId];
    const owner = toPartnerId === undefined ? '' : ` AND l.partner_id = $${params.push(toPartnerId)}`;
    const where = `l.partner_id IN (SELECT id FROM descendants)${owner}
      AND EXISTS (SELECT 1 FROM lead_assignments a WHERE a.lead_id = l.id AND a.kind = 'DISTRIBUTE' AND a.from_partner_id = $1)`;
    const descendants = descendantsCte('$1');
    return pageAndCount<LeadRow & { ownerPartnerId: number }>(this.dataSource, {
      select: `${descendants}
         SELECT ${ROW_COLUMNS}, l.partner_id AS "ownerPartnerId"
           FROM leads l JOIN products p ON p.id = l.product_id
          WHERE ${where}
          ORDER BY l.last_distributed_at DESC, l.id DESC`,
      count: `${descendants} SELECT count(*) AS total FROM leads l WHERE ${where}`,
      params,
      limit,
      offset,
    });
  }

  async findOwned(partnerId: number, id: string): Promise<LeadRow | null> {
    const rows = await this.dataSource.query<LeadRow[]>(
      `SELECT ${ROW_COLUMNS} FROM leads l JOIN products p ON p.id = l.product_id WHERE l.id = $1 AND l.partner_id = $2`,
      [id, partnerId],
    );
    return rows[0] ?? null;
  }

  /** The leads of the hand-overs `assignmentIds` (ORDER, MANUAL, DISTRIBUTE) as each stood right after it, in one query. */
  async findHandedOver(assignmentIds: string[]): Promise<HandedOverLeadRow[]> {
    if (assignmentIds.length === 0) return [];
    const rows = await this.dataSource.query<Array<Omit<HandedOverLeadRow, 'latestAsStatus'>>>(
      `SELECT ${HANDED_OVER_COLUMNS}
         FROM lead_assignments a JOIN leads l ON l.id = a.lead_id JOIN products p ON p.id = l.product_id
        WHERE a.id = ANY($1::uuid[]) AND a.kind <> 'RECALL'`,
      [assignmentIds],
    );
    return rows.map((row) => ({ ...row, latestAsStatus: row.asHistory[0] ?? null }));
  }

  /** AS statuses of each lead, newest first (rule 1 of the spec: createdAt, then id). */
  async asStatusesOf(leadIds: string[]): Promise<Map<string, AsStatus[]>> {
    const statuses = new Map<string, AsStatus[]>(leadIds.map((id) => [id, []]));
    if (leadIds.length === 0) return statuses;
    const rows = await this.dataSource.query<Array<{ leadId: string; status: AsStatus }>>(
      `SELECT lead_id AS "leadId", status FROM lead_as_requests WHERE lead_id = ANY($1::uuid[]) ORDER BY lead_id, created_at DESC, id DESC`,
      [leadIds],
    );
    for (const row of rows) statuses.get(row.leadId)?.push(row.status);
    return statuses;
  }

  /**
   * Marks an unused lead of the partner used and stores its search text as now shown (in clear).
   * False when the partner does not own the lead or it is used already.
   */
  async markUsed(partnerId: number, id: string, searchText: string): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .update(Lead)
      .set({ usedAt: () => 'now()', searchText })
      .where('id = :id AND partner_id = :partnerId AND used_at IS NULL', { id, partnerId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** The leads among `ids` that the partner owns and has used, with what decrypting needs. */
  findUsedOwned(
    partnerId: number,
    ids: string[],
  ): Promise<Array<{ id: string; name: string; phoneCiphertext: Buffer; phoneKeyId: string }>> {
    return this.dataSource.query(
      `SELECT id, name, phone_ciphertext AS "phoneCiphertext", phone_key_id AS "phoneKeyId"
         FROM leads WHERE id = ANY($1::uuid[]) AND partner_id = $2 AND used_at IS NOT NULL ORDER BY id`,
      [ids, partnerId],
    );
  }

  /**
   * One plain INSERT: the list writes this row on every page that shows a used lead, and TypeORM's
   * repository insert cost about twice the statement's own time there (issue 13's profile).
   */
  // The changes of a lead that other features ask for, through LeadsService, in their transaction.

  /** Gives the leads to `toPartnerId` with new assignment ids; lastDistributedAt moves, assignedAt stays. */
  async handOver(tx: EntityManager, leadIds: string[], assignmentIds: string[], toPartnerId: number): Promise<Date> {
    const [[row]] = await tx.query<[[{ at: Date }], number]>(
      `UPDATE leads l SET partner_id = $3, assignment_id = a.assignment_id, last_distributed_at = now(), updated_at = now()
         FROM unnest($1::uuid[], $2::uuid[]) AS a(lead_id, assignment_id)
        WHERE l.id = a.lead_id
        RETURNING l.last_distributed_at AS at`,
      [leadIds, assignmentIds, toPartnerId],
    );
    return row.at;
  }

  async recordLatestAs(tx: EntityManager, leadId: string, asRequestId: string, status: AsStatus): Promise<void> {
    await tx.query(`UPDATE leads SET latest_as_id = $1, latest_as_status = $2, updated_at = now() WHERE id = $3`, [
      asRequestId,
      status,
      leadId,
    ]);
  }

  async recordAsStatus(tx: EntityManager, leadId: string, asRequestId: string, status: AsStatus): Promise<void> {
    await tx.query(`UPDATE leads SET latest_as_status = $1, updated_at = now() WHERE id = $2 AND latest_as_id = $3`, [
      status,
      leadId,
      asRequestId,
    ]);
  }

  async markReturned(tx: EntityManager, leadId: string): Promise<void> {
    await tx.query(`UPDATE leads SET partner_id = NULL, returned_at = now(), updated_at = now() WHERE id = $1`, [leadId]);
  }
}

export interface SqlStatement {
  sql: string;
  params: unknown[];
}

const SORT_ALIASES: Record<LeadSortField, string> = { assignedAt: '"lastDistributedAt"', usedAt: '"usedAt"', age: '"birthDate"' };

/**
 * A partner's lead list as one statement: the exact total, and beside it (LEFT JOIN LATERAL, so an
 * empty page still yields the total) the page, whose ids come from the index alone before the rows
 * are read (deferred join: deep pages skip index entries, not rows). Without a search term the total
 * is the sum of the partner's rows in `lead_list_counts` (kept by triggers on `leads` in the same
 * transactions, so it is what count(*) gives at the statement's snapshot) and costs the same at a
 * thousand leads as at a million; with one it is a count of the matching leads. Exported for the
 * benchmark, which runs it directly.
 */
export function ownedLeadsQuery(filter: OwnedLeadFilter): SqlStatement {
  const params = new Params();
  const partner = params.add(filter.partnerId);
  const conditions = [`l.partner_id = ${partner}`];
  // The same filter on the kept counts (the buckets of LeadListCounts1795830000000).
  const buckets = [`c.partner_id = ${partner}`];
  if (filter.used !== undefined) {
    conditions.push(filter.used ? 'l.used_at IS NOT NULL' : 'l.used_at IS NULL');
    buckets.push(filter.used ? 'c.used' : 'NOT c.used');
  }
  if (filter.hasAs !== undefined) {
    conditions.push(
      filter.hasAs
        ? `l.latest_as_status IS NOT NULL AND l.latest_as_status <> '${AsStatus.Cancelled}'`
        : `(l.latest_as_status IS NULL OR l.latest_as_status = '${AsStatus.Cancelled}')`,
    );
    buckets.push(filter.hasAs ? 'c.has_as' : 'NOT c.has_as');
  }
  if (filter.region) {
    const region = params.add(filter.region);
    conditions.push(`l.region = ${region}`);
    buckets.push(`c.region = ${region}`);
  }
  if (filter.gender) {
    const gender = params.add(filter.gender);
    conditions.push(`l.gender = ${gender}`);
    buckets.push(`c.gender = ${gender}`);
  }
  if (filter.search) conditions.push(searchCondition(filter.search, params));
  const where = conditions.join(' AND ');
  const total = filter.search
    ? `SELECT count(*) AS total FROM leads l WHERE ${where}`
    : `SELECT coalesce(sum(c.leads), 0) AS total FROM lead_list_counts c WHERE ${buckets.join(' AND ')}`;

  const direction = filter.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const nulls = filter.sortBy === 'usedAt' ? ' NULLS LAST' : '';
  const limit = params.add(filter.limit);
  const offset = params.add(filter.offset);
  const sql = `
    SELECT c.total, r.*
      FROM (${total}) c
      LEFT JOIN LATERAL (
        SELECT ${ROW_COLUMNS}
          FROM (SELECT l.id FROM leads l WHERE ${where}
                 ORDER BY ${SORT_COLUMNS[filter.sortBy]} ${direction}${nulls}, l.id ${direction}
                 LIMIT ${limit} OFFSET ${offset}) page
          JOIN leads l ON l.id = page.id
          JOIN products p ON p.id = l.product_id
      ) r ON true
     ORDER BY r.${SORT_ALIASES[filter.sortBy]} ${direction}${nulls}, r.id ${direction}`;
  return { sql, params: params.values };
}

/**
 * Partial match on name, email, memo and product name as the owner is shown them (the stored search
 * text, see searchTextAsShown) and, for a term of digits, on the last four digits of the phone.
 */
function searchCondition(term: string, params: Params): string {
  // A term holding the field separator could only match across two fields: it matches no field.
  const arms = [
    term.includes(SEARCH_FIELD_SEPARATOR) ? 'false' : `l.search_text LIKE ${params.add(`%${escapeLike(term.toLowerCase())}%`)}`,
  ];
  if (/^\d{1,4}$/.test(term)) {
    arms.push(term.length === 4 ? `l.phone_last4 = ${params.add(term)}` : `l.phone_last4 LIKE ${params.add(`%${term}%`)}`);
  }
  return `(${arms.join(' OR ')})`;
}
