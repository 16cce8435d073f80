import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BackgroundWork } from '../background/background-work.js';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import type { ServiceConfig } from '../config/service-config.js';
import { chainHash, GENESIS_HASH, RECORD_COLUMNS, type ChainedRecord } from './access-record-chain.js';

/** Records sealed in one transaction. */
const SEAL_BATCH = 1000;

/** The lock every append holds, shared, until its transaction ends (sql/access_records_append.v1.sql). */
const APPEND_LOCK = `hashtextextended('access_records:append', 0)`;

/**
 * Chains the appended records, in one place and in id order, into access_record_seals (the records
 * themselves are never rewritten): a periodic job (one replica at a time) first takes the append
 * lock exclusively for a moment (its barrier: every append holds it shared until its transaction
 * ends, so once the sealer has it, every record with an id up to the largest it then sees has
 * committed or rolled back), then seals the records after the head's `sealed_through` up to that id,
 * in batches, each in a transaction under the seal lock (a direct call, as the tests make, never runs
 * beside the job): the next `sequence`, the previous link's hash as `prev_hash`, and `hash` = SHA-256
 * over both and the record (access-record-chain.ts). No record that commits late is passed over.
 */
@Injectable()
export class AccessRecordSealer implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly background: BackgroundWork,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.background.every({
      name: 'access-record-seal',
      everyMs: this.config.ACCESS_RECORD_SEAL_INTERVAL_MS,
      reportLevel: 'debug',
      run: (signal) => this.sealPending(signal),
    });
  }

  /** Seals every record appended (and committed) so far; answers how many. */
  async sealPending(signal?: AbortSignal): Promise<number> {
    const settledThrough = await this.settledThrough();
    let sealed = 0;
    for (;;) {
      const batch = await this.sealBatch(settledThrough);
      sealed += batch;
      if (batch < SEAL_BATCH || signal?.aborted) return sealed;
    }
  }

  /** The barrier: the largest record id once every append begun before has ended. */
  private settledThrough(): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(${APPEND_LOCK})`);
      const [row] = await manager.query<Array<{ through: string }>>(`SELECT coalesce(max(id), 0)::text AS through FROM access_records`);
      return row!.through;
    });
  }

  private sealBatch(settledThrough: string): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('access_records:seal'))`);
      const [head] = await manager.query<Array<{ sequence: string; hash: string; sealedThrough: string }>>(
        `SELECT sequence::text AS sequence, hash, sealed_through::text AS "sealedThrough" FROM access_record_seals ORDER BY access_record_seals.sequence DESC LIMIT 1`,
      );
      // Past the head's bound, up to the barrier's; a record sealed already (none, but for a migrated chain) is left out.
      const records = await manager.query<ChainedRecord[]>(
        `SELECT ${RECORD_COLUMNS}, NULL AS "sequence" FROM access_records r
          WHERE r.id > $1::bigint AND r.id <= $2::bigint
            AND NOT EXISTS (SELECT 1 FROM access_record_seals s WHERE s.record_id = r.id)
          ORDER BY r.id LIMIT ${SEAL_BATCH}`,
        [head?.sealedThrough ?? '0', settledThrough],
      );
      if (records.length === 0) return 0;
      const through = records.length < SEAL_BATCH ? settledThrough : records.at(-1)!.id;
      let sequence = BigInt(head?.sequence ?? 0);
      let prevHash = head?.hash ?? GENESIS_HASH;
      const ids: string[] = [];
      const sequences: string[] = [];
      const prevHashes: string[] = [];
      const hashes: string[] = [];
      for (const record of records) {
        sequence += 1n;
        const hash = chainHash(prevHash, { ...record, sequence: String(sequence) });
        ids.push(record.id);
        sequences.push(String(sequence));
        prevHashes.push(prevHash);
        hashes.push(hash);
        prevHash = hash;
      }
      await manager.query(
        `INSERT INTO access_record_seals (sequence, record_id, prev_hash, hash, sealed_through)
         SELECT s.sequence, s.record_id, s.prev_hash, s.hash, $5::bigint
           FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) AS s(sequence, record_id, prev_hash, hash)`,
        [sequences, ids, prevHashes, hashes, through],
      );
      return records.length;
    });
  }
}
