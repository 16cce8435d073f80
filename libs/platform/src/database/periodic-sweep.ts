import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';

/** How often a sweep runs. Data it removes outlives its need by at most this (and a sweep's run). */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * A sweep that removes what no longer has a reason to be kept, every SWEEP_INTERVAL_MS on every
 * replica (the statements lock SKIP LOCKED or are idempotent, so replicas do not wait on each other),
 * from start-up until the module is destroyed (before the database pool closes). A failed run is
 * logged and the next one tried. Subclasses say what `sweep` removes and answer how many rows.
 */
export abstract class PeriodicSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  protected constructor(
    private readonly name: string,
    private readonly intervalMs = SWEEP_INTERVAL_MS,
    /** A sweep that runs every few seconds under load logs what it did at debug level. */
    private readonly reportLevel: 'log' | 'debug' = 'log',
  ) {
    this.logger = new Logger(name);
  }

  /** Removes what is spent; how many rows it touched. */
  abstract sweep(): Promise<number>;

  onApplicationBootstrap(): void {
    this.schedule();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .then((count) => {
          if (count > 0) this.logger[this.reportLevel]({ rows: count }, `${this.name}: swept`);
        })
        .catch((error: unknown) =>
          this.logger.warn({ error: error instanceof Error ? error.message : String(error) }, `${this.name} failed`),
        )
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, this.intervalMs);
    // A sweep never holds the process up.
    this.timer.unref();
  }
}
