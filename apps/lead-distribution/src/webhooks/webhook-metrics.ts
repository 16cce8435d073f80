import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { MetricsRegistry } from '#platform';
import type { AttemptOutcome } from './webhook-event-types.js';

/** The delivery worker's figures, beside the service's other metrics (GET /metrics on METRICS_PORT). */
@Injectable()
export class WebhookMetrics {
  private readonly attempts: Counter<'outcome'>;
  private readonly eventToDelivery: Histogram;

  constructor(metrics: MetricsRegistry) {
    this.attempts = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (success, http_error, timeout, network_error, blocked_address)',
      labelNames: ['outcome'] as const,
      registers: [metrics.registry],
    });
    this.eventToDelivery = new Histogram({
      name: 'webhook_delivery_seconds',
      help: 'Time from an event to its delivery (the 2xx), retries included',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 21600, 86400],
      registers: [metrics.registry],
    });
  }

  attempted(outcome: AttemptOutcome): void {
    this.attempts.inc({ outcome: outcome.toLowerCase() });
  }

  delivered(occurredAt: Date, at: Date): void {
    this.eventToDelivery.observe(Math.max(at.getTime() - occurredAt.getTime(), 0) / 1000);
  }
}
