import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ShutdownState } from '../bootstrap/shutdown.js';
import { BackgroundMetrics } from './background-metrics.js';
import { PeriodicLoop, type PeriodicJobOptions } from './periodic-job.js';
import { WorkLoop, type QueuedWork, type QueuedWorkOptions } from './work-loop.js';

/**
 * The one machine for background work. A feature hands it its work when the application has started
 * (onApplicationBootstrap): a periodic job (`every`), run by one replica at a time, or queued work
 * (`queue`), items of the feature's outbox taken due under a lease and retried by a RetrySchedule.
 * All of it stops taking work at SIGTERM (ShutdownState) and is stopped when the application closes,
 * before the database pool: runs and items in flight are waited for.
 */
@Injectable()
export class BackgroundWork implements OnModuleDestroy {
  private readonly logger = new Logger('BackgroundWork');
  private readonly running = new Set<{ stop(): Promise<void> }>();
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly shutdownState: ShutdownState,
    private readonly metrics: BackgroundMetrics,
  ) {}

  /** Runs `job.run` every `job.everyMs`, by one replica at a time. */
  every(job: PeriodicJobOptions): void {
    if (this.stopped) return;
    this.running.add(new PeriodicLoop(job, this.dataSource, () => this.serving(), this.logger, this.metrics));
  }

  /** Handles the due items `work.take` gives, `work.slots` at a time; `wake()` looks for due items now. */
  queue<T>(work: QueuedWorkOptions<T>): QueuedWork {
    if (this.stopped) return { wake: () => undefined };
    const loop = new WorkLoop(work, () => this.serving(), this.logger, this.metrics);
    this.running.add(loop);
    return loop;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.running].map((work) => work.stop()));
    this.running.clear();
  }

  private serving(): boolean {
    return this.shutdownState.phase === 'serving';
  }
}
