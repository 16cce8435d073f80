import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The delivery worker's two look-ups by endpoint, each read from an index as small as what it looks
 * for rather than from an endpoint's whole history: an endpoint's queue (its PENDING deliveries by
 * event_seq: the head an ordered endpoint sends next) and its deliveries in flight (held by a lease);
 * and the events not rendered yet, which the worker renders as they are committed.
 */
export class WebhookDeliveryQueues1795800000000 implements MigrationInterface {
  name = 'WebhookDeliveryQueues1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_deliveries_pending" ON "webhook_deliveries" ("endpoint_id", "event_seq") WHERE status = 'PENDING'`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_deliveries_leased" ON "webhook_deliveries" ("endpoint_id") WHERE lease_until IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX "idx_webhook_events_unrendered" ON "webhook_events" ("seq") WHERE payload IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_events_unrendered"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_leased"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_pending"`);
  }
}
