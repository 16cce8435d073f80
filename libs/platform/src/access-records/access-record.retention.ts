import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BackgroundWork } from '../background/background-work.js';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import type { ServiceConfig } from '../config/service-config.js';

/** How often the retention sweep runs: records outlive ACCESS_RECORD_RETENTION_DAYS by at most this. */
const RETENTION_SWEEP_EVERY_MS = 60 * 60_000;
/** Records removed per statement. */
const SWEEP_BATCH = 5000;

/**
 * The retention sweep, the only deletion of access records: every hour, the sealed records older than
 * ACCESS_RECORD_RETENTION_DAYS go, oldest first, through access_records_sweep_v2 (sql/), which removes
 * a prefix of the chain with its seals and keeps its head.
 */
@Injectable()
export class AccessRecordRetention implements OnApplicationBootstrap {
  constructor(
    private readonly dataSource: DataSource,
    private readonly background: BackgroundWork,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.background.every({ name: 'access-record-retention', everyMs: RETENTION_SWEEP_EVERY_MS, run: (signal) => this.sweep(signal) });
  }

  /** Removes the records past retention; answers how many. */
  async sweep(signal?: AbortSignal): Promise<number> {
    let removed = 0;
    for (;;) {
      const [row] = await this.dataSource.query<Array<{ removed: number }>>(
        `SELECT access_records_sweep_v2(now() - make_interval(days => $1), $2) AS removed`,
        [this.config.ACCESS_RECORD_RETENTION_DAYS, SWEEP_BATCH],
      );
      removed += row?.removed ?? 0;
      if ((row?.removed ?? 0) < SWEEP_BATCH || signal?.aborted) return removed;
    }
  }
}
