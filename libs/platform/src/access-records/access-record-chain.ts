import { createHash } from 'node:crypto';
import type { AccessSubject } from './access-record.decorator.js';

/** The `prev_hash` of the first record ever sealed. */
export const GENESIS_HASH = '0'.repeat(64);

/** The columns a record's hash covers, as read back from the database. */
export interface ChainedRecord {
  id: string;
  sequence: string;
  recordedAt: Date;
  actorKind: string;
  actorId: string;
  address: string;
  action: string;
  operation: string;
  subjects: AccessSubject[];
  reason: string | null;
  requestId: string | null;
}

/**
 * The canonical text of a record: a JSON array of its fields in a fixed order, subjects as
 * `[type, id]` pairs (jsonb keeps no key order, an array does), the time as ISO 8601 UTC.
 */
export function canonicalRecord(record: ChainedRecord): string {
  return JSON.stringify([
    String(record.sequence),
    String(record.id),
    record.recordedAt.toISOString(),
    record.actorKind,
    record.actorId,
    record.address,
    record.action,
    record.operation,
    record.subjects.map((subject) => [subject.type, String(subject.id)]),
    record.reason,
    record.requestId,
  ]);
}

/** SHA-256 (hex) over the previous record's hash, a newline, and this record's canonical text. */
export function chainHash(prevHash: string, record: ChainedRecord): string {
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalRecord(record)}`)
    .digest('hex');
}

/**
 * The SELECT list that reads a record of `access_records r` as ChainedRecord but for its `sequence`
 * (which its seal holds). Its alias `id` is text: order by `r.id`, never by the bare name (ORDER BY
 * takes the output column first, and would sort it as a string).
 */
export const RECORD_COLUMNS = `r.id::text AS "id", r.recorded_at AS "recordedAt", r.actor_kind AS "actorKind", r.actor_id AS "actorId",
  r.address, r.action, r.operation, r.subjects, r.reason, r.request_id AS "requestId"`;
