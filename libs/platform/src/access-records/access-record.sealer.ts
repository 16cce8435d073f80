import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BackgroundWork } from '../background/background-work.js';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import type { ServiceConfig } from '../config/service-config.js';
import { CHAINED_COLUMNS, chainHash, GENESIS_HASH, type ChainedRecord } from './access-record-chain.js';

/** Records sealed in one transaction. */
const SEAL_BATCH = 1000;

/**
 * Chains the appended records, in one place and in order: a periodic job (one replica at a time)
 * takes the unsealed records by id, gives each the next `sequence`, the previous record's hash as
 * `prev_hash`, and `hash` = SHA-256 over both (access-record-chain.ts), in batches, each in a
 * transaction under an advisory lock (a direct call, as the tests make, never runs beside the job).
 * The chain's order is the order of sealing, not of `recorded_at`: a record whose INSERT commits
 * late is sealed late.
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
    let sealed = 0;
    for (;;) {
      const batch = await this.sealBatch();
      sealed += batch;
      if (batch < SEAL_BATCH || signal?.aborted) return sealed;
    }
  }

  private sealBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('access_records:seal'))`);
      const [head] = await manager.query<Array<{ sequence: string; hash: string }>>(
        `SELECT sequence::text AS sequence, hash FROM access_records WHERE sequence IS NOT NULL ORDER BY access_records.sequence DESC LIMIT 1`,
      );
      const records = await manager.query<ChainedRecord[]>(
        `SELECT ${CHAINED_COLUMNS} FROM access_records WHERE sequence IS NULL ORDER BY access_records.id LIMIT ${SEAL_BATCH}`,
      );
      if (records.length === 0) return 0;
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
        `UPDATE access_records a SET sequence = s.sequence, prev_hash = s.prev_hash, hash = s.hash
           FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) AS s(id, sequence, prev_hash, hash)
          WHERE a.id = s.id`,
        [ids, sequences, prevHashes, hashes],
      );
      return records.length;
    });
  }
}
