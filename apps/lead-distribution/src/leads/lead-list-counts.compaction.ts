import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BackgroundWork } from '#platform';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';

/** Dead rows beyond which a compaction vacuums the table. */
const DEAD_ROWS_VACUUMED = 1_000;

/**
 * Merges the delta rows that the triggers on `leads` append to `lead_list_counts`: for every partner
 * with unmerged rows, one statement deletes all its rows and inserts one per bucket with their sum
 * (buckets that sum to zero go). Registrations only ever insert, so they never wait on this; the
 * DELETE takes the rows committed before it and the INSERT their sum in one transaction, so a reader
 * sees either the deltas or the merged row, never both nor neither. It runs on the background
 * machine, one replica at a time; a merge also holds a transaction-scoped advisory lock (tried, not
 * waited for), so that a run outlasting its turn, or a direct call, never merges beside another.
 */
@Injectable()
export class LeadListCountsCompaction implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: LeadDistributionConfig,
    private readonly background: BackgroundWork,
  ) {}

  onApplicationBootstrap(): void {
    // Every LEAD_LIST_COUNTS_COMPACTION_SECONDS: what a list's total sums grows with the statements in between.
    this.background.every({
      name: 'lead-list-counts-compaction',
      everyMs: this.config.LEAD_LIST_COUNTS_COMPACTION_SECONDS * 1000,
      run: (signal) => this.sweep(signal),
      reportLevel: 'debug',
    });
  }

  /** Merges every partner's delta rows; answers how many rows were merged away. No vacuum once `signal` aborts. */
  async sweep(signal?: AbortSignal): Promise<number> {
    const removed = await this.merge();
    // Another replica holds the turn: it merges, and vacuums.
    if (removed === null) return 0;
    // A partner's total reads every index entry of its rows, dead ones too (a bitmap scan does not
    // prune them): the merged-away rows go now, whether or not autovacuum runs (or keeps up).
    const [{ dead }] = await this.dataSource.query<[{ dead: number }]>(
      `SELECT coalesce(n_dead_tup, 0)::integer AS dead FROM pg_stat_user_tables WHERE relid = 'lead_list_counts'::regclass`,
    );
    if (dead > DEAD_ROWS_VACUUMED && !signal?.aborted) await this.dataSource.query(`VACUUM lead_list_counts`);
    return removed;
  }

  /** Rows merged away, or null when another replica is merging. */
  private merge(): Promise<number | null> {
    return this.dataSource.transaction(async (tx) => {
      const [{ locked }] = await tx.query<[{ locked: boolean }]>(
        `SELECT pg_try_advisory_xact_lock(hashtextextended('lead_list_counts:compaction', 0)) AS locked`,
      );
      if (!locked) return null;
      const [{ removed }] = await tx.query<[{ removed: number }]>(
        `WITH dirty AS (SELECT DISTINCT partner_id FROM lead_list_counts WHERE NOT merged),
              gone AS (DELETE FROM lead_list_counts c USING dirty WHERE c.partner_id = dirty.partner_id
                       RETURNING c.partner_id, c.used, c.has_as, c.region, c.gender, c.leads),
              kept AS (INSERT INTO lead_list_counts (partner_id, used, has_as, region, gender, leads, merged)
                       SELECT partner_id, used, has_as, region, gender, sum(leads), true FROM gone
                        GROUP BY partner_id, used, has_as, region, gender HAVING sum(leads) <> 0
                       RETURNING 1)
         SELECT ((SELECT count(*) FROM gone) - (SELECT count(*) FROM kept))::integer AS removed`,
      );
      return removed;
    });
  }
}
