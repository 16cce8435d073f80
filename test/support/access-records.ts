import type { INestApplication } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { AccessRecordRetention, AccessRecordSealer, type AccessSubject } from '#platform';

/** An access record as a test reads it back (the table `access_records`). */
export interface AccessRecordRow {
  id: string;
  recordedAt: Date;
  actorKind: string;
  actorId: string;
  address: string;
  action: string;
  operation: string;
  subjects: AccessSubject[];
  reason: string | null;
  requestId: string | null;
  sequence: string | null;
  prevHash: string | null;
  hash: string | null;
}

export interface AccessRecordFilter {
  operation?: string;
  action?: string;
  actorKind?: string;
  actorId?: string;
  requestId?: string;
  /** Records naming this subject. */
  subject?: AccessSubject;
}

/**
 * The access records of a test app, oldest first, optionally filtered. A call's record is committed
 * before its answer leaves, so a test reads it right after the response.
 */
export async function accessRecords(app: { dataSource: DataSource }, filter: AccessRecordFilter = {}): Promise<AccessRecordRow[]> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.operation !== undefined) add('operation = ?', filter.operation);
  if (filter.action !== undefined) add('action = ?', filter.action);
  if (filter.actorKind !== undefined) add('actor_kind = ?', filter.actorKind);
  if (filter.actorId !== undefined) add('actor_id = ?', filter.actorId);
  if (filter.requestId !== undefined) add('request_id = ?', filter.requestId);
  if (filter.subject !== undefined)
    add('subjects @> ?::jsonb', JSON.stringify([{ type: filter.subject.type, id: String(filter.subject.id) }]));
  return app.dataSource.query<AccessRecordRow[]>(
    `SELECT id::text AS "id", recorded_at AS "recordedAt", actor_kind AS "actorKind", actor_id AS "actorId", address, action,
            operation, subjects, reason, request_id AS "requestId", sequence::text AS "sequence", prev_hash AS "prevHash", hash
       FROM access_records ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''} ORDER BY access_records.id`,
    params,
  );
}

/** Seals (hash-chains) every record appended so far, as the periodic job would; answers how many. */
export function sealAccessRecords(app: { app: INestApplication }): Promise<number> {
  return app.app.get(AccessRecordSealer).sealPending();
}

/** Runs the retention sweep now, as the periodic job would; answers how many records it removed. */
export function sweepAccessRecords(app: { app: INestApplication }): Promise<number> {
  return app.app.get(AccessRecordRetention).sweep();
}

/**
 * Moves records back in time, as a superuser bypassing the append-only trigger (session_replication_role
 * = replica skips ordinary triggers): how a test makes records old enough for the retention sweep, or
 * tampers with one for `access-records:verify` to find.
 */
export async function rewriteAccessRecordsAsSuperuser(app: { dataSource: DataSource }, sql: string, params: unknown[] = []): Promise<void> {
  await app.dataSource.transaction(async (manager) => {
    await manager.query(`SET LOCAL session_replication_role = replica`);
    await manager.query(sql, params);
  });
}

/** A record a test plants directly (for the review and the sweep, which look at times a test cannot wait for). */
export interface PlantedRecord {
  recordedAt: string | Date;
  actorKind?: string;
  actorId?: string;
  address?: string;
  action?: string;
  operation?: string;
  subjects?: AccessSubject[];
  reason?: string | null;
}

/** Inserts records as they would have been appended at `recordedAt` (unsealed); answers their ids. */
export async function plantAccessRecords(app: { dataSource: DataSource }, records: PlantedRecord[]): Promise<string[]> {
  const rows = records.map((record) => ({
    recorded_at: new Date(record.recordedAt).toISOString(),
    actor_kind: record.actorKind ?? 'operator',
    actor_id: record.actorId ?? 'planted-operator',
    address: record.address ?? '198.51.100.1',
    action: record.action ?? 'view',
    operation: record.operation ?? 'Planted_operation',
    subjects: record.subjects ?? [],
    reason: record.reason ?? null,
  }));
  const inserted = await app.dataSource.query<Array<{ id: string }>>(
    `INSERT INTO access_records (recorded_at, actor_kind, actor_id, address, action, operation, subjects, reason)
     SELECT recorded_at, actor_kind, actor_id, address, action, operation, subjects, reason
       FROM jsonb_to_recordset($1::jsonb) AS r(recorded_at timestamptz, actor_kind text, actor_id text, address text, action text,
                                                operation text, subjects jsonb, reason text)
     RETURNING id::text AS id`,
    [JSON.stringify(rows)],
  );
  return inserted.map((row) => row.id);
}
