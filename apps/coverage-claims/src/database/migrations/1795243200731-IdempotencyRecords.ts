import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdempotencyRecords1795243200731 implements MigrationInterface {
  name = 'IdempotencyRecords1795243200731';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "idempotency_records" ("scope" character varying(100) NOT NULL, "idempotency_key" character varying(255) NOT NULL, "request_hash" character(64) NOT NULL, "status_code" integer, "response_body" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c16dcc0ca878b58160e527c80c1" PRIMARY KEY ("scope", "idempotency_key"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_idempotency_records_created_at" ON "idempotency_records"  ("created_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_idempotency_records_created_at"`);
    await queryRunner.query(`DROP TABLE "idempotency_records"`);
  }
}
