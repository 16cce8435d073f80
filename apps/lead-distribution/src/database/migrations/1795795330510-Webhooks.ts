import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runSqlFile } from '#platform';
import { WEBHOOKS_SQL } from '../../webhooks/sql/webhooks-sql.js';

/**
 * The webhook tables, and the triggers that write the outbox (webhooks/sql/, README.md there): in the
 * transaction of the change that is the event, whatever code makes it (register_leads, order
 * fills, replacements, hand-overs, recalls, reviews, cancellations): no event without its change, no
 * change without its event. An event is written only for a partner with an enabled endpoint
 * subscribed to its type, with one delivery per such endpoint.
 */

export class Webhooks1795795330510 implements MigrationInterface {
  name = 'Webhooks1795795330510';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_endpoints" ("id" uuid NOT NULL, "partner_id" integer NOT NULL, "url" character varying(2048) NOT NULL, "description" character varying(500), "event_types" text array NOT NULL, "enabled" boolean NOT NULL DEFAULT true, "disabled_reason" character varying(500), "disabled_at" TIMESTAMP WITH TIME ZONE, "parallel_delivery" boolean NOT NULL DEFAULT false, "secret_ciphertext" bytea NOT NULL, "secret_key_id" character varying(32) NOT NULL, "previous_secret_ciphertext" bytea, "previous_secret_key_id" character varying(32), "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE, "failing_since" TIMESTAMP WITH TIME ZONE, "rate_window_start" TIMESTAMP WITH TIME ZONE, "rate_window_count" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_054c4cfb95223732f5939d2d546" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_webhook_endpoints_partner" ON "webhook_endpoints"  ("partner_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "webhook_events" ("id" uuid NOT NULL, "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL, "type" character varying(40) NOT NULL, "partner_id" integer NOT NULL, "subject_id" uuid NOT NULL, "assignment_id" uuid, "subject_status" character varying(16), "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "payload" json, CONSTRAINT "PK_4cba37e6a0acb5e1fc49c34ebfd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_webhook_events_seq" ON "webhook_events"  ("seq") `);
    await queryRunner.query(`CREATE INDEX "idx_webhook_events_occurred" ON "webhook_events"  ("occurred_at") `);
    await queryRunner.query(
      `CREATE TABLE "webhook_deliveries" ("id" uuid NOT NULL, "event_id" uuid NOT NULL, "event_seq" bigint NOT NULL, "endpoint_id" uuid NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'PENDING', "attempt_count" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE DEFAULT now(), "lease_until" TIMESTAMP WITH TIME ZONE, "lease_id" uuid, "last_attempt_at" TIMESTAMP WITH TIME ZONE, "last_status_code" integer, "last_error" character varying(500), "delivered_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_535dd409947fb6d8fc6dfc0112a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_deliveries_endpoint_created" ON "webhook_deliveries"  ("endpoint_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_webhook_deliveries_event_endpoint" ON "webhook_deliveries"  ("event_id", "endpoint_id") `,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_attempts" ("id" uuid NOT NULL, "delivery_id" uuid NOT NULL, "attempted_at" TIMESTAMP WITH TIME ZONE NOT NULL, "outcome" character varying(24) NOT NULL, "status_code" integer, "latency_ms" integer NOT NULL, "response_excerpt" text, "error" character varying(500), "next_attempt_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2de7e7887ad97de459adab62638" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_webhook_attempts_delivery" ON "webhook_attempts"  ("delivery_id", "attempted_at") `);
    await queryRunner.query(
      `ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "fk_webhook_endpoints_partner" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "fk_webhook_deliveries_event" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "fk_webhook_deliveries_endpoint" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_attempts" ADD CONSTRAINT "fk_webhook_attempts_delivery" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_webhook_deliveries_due" ON "webhook_deliveries" ("next_attempt_at", "event_seq") WHERE status = 'PENDING'`,
    );
    await runSqlFile(queryRunner, WEBHOOKS_SQL.webhookEnqueueV1);
    await runSqlFile(queryRunner, WEBHOOKS_SQL.leadAssignmentsOutboxV1);
    await runSqlFile(queryRunner, WEBHOOKS_SQL.ordersOutboxV1);
    await runSqlFile(queryRunner, WEBHOOKS_SQL.leadAsOutboxV1);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER trg_lead_as_requests_webhooks ON lead_as_requests`);
    await queryRunner.query(`DROP TRIGGER trg_orders_webhooks ON orders`);
    await queryRunner.query(`DROP TRIGGER trg_lead_assignments_webhooks ON lead_assignments`);
    await queryRunner.query(`DROP FUNCTION webhook_lead_as_outbox(), webhook_orders_outbox(), webhook_lead_assignments_outbox()`);
    await queryRunner.query(`DROP FUNCTION webhook_enqueue(text, int, uuid, uuid, text)`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_due"`);
    await queryRunner.query(`ALTER TABLE "webhook_attempts" DROP CONSTRAINT "fk_webhook_attempts_delivery"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "fk_webhook_deliveries_endpoint"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "fk_webhook_deliveries_event"`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "fk_webhook_endpoints_partner"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_attempts_delivery"`);
    await queryRunner.query(`DROP TABLE "webhook_attempts"`);
    await queryRunner.query(`DROP INDEX "public"."uq_webhook_deliveries_event_endpoint"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_deliveries_endpoint_created"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_events_occurred"`);
    await queryRunner.query(`DROP INDEX "public"."uq_webhook_events_seq"`);
    await queryRunner.query(`DROP TABLE "webhook_events"`);
    await queryRunner.query(`DROP INDEX "public"."idx_webhook_endpoints_partner"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
  }
}
