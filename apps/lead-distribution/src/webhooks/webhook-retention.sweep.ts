import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AttemptLog, BackgroundWork } from '#platform';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { WEBHOOK_DELIVERY_WORK } from './webhook-deliveries.repository.js';

const BATCH = 5000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Keeps the delivery log to WEBHOOK_RETENTION_DAYS: events older than that with no delivery still
 * pending go, in batches, with their deliveries (the foreign key cascades) and those deliveries'
 * attempts (from the attempt log, in the same transaction); deliveries that waited for an endpoint
 * disabled longer than that fail (and go in their turn); and a rotated-out secret is erased once its
 * 24-hour overlap is over (nothing signs with it any more). Hourly, by one replica at a time (a
 * periodic job of the background machine; the deletes are idempotent besides).
 */
@Injectable()
export class WebhookRetentionSweep implements OnApplicationBootstrap {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: LeadDistributionConfig,
    private readonly background: BackgroundWork,
    private readonly attempts: AttemptLog,
  ) {}

  onApplicationBootstrap(): void {
    this.background.every({ name: 'webhook-retention', everyMs: HOUR_MS, run: (signal) => this.sweep(signal) });
  }

  /** One pass; an aborted `signal` (the application stopping) ends it between two batches. */
  async sweep(signal?: AbortSignal): Promise<number> {
    const [, secrets] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE webhook_endpoints
          SET previous_secret_ciphertext = NULL, previous_secret_key_id = NULL, previous_secret_expires_at = NULL
        WHERE previous_secret_expires_at <= now()`,
    );
    // Deliveries waiting for an endpoint disabled longer than the log is kept end (FAILED), and go with it.
    const [, abandoned] = await this.dataSource.query<[unknown[], number]>(
      `UPDATE webhook_deliveries d
          SET status = 'FAILED', next_attempt_at = NULL, lease_until = NULL, updated_at = now(),
              last_error = 'The endpoint stayed disabled longer than the delivery log is kept'
         FROM webhook_endpoints e
        WHERE d.endpoint_id = e.id AND d.status = 'PENDING' AND NOT e.enabled
          AND e.disabled_at < now() - make_interval(days => $1)`,
      [this.config.WEBHOOK_RETENTION_DAYS],
    );
    let removed = abandoned;
    for (;;) {
      const count = await this.dataSource.transaction(async (tx) => {
        // The main query's snapshot still shows the deliveries the cascade removes: their attempts go
        // from the attempt log in the same transaction.
        const [{ events, deliveries }] = await tx.query<[{ events: number; deliveries: string[] }]>(
          `WITH gone AS (
             DELETE FROM webhook_events WHERE id IN (
               SELECT e.id FROM webhook_events e
                WHERE e.occurred_at < now() - make_interval(days => $1)
                  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'PENDING')
                LIMIT $2)
             RETURNING id)
           SELECT (SELECT count(*)::int FROM gone) AS events,
                  ARRAY(SELECT d.id::text FROM webhook_deliveries d WHERE d.event_id IN (SELECT id FROM gone)) AS deliveries`,
          [this.config.WEBHOOK_RETENTION_DAYS, BATCH],
        );
        await this.attempts.forget(tx, WEBHOOK_DELIVERY_WORK, deliveries);
        return events;
      });
      removed += count;
      if (count < BATCH || signal?.aborted) return removed + secrets;
    }
  }
}
