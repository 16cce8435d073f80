import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { BackgroundMetrics } from './background-metrics.js';
import { messageOf } from '../logging/message-of.js';

/** A job run every `everyMs` by one replica at a time (a sweep, a compaction, an activation). */
export interface PeriodicJobOptions {
  /** Names the job: its turn in `background_turns`, its logs and metrics (`two-step-sweep`). */
  name: string;
  /** How often it runs, across all replicas together. */
  everyMs: number;
  /** Does the work; answers how many rows it touched (logged when not 0). */
  run(): Promise<number>;
  /** A job that runs every few seconds under load logs what it did at debug level. */
  reportLevel?: 'log' | 'debug';
}

/** How often a sweep runs. Data it removes outlives its need by at most this (and a sweep's run). */
export const SWEEP_INTERVAL_MS = 60_000;

/** A replica that finds the turn taken looks again no sooner than this (nor later than the next run). */
const RECHECK_MS = 1_000;

/**
 * The loop of a periodic job: at each due time it tries to take the job's turn (moving its
 * `next_run_at` one interval on, FOR UPDATE SKIP LOCKED: one replica wins, the others learn when to
 * look again); the winner runs the job. A replica that dies during a run holds the turn only until
 * the next due time; a run longer than its interval keeps the turn (holdTurn). A failed run is logged
 * and recorded; the next one is tried when due.
 */
export class PeriodicLoop {
  private readonly outsideRequests = AsyncLocalStorage.snapshot();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly options: PeriodicJobOptions,
    private readonly dataSource: DataSource,
    private readonly serving: () => boolean,
    private readonly logger: Logger,
    private readonly metrics: BackgroundMetrics,
  ) {
    // The first look at the turn comes after one interval, as the first run of a timer would.
    this.schedule(options.everyMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(
      () =>
        this.outsideRequests(() => {
          this.running = this.turn().finally(() => (this.running = undefined));
        }),
      delayMs,
    );
    this.timer.unref();
  }

  private async turn(): Promise<void> {
    const { name, everyMs } = this.options;
    let nextInMs = everyMs;
    try {
      if (!this.serving()) return;
      const { taken, waitMs } = await this.takeTurn();
      nextInMs = taken ? waitMs : Math.min(everyMs, Math.max(waitMs, RECHECK_MS));
      if (!taken) {
        this.metrics.runs.inc({ work: name, outcome: 'skipped' });
        return;
      }
      const endTimer = this.metrics.duration.startTimer({ work: name });
      const holding = this.holdTurn();
      try {
        const rows = await this.options.run();
        if (rows > 0) this.logger[this.options.reportLevel ?? 'log']({ work: name, rows }, `${name}: done`);
        this.metrics.runs.inc({ work: name, outcome: 'done' });
        await this.recordEnd(null);
      } catch (error) {
        this.metrics.runs.inc({ work: name, outcome: 'failed' });
        this.logger.warn({ work: name, error: messageOf(error) }, `${name} failed`);
        await this.recordEnd(messageOf(error).slice(0, 500));
      } finally {
        clearInterval(holding);
        endTimer();
      }
    } catch (error) {
      this.logger.warn({ work: name, error: messageOf(error) }, `${name}: taking its turn failed`);
    } finally {
      this.schedule(nextInMs);
    }
  }

  /**
   * Takes the turn if it is due, or set more than two intervals out (the interval was shortened; two,
   * not one, since a statement that began before another replica's took the turn reads an earlier
   * now()); answers when the next look is due.
   */
  private async takeTurn(): Promise<{ taken: boolean; waitMs: number }> {
    const seconds = this.options.everyMs / 1000;
    await this.dataSource.query(`INSERT INTO background_turns (name, next_run_at) VALUES ($1, now()) ON CONFLICT (name) DO NOTHING`, [
      this.options.name,
    ]);
    const [row] = await this.dataSource.query<Array<{ taken: boolean; wait_ms: number }>>(
      `WITH due AS (
         SELECT name FROM background_turns
          WHERE name = $1 AND (next_run_at <= now() OR next_run_at > now() + make_interval(secs => 2 * $2::double precision))
            FOR UPDATE SKIP LOCKED
       ), taken AS (
         UPDATE background_turns t SET next_run_at = now() + make_interval(secs => $2), last_started_at = now()
           FROM due WHERE t.name = due.name
         RETURNING t.next_run_at
       )
       SELECT EXISTS (SELECT 1 FROM taken) AS taken,
              greatest(0, extract(epoch FROM coalesce((SELECT next_run_at FROM taken),
                (SELECT next_run_at FROM background_turns WHERE name = $1)) - now()) * 1000)::float8 AS wait_ms`,
      [this.options.name, seconds],
    );
    return { taken: row.taken, waitMs: Math.ceil(row.wait_ms) };
  }

  /**
   * Keeps the turn while a run lasts longer than its interval (moved one interval on, every half
   * interval), so no other replica starts the job beside it; a replica that dies stops renewing, and
   * its turn comes due one interval later.
   */
  private holdTurn(): NodeJS.Timeout {
    const renew = () =>
      void this.dataSource
        .query(`UPDATE background_turns SET next_run_at = now() + make_interval(secs => $2) WHERE name = $1`, [
          this.options.name,
          this.options.everyMs / 1000,
        ])
        .catch((error: unknown) =>
          this.logger.warn({ work: this.options.name, error: messageOf(error) }, `${this.options.name}: keeping its turn failed`),
        );
    return setInterval(renew, this.options.everyMs / 2).unref();
  }

  private async recordEnd(error: string | null): Promise<void> {
    await this.dataSource.query(`UPDATE background_turns SET last_finished_at = now(), last_error = $2 WHERE name = $1`, [
      this.options.name,
      error,
    ]);
  }
}
