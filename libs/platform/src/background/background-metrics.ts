import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';
import { MetricsRegistry } from '../metrics/metrics.js';

/** What every piece of background work reports, labelled by its name (`storage-deletions`, `two-step-sweep`). */
@Injectable()
export class BackgroundMetrics {
  readonly runs: Counter<'work' | 'outcome'>;
  readonly duration: Histogram<'work'>;
  readonly inFlight: Gauge<'work'>;

  constructor(metrics: MetricsRegistry) {
    this.runs = new Counter({
      name: 'background_runs_total',
      help: 'Runs of background work (a periodic job, or one item of queued work) by outcome: done, failed, skipped (another replica had the turn)',
      labelNames: ['work', 'outcome'] as const,
      registers: [metrics.registry],
    });
    this.duration = new Histogram({
      name: 'background_run_duration_seconds',
      help: 'Duration of a run of background work',
      labelNames: ['work'] as const,
      buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 30, 120],
      registers: [metrics.registry],
    });
    this.inFlight = new Gauge({
      name: 'background_in_flight',
      help: 'Items of queued work being handled in this process',
      labelNames: ['work'] as const,
      registers: [metrics.registry],
    });
  }
}
