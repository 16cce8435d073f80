import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { AsStatus } from '#contracts';
import { escapeLike, pageAndCount } from '#platform';
import { AsReason } from './entities/as-reason.entity.js';
import { LeadAsRequest } from './entities/lead-as-request.entity.js';

/** An AS request as lists and lookups read it, with its lead and product. */
export interface AsRow {
  id: string;
  leadId: string;
  partnerId: number;
  reasonCode: string;
  reasonLabel: string;
  status: AsStatus;
  customerMemo: string | null;
  adminNote: string | null;
  createdAt: Date;
  updatedAt: Date;
  reviewedAt: Date | null;
  leadName: string;
  leadPhonePrefix: string;
  leadPhoneLast4: string;
  leadPhoneCiphertext: Buffer;
  leadPhoneKeyId: string;
  leadUsedAt: Date | null;
  leadPartnerId: number | null;
  region: string;
  productId: string;
  productName: string;
}

/** An AS request as operators read it: with the partner that filed it. */
export interface AdminAsRow extends AsRow {
  partnerName: string;
}

/** An AS request as the operators' detail reads it: with the rest of its lead. */
export interface AdminAsDetailRow extends AdminAsRow {
  leadEmail: string | null;
  leadAddress: string | null;
  leadBirthDate: string;
  leadGender: string;
  leadMemo: string | null;
  leadOrderId: string | null;
  leadAssignedAt: Date | null;
  leadReturnedAt: Date | null;
}

export interface OwnerAsFilter {
  partnerId: number;
  leadId?: string;
  status?: AsStatus;
  search?: string;
  offset: number;
  limit: number;
}

export interface OperatorAsFilter {
  status?: AsStatus;
  partnerId?: number;
  reasonCode?: string;
  offset: number;
  limit: number;
}

/** What creating an AS request needs to know of the lead, read under its row lock. */
export interface LockedLead {
  id: string;
  partnerId: number | null;
  assignedAt: Date | null;
  latestAsStatus: AsStatus | null;
  asWindowDays: number;
  hasApprovedAs: boolean;
}

const AS_COLUMNS = `
  a.id, a.lead_id AS "leadId", a.partner_id AS "partnerId", a.reason_code AS "reasonCode", r.label AS "reasonLabel", a.status,
  a.customer_memo AS "customerMemo", a.admin_note AS "adminNote", a.created_at AS "createdAt", a.updated_at AS "updatedAt",
  a.reviewed_at AS "reviewedAt", l.name AS "leadName", l.phone_prefix AS "leadPhonePrefix", l.phone_last4 AS "leadPhoneLast4",
  l.phone_ciphertext AS "leadPhoneCiphertext", l.phone_key_id AS "leadPhoneKeyId", l.used_at AS "leadUsedAt",
  l.partner_id AS "leadPartnerId", l.region, l.product_id AS "productId", p.name AS "productName"`;

const AS_FROM = `lead_as_requests a JOIN leads l ON l.id = a.lead_id JOIN products p ON p.id = l.product_id JOIN as_reasons r ON r.code = a.reason_code`;

/** The operators' reads add the filing partner's name. */
const ADMIN_AS_COLUMNS = `${AS_COLUMNS}, pa.name AS "partnerName"`;
const ADMIN_AS_FROM = `${AS_FROM} JOIN partners pa ON pa.id = a.partner_id`;

const ADMIN_DETAIL_COLUMNS = `${ADMIN_AS_COLUMNS},
  l.email AS "leadEmail", l.address AS "leadAddress", l.birth_date AS "leadBirthDate", l.gender AS "leadGender", l.memo AS "leadMemo",
  l.order_id AS "leadOrderId", l.assigned_at AS "leadAssignedAt", l.returned_at AS "leadReturnedAt"`;

