import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { BackgroundMetrics } from './background-metrics.js';
import { endsWithin } from './ends-within.js';
import { messageOf } from '../logging/message-of.js';

/** A job run every `everyMs` by one replica at a time (a sweep, a compaction, an activation). */
export interface PeriodicJobOptions {
  /** Names the job: its turn in `background_turns`, its logs and metrics (`two-step-sweep`). */
  name: string;
  /** How often it runs, across all replicas together. */
  everyMs: number;
  /**
   * Does the work; answers how many rows it touched (logged when not 0). `signal` aborts when the stop
   * has waited `stopWaitMs` for the run: a job that works in batches looks at it between them and
   * answers what it has done (the next run, here or on another replica, does the rest).
   */
  run(signal: AbortSignal): Promise<number>;
  /** A job that runs every few seconds under load logs what it did at debug level. */
  reportLevel?: 'log' | 'debug';
  /** How long the stop waits for a run in flight before aborting its signal (default STOP_WAIT_MS). */
  stopWaitMs?: number;
}

/** How often a sweep runs. Data it removes outlives its need by at most this (and a sweep's run). */
export const SWEEP_INTERVAL_MS = 60_000;

/** How long the stop waits for a run in flight, by default, before aborting it. */
export const STOP_WAIT_MS = 10_000;

/** How long an aborted run has to end: a job that heeds its signal ends within a batch. */
const ABORTED_WAIT_MS = 2_000;

/** A replica that finds the turn taken looks again no sooner than this (nor later than the next run). */
const RECHECK_MS = 1_000;

/**
 * The loop of a periodic job: at each due time it tries to take the job's turn (moving its
 * `next_run_at` one interval on, FOR UPDATE SKIP LOCKED: one replica wins, the others learn when to
 * look again); the winner runs the job. A replica that dies during a run holds the turn only until
 * the next due time; a run longer than its interval keeps the turn (holdTurn). A failed run is logged
 * and recorded; the next one is tried when due.
 *
 * `stop` takes no more turns and waits for a run in flight, at most `stopWaitMs`; then it aborts the
 * run's signal and waits for the run to notice, at most ABORTED_WAIT_MS more. A run that still has
 * not ended (one long statement) is left behind with a warning, no longer holding its turn: the stop
 * returns within `stopWaitMs` and two seconds, and the application goes on closing (its pool, whose
 * end waits for the statement, then the process, which SHUTDOWN_TIMEOUT_MS bounds).
 */
export class PeriodicLoop {
  private readonly outsideRequests = AsyncLocalStorage.snapshot();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private holding: NodeJS.Timeout | undefined;
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
    const running = this.running;
    if (!running) return;
    const { name, stopWaitMs = STOP_WAIT_MS } = this.options;
    if (await endsWithin(running, stopWaitMs)) return;
    this.logger.warn({ work: name, waitedMs: stopWaitMs }, `${name}: the run in flight at shutdown is aborted`);
    this.abort.abort();
    if (await endsWithin(running, ABORTED_WAIT_MS)) return;
    clearInterval(this.holding);
    this.logger.warn(
      { work: name, waitedMs: stopWaitMs + ABORTED_WAIT_MS },
      `${name}: the run in flight did not stop when aborted; left behind`,
    );
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
      this.holding = this.holdTurn();
      try {
        const rows = await this.options.run(this.abort.signal);
        if (rows > 0) this.logger[this.options.reportLevel ?? 'log']({ work: name, rows }, `${name}: done`);
        this.metrics.runs.inc({ work: name, outcome: 'done' });
        await this.recordEnd(null);
      } catch (error) {
        this.metrics.runs.inc({ work: name, outcome: 'failed' });
        this.logger.warn({ work: name, error: messageOf(error) }, `${name} failed`);
        await this.recordEnd(messageOf(error).slice(0, 500));
      } finally {
        clearInterval(this.holding);
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
