import type { MigrationInterface, QueryRunner } from 'typeorm';

const CREATE_BACKGROUND_ATTEMPTS = `CREATE TABLE "background_attempts" ("id" uuid NOT NULL, "work" character varying(100) NOT NULL, "item_id" character varying(100) NOT NULL, "attempted_at" TIMESTAMP WITH TIME ZONE NOT NULL, "outcome" character varying(24) NOT NULL, "status_code" integer, "latency_ms" integer NOT NULL, "detail" text, "error" character varying(500), "next_attempt_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_97aa99156af9fe8df8fddff83f6" PRIMARY KEY ("id"))`;

/**
 * Webhook attempts move to the platform's attempt log (`background_attempts`, work `webhook-delivery`,
 * the delivery's id as the item, the response excerpt as the detail), kept by AttemptLog for every
 * queued work (docs/decisions/background-work.md, "One attempt log"); `webhook_attempts` goes. The
 * previous release writes `webhook_attempts`: this one is applied with its pods stopped, as the same
 * release's EventsRecordedByOwner is (docs/operations/deployment.md).
 */
export class OneAttemptLog1796700100000 implements MigrationInterface {
  name = 'OneAttemptLog1796700100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(CREATE_BACKGROUND_ATTEMPTS);
    await queryRunner.query(
      `CREATE INDEX "idx_background_attempts_item" ON "background_attempts" ("work", "item_id", "attempted_at", "id") `,
    );
    await queryRunner.query(
      `INSERT INTO background_attempts (id, work, item_id, attempted_at, outcome, status_code, latency_ms, detail, error, next_attempt_at)
       SELECT id, 'webhook-delivery', delivery_id::text, attempted_at, outcome, status_code, latency_ms, response_excerpt, error, next_attempt_at
         FROM webhook_attempts`,
    );
    await queryRunner.query(`DROP TABLE "webhook_attempts"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "webhook_attempts" ("id" uuid NOT NULL, "delivery_id" uuid NOT NULL, "attempted_at" TIMESTAMP WITH TIME ZONE NOT NULL, "outcome" character varying(24) NOT NULL, "status_code" integer, "latency_ms" integer NOT NULL, "response_excerpt" text, "error" character varying(500), "next_attempt_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_2de7e7887ad97de459adab62638" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_webhook_attempts_delivery" ON "webhook_attempts"  ("delivery_id", "attempted_at") `);
    await queryRunner.query(
      `ALTER TABLE "webhook_attempts" ADD CONSTRAINT "fk_webhook_attempts_delivery" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // Only the attempts of deliveries that are there (the foreign key holds them to it).
    await queryRunner.query(
      `INSERT INTO webhook_attempts (id, delivery_id, attempted_at, outcome, status_code, latency_ms, response_excerpt, error, next_attempt_at)
       SELECT a.id, d.id, a.attempted_at, a.outcome, a.status_code, a.latency_ms, a.detail, a.error, a.next_attempt_at
         FROM background_attempts a JOIN webhook_deliveries d ON d.id::text = a.item_id
        WHERE a.work = 'webhook-delivery'`,
    );
    await queryRunner.query(`DROP INDEX "public"."idx_background_attempts_item"`);
    await queryRunner.query(`DROP TABLE "background_attempts"`);
  }
}
