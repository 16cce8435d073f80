import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdempotencySubjects1795757942035 implements MigrationInterface {
  name = 'IdempotencySubjects1795757942035';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotency_records" ADD "subject" character varying(100)`);
    await queryRunner.query(`CREATE INDEX "idx_idempotency_records_subject" ON "idempotency_records"  ("subject") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_idempotency_records_subject"`);
    await queryRunner.query(`ALTER TABLE "idempotency_records" DROP COLUMN "subject"`);
  }
}