@Injectable()
export class LeadAsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  listReasons(): Promise<AsReason[]> {
    return this.dataSource.getRepository(AsReason).find({ where: { active: true }, order: { sortOrder: 'ASC' } });
  }

  findReason(code: string): Promise<AsReason | null> {
    return this.dataSource.getRepository(AsReason).findOne({ where: { code, active: true } });
  }

  /** Whether `code` is a reason, active or retired (requests keep the reason they were filed with). */
  reasonExists(code: string): Promise<boolean> {
    return this.dataSource.getRepository(AsReason).exists({ where: { code } });
  }

  /** AS requests of the leads the partner owns now, newest first. */
  async listForOwner(filter: OwnerAsFilter): Promise<{ rows: AsRow[]; total: number }> {
    const params: unknown[] = [filter.partnerId];
    const add = (value: unknown) => `$${params.push(value)}`;
    const conditions = ['l.partner_id = $1'];
    if (filter.leadId) conditions.push(`a.lead_id = ${add(filter.leadId)}`);
    if (filter.status) conditions.push(`a.status = ${add(filter.status)}`);
    if (filter.search) {
      const pattern = add(`%${escapeLike(filter.search)}%`);
      // The lead's name as the owner is shown it: masked until the lead is used.
      const arms = [
        `(CASE WHEN l.used_at IS NULL THEN l.masked_name ELSE l.name END) ILIKE ${pattern}`,
        `a.customer_memo ILIKE ${pattern}`,
        `a.reason_code ILIKE ${pattern}`,
        `r.label ILIKE ${pattern}`,
        `p.name ILIKE ${pattern}`,
      ];
      if (/^\d{1,4}$/.test(filter.search)) arms.push(`l.phone_last4 LIKE ${pattern}`);
      conditions.push(`(${arms.join(' OR ')})`);
    }
    return this.page(conditions.join(' AND '), params, 'a.created_at DESC, a.id DESC', filter.offset, filter.limit);
  }

  /** The operators' review queue, with the filing partner: oldest first. */
  listForOperator(filter: OperatorAsFilter): Promise<{ rows: AdminAsRow[]; total: number }> {
    const params: unknown[] = [];
    const add = (value: unknown) => `$${params.push(value)}`;
    const conditions = ['true'];
    if (filter.status) conditions.push(`a.status = ${add(filter.status)}`);
    if (filter.partnerId) conditions.push(`a.partner_id = ${add(filter.partnerId)}`);
    if (filter.reasonCode) conditions.push(`a.reason_code = ${add(filter.reasonCode)}`);
    const where = conditions.join(' AND ');
    return pageAndCount<AdminAsRow>(this.dataSource, {
      select: `SELECT ${ADMIN_AS_COLUMNS} FROM ${ADMIN_AS_FROM} WHERE ${where} ORDER BY a.created_at ASC, a.id ASC`,
      count: `SELECT count(*) AS total FROM ${AS_FROM} WHERE ${where}`,
      params,
      limit: filter.limit,
      offset: filter.offset,
    });
  }

  /** One AS request as the operators' detail reads it. */
  async findForOperator(id: string): Promise<AdminAsDetailRow | null> {
    const rows = await this.dataSource.query<AdminAsDetailRow[]>(`SELECT ${ADMIN_DETAIL_COLUMNS} FROM ${ADMIN_AS_FROM} WHERE a.id = $1`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  async findById(id: string): Promise<AsRow | null> {
    const rows = await this.dataSource.query<AsRow[]>(`SELECT ${AS_COLUMNS} FROM ${AS_FROM} WHERE a.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findByIds(ids: string[]): Promise<AsRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query<AsRow[]>(`SELECT ${AS_COLUMNS} FROM ${AS_FROM} WHERE a.id = ANY($1::uuid[])`, [ids]);
  }

  async fileIdsOf(asRequestId: string): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ fileId: string }>>(
      `SELECT file_id AS "fileId" FROM lead_as_files WHERE as_request_id = $1 ORDER BY file_id`,
      [asRequestId],
    );
    return rows.map((row) => row.fileId);
  }

  /** Locks the lead's row for the rest of the transaction, so AS requests on one lead are decided one at a time. */
  async lockLead(tx: EntityManager, leadId: string): Promise<LockedLead | null> {
    const rows = await tx.query<LockedLead[]>(
      `SELECT l.id, l.partner_id AS "partnerId", l.assigned_at AS "assignedAt", l.latest_as_status AS "latestAsStatus",
              p.as_window_days AS "asWindowDays",
              EXISTS (SELECT 1 FROM lead_as_requests x WHERE x.lead_id = l.id AND x.status = '${AsStatus.Approved}') AS "hasApprovedAs"
         FROM leads l JOIN products p ON p.id = l.product_id
        WHERE l.id = $1
          FOR UPDATE OF l`,
      [leadId],
    );
    return rows[0] ?? null;
  }

  /** File ids among `fileIds` that some AS request already carries. */
  async filesAlreadyAttached(tx: EntityManager, fileIds: string[]): Promise<string[]> {
    if (fileIds.length === 0) return [];
    // The files' row locks (in id order, after the lead's) make concurrent requests on different
    // leads that name the same file decide one at a time: the later one sees the earlier's link.
    await tx.query(`SELECT 1 FROM stored_files WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`, [fileIds]);
    const rows = await tx.query<Array<{ fileId: string }>>(
      `SELECT file_id AS "fileId" FROM lead_as_files WHERE file_id = ANY($1::uuid[])`,
      [fileIds],
    );
    return rows.map((row) => row.fileId);
  }

  /** Inserts the request with its files and makes it the lead's latest AS request. */
  async insert(tx: EntityManager, request: LeadAsRequest, fileIds: string[]): Promise<LeadAsRequest> {
    await tx.getRepository(LeadAsRequest).insert(request as QueryDeepPartialEntity<LeadAsRequest>);
    if (fileIds.length > 0) {
      await tx.query(`INSERT INTO lead_as_files (as_request_id, file_id) SELECT $1, unnest($2::uuid[])`, [request.id, fileIds]);
    }
    return request;
  }

  async lockRequest(tx: EntityManager, id: string): Promise<LeadAsRequest | null> {
    return tx.getRepository(LeadAsRequest).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Saves a new status (and note) and mirrors it on the lead when this is the lead's latest request. */
  async updateStatus(tx: EntityManager, request: LeadAsRequest, status: AsStatus, review?: { adminNote: string | null }): Promise<void> {
    const reviewColumns = review ? `, admin_note = coalesce($3, admin_note), reviewed_at = now()` : '';
    const params: unknown[] = [status, request.id];
    if (review) params.push(review.adminNote);
    await tx.query(`UPDATE lead_as_requests SET status = $1, updated_at = now()${reviewColumns} WHERE id = $2`, params);
  }

  private page(
    where: string,
    params: unknown[],
    orderBy: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: AsRow[]; total: number }> {
    return pageAndCount<AsRow>(this.dataSource, {
      select: `SELECT ${AS_COLUMNS} FROM ${AS_FROM} WHERE ${where} ORDER BY ${orderBy}`,
      count: `SELECT count(*) AS total FROM ${AS_FROM} WHERE ${where}`,
      params,
      limit,
      offset,
    });
  }
}
