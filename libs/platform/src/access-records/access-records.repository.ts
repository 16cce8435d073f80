import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AccessRecordFilterDto } from '#contracts';
import { pageAndCount, type Page, type PageWindow } from '../database/paged-query.js';

/** A record as the operators' search reads it. */
export interface AccessRecordRowView {
  id: string;
  recordedAt: Date;
  actorKind: string;
  actorId: string;
  address: string;
  action: string;
  operation: string;
  subjects: Array<{ type: string; id: string }>;
  reason: string | null;
  requestId: string | null;
  sequence: string | null;
}

/** A record of `access_records` with its place in the chain (its link in `access_record_seals`, once sealed), read FROM `FROM`. */
const COLUMNS = `access_records.id::text AS "id", recorded_at AS "recordedAt", actor_kind AS "actorKind", actor_id AS "actorId", address,
  action, operation, subjects, reason, request_id AS "requestId", seal.sequence::text AS "sequence"`;
const FROM = `access_records LEFT JOIN access_record_seals seal ON seal.record_id = access_records.id`;

/** Rows per statement of an export. */
const EXPORT_BATCH = 1000;

/** The operators' reads of `access_records` (search, export, review); writes are the writer's, sealer's and sweep's. */
@Injectable()
export class AccessRecordsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of the matching records, newest first. */
  page(filter: AccessRecordFilterDto, window: PageWindow): Promise<Page<AccessRecordRowView>> {
    const { where, params } = conditions(filter);
    return pageAndCount<AccessRecordRowView>(this.dataSource, {
      select: `SELECT ${COLUMNS} FROM ${FROM} ${where} ORDER BY access_records.id DESC`,
      count: `SELECT count(*) AS total FROM access_records ${where}`,
      params,
      limit: window.limit,
      offset: window.offset,
    });
  }

  /** Every matching record, oldest first, a batch at a time (an export streams them). */
  async *all(filter: AccessRecordFilterDto): AsyncGenerator<AccessRecordRowView[]> {
    const { where, params } = conditions(filter);
    let after = '0';
    for (;;) {
      const rows = await this.dataSource.query<AccessRecordRowView[]>(
        `SELECT ${COLUMNS} FROM ${FROM} ${where ? `${where} AND` : 'WHERE'} access_records.id > $${params.length + 1}::bigint ORDER BY access_records.id LIMIT ${EXPORT_BATCH}`,
        [...params, after],
      );
      if (rows.length > 0) yield rows;
      if (rows.length < EXPORT_BATCH) return;
      after = rows.at(-1)!.id;
    }
  }

  /** Records of one kind of action (or event) in [from, to), oldest first, at most `limit` (+1 to tell a cut). */
  actionsBetween(actions: readonly string[], from: string, to: string, limit: number): Promise<AccessRecordRowView[]> {
    return this.dataSource.query<AccessRecordRowView[]>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE action = ANY($1) AND recorded_at >= $2 AND recorded_at < $3 ORDER BY access_records.recorded_at, access_records.id LIMIT $4`,
      [actions, from, to, limit + 1],
    );
  }

  /** Per Korean day and actor, the distinct subjects handled, where more than `threshold`. */
  busyActors(
    from: string,
    to: string,
    threshold: number,
    limit: number,
  ): Promise<Array<{ day: string; actorKind: string; actorId: string; subjects: number }>> {
    return this.dataSource.query(
      `SELECT to_char(recorded_at AT TIME ZONE 'Asia/Seoul', 'YYYY-MM-DD') AS day, actor_kind AS "actorKind", actor_id AS "actorId",
              count(DISTINCT subject.value)::int AS subjects
         FROM access_records CROSS JOIN LATERAL jsonb_array_elements(subjects) AS subject
        WHERE recorded_at >= $1 AND recorded_at < $2
        GROUP BY 1, 2, 3
       HAVING count(DISTINCT subject.value) > $3
        ORDER BY 1, 4 DESC, 2, 3
        LIMIT $4`,
      [from, to, threshold, limit + 1],
    );
  }

  /**
   * Per Korean day and person (operator, bootstrap key, planner), the records of access outside
   * working hours ([startHour, endHour) Monday to Friday, Korean time).
   */
  outsideWorkingHours(
    from: string,
    to: string,
    startHour: number,
    endHour: number,
    limit: number,
  ): Promise<Array<{ day: string; actorKind: string; actorId: string; records: number; first: Date; last: Date }>> {
    return this.dataSource.query(
      `SELECT to_char(local, 'YYYY-MM-DD') AS day, actor_kind AS "actorKind", actor_id AS "actorId", count(*)::int AS records,
              min(recorded_at) AS first, max(recorded_at) AS last
         FROM (SELECT *, recorded_at AT TIME ZONE 'Asia/Seoul' AS local FROM access_records
                WHERE recorded_at >= $1 AND recorded_at < $2
                  AND actor_kind IN ('operator', 'bootstrap', 'planner')
                  AND action NOT IN ('sign-in-failed', 'key-refused')) AS r
        WHERE extract(isodow FROM local) IN (6, 7) OR extract(hour FROM local) < $3 OR extract(hour FROM local) >= $4
        GROUP BY 1, 2, 3
        ORDER BY 1, 2, 3
        LIMIT $5`,
      [from, to, startHour, endHour, limit + 1],
    );
  }
}

function conditions(filter: AccessRecordFilterDto): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    params.push(value);
    clauses.push(clause.replace('?', `$${params.length}`));
  };
  if (filter.subjectType !== undefined && filter.subjectId !== undefined)
    add('subjects @> ?::jsonb', JSON.stringify([{ type: filter.subjectType, id: filter.subjectId }]));
  if (filter.actorKind !== undefined) add('actor_kind = ?', filter.actorKind);
  if (filter.actorId !== undefined) add('actor_id = ?', filter.actorId);
  if (filter.action !== undefined) add('action = ?', filter.action);
  if (filter.operation !== undefined) add('operation = ?', filter.operation);
  if (filter.from !== undefined) add('recorded_at >= ?::timestamptz', filter.from);
  if (filter.to !== undefined) add('recorded_at < ?::timestamptz', filter.to);
  return { where: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', params };
}
