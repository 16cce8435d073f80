import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runSqlFile } from '#platform';
import { ALLOCATION_SQL } from '../../allocation/sql/allocation-sql.js';
import { ORDERS_SQL } from '../../orders/sql/orders-sql.js';
import { WEBHOOKS_SQL } from '../../webhooks/sql/webhooks-sql.js';

/**
 * Webhook events recorded by the owner of each change, in its transaction, through webhooks'
 * `record_webhook_events_v1` (webhooks/sql/) and `WebhookOutboxService.record`, instead of by
 * webhooks' triggers on other features' tables (docs/decisions/webhooks.md): the triggers on
 * `lead_assignments`, `orders` and `lead_as_requests`, their functions and `webhook_enqueue` go;
 * `register_leads_v4` (allocation/sql/) records the events of a registration, and orders'
 * `record_order_completions_v1` those of the orders a take completed. No released build called v3 (it
 * came and went in this release); the previous release calls v2 and relies on the triggers for every
 * event, so this release is applied with the old pods stopped (docs/operations/deployment.md). A later
 * release drops v2 and v3.
 */
export class EventsRecordedByOwner1796700000000 implements MigrationInterface {
  name = 'EventsRecordedByOwner1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER trg_lead_as_requests_webhooks ON lead_as_requests`);
    await queryRunner.query(`DROP TRIGGER trg_orders_webhooks ON orders`);
    await queryRunner.query(`DROP TRIGGER trg_lead_assignments_webhooks ON lead_assignments`);
    await queryRunner.query(`DROP FUNCTION webhook_lead_as_outbox(), webhook_orders_outbox(), webhook_lead_assignments_outbox()`);
    await queryRunner.query(`DROP FUNCTION webhook_enqueue(text, int, uuid, uuid, text)`);
    await runSqlFile(queryRunner, WEBHOOKS_SQL.recordWebhookEventsV1);
    await runSqlFile(queryRunner, ORDERS_SQL.recordOrderCompletionsV1);
    await runSqlFile(queryRunner, ALLOCATION_SQL.registerLeadsV4);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION register_leads_v4`);
    await queryRunner.query(`DROP FUNCTION record_order_completions_v1`);
    await queryRunner.query(`DROP FUNCTION record_webhook_events_v1`);
    await runSqlFile(queryRunner, WEBHOOKS_SQL.webhookEnqueueV1);
    await runSqlFile(queryRunner, WEBHOOKS_SQL.leadAssignmentsOutboxV1);
    await runSqlFile(queryRunner, WEBHOOKS_SQL.ordersOutboxV1);
    await runSqlFile(queryRunner, WEBHOOKS_SQL.leadAsOutboxV1);
  }
}
