import { chainHash, GENESIS_HASH, RECORD_COLUMNS, type ChainedRecord } from './access-record-chain.js';

/** Runs a statement and answers its rows (a `pg` client's or a DataSource's query). */
export type RowQuery = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

/** The first link that does not hold. */
export interface BrokenLink {
  recordId: string;
  sequence: string;
  /** What differs, in words: the content (hash), the link to the record before (prev_hash), a missing sequence number, or a sealed record gone. */
  problem: string;
}

export interface ChainVerification {
  /** Sealed records checked. */
  checked: number;
  /** The oldest kept record, where the walk started (records before it went with the retention sweep). */
  first: { recordId: string; sequence: string; recordedAt: Date } | null;
  /** Records not sealed yet (the sealer chains them within ACCESS_RECORD_SEAL_INTERVAL_MS). */
  unsealed: number;
  broken: BrokenLink | null;
}

const BATCH = 5000;

/** A seal with its record (the record's columns null when the record is gone). */
type SealedRecord = Omit<ChainedRecord, 'id'> & { id: string | null; sealedId: string; prevHash: string; hash: string };

/**
 * Walks the hash chain (`access_record_seals`, each seal with its record of `access_records`) from
 * its oldest kept link, in sequence order: each sequence is the one after the link before, its
 * `prev_hash` is that link's `hash`, its record is still there, and its `hash` is what the record
 * gives (access-record-chain.ts). Answers the first link that fails. The oldest kept link's own
 * `prev_hash` is taken as given (its predecessor was swept), unless it is the first ever (sequence
 * 1), whose `prev_hash` must be the genesis hash.
 */
export async function verifyAccessRecordChain(query: RowQuery): Promise<ChainVerification> {
  const [{ unsealed }] = (await query<{ unsealed: string }>(
    `SELECT count(*)::text AS unsealed FROM access_records r WHERE NOT EXISTS (SELECT 1 FROM access_record_seals s WHERE s.record_id = r.id)`,
  )) as [{ unsealed: string }];
  const result: ChainVerification = { checked: 0, first: null, unsealed: Number(unsealed), broken: null };
  let previous: { sequence: bigint; hash: string; id: string } | null = null;
  for (;;) {
    const rows: SealedRecord[] = await query<SealedRecord>(
      `SELECT ${RECORD_COLUMNS}, s.record_id::text AS "sealedId", s.sequence::text AS "sequence", s.prev_hash AS "prevHash", s.hash
         FROM access_record_seals s LEFT JOIN access_records r ON r.id = s.record_id
        WHERE ($1::bigint IS NULL OR s.sequence > $1::bigint) ORDER BY s.sequence LIMIT ${BATCH}`,
      [previous ? String(previous.sequence) : null],
    );
    for (const sealed of rows) {
      const sequence: bigint = BigInt(sealed.sequence);
      if (sealed.id === null)
        return broken(
          result,
          { id: sealed.sealedId, sequence: sealed.sequence },
          `record ${sealed.sealedId}, sealed as ${sealed.sequence}, is gone`,
        );
      const row = { ...sealed, id: sealed.id };
      if (previous === null) {
        result.first = { recordId: row.id, sequence: row.sequence, recordedAt: row.recordedAt };
        if (sequence === 1n && row.prevHash !== GENESIS_HASH)
          return broken(result, row, `prev_hash is ${row.prevHash}, not the genesis hash of the first record`);
      } else {
        if (sequence !== previous.sequence + 1n)
          return broken(
            result,
            row,
            `sequence ${row.sequence} follows ${previous.sequence}: records ${previous.sequence + 1n} to ${sequence - 1n} are missing`,
          );
        if (row.prevHash !== previous.hash)
          return broken(result, row, `prev_hash ${row.prevHash} is not the hash of record ${previous.id} before it (${previous.hash})`);
      }
      const computed = chainHash(row.prevHash, row);
      if (computed !== row.hash)
        return broken(
          result,
          row,
          `hash differs: stored ${row.hash}, its content gives ${computed} (the record was changed after sealing)`,
        );
      result.checked += 1;
      previous = { sequence, hash: row.hash, id: row.id };
    }
    if (rows.length < BATCH) return result;
  }
}

function broken(result: ChainVerification, row: { id: string; sequence: string }, problem: string): ChainVerification {
  return { ...result, broken: { recordId: row.id, sequence: row.sequence, problem } };
}
