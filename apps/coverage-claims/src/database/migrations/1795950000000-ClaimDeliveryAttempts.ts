import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A claim keeps its delivery's attempts and the end of its last attempt once the outbox row is gone,
 * for the operators' list of deliveries; and a partial index serves that list's FAILED claims. Claims
 * that ended before keep null attempts (not recorded); new ones start at 0. Compatible with the
 * release before (its workers leave the columns as they are).
 */
export class ClaimDeliveryAttempts1795950000000 implements MigrationInterface {
  name = 'ClaimDeliveryAttempts1795950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "claims" ADD "delivery_attempts" smallint`);
    await queryRunner.query(`ALTER TABLE "claims" ALTER COLUMN "delivery_attempts" SET DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "claims" ADD "last_attempt_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "idx_claims_failed" ON "claims" ("created_at", "id") WHERE status = 'FAILED'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."idx_claims_failed"`);
    await queryRunner.query(`ALTER TABLE "claims" DROP COLUMN "last_attempt_at"`);
    await queryRunner.query(`ALTER TABLE "claims" DROP COLUMN "delivery_attempts"`);
  }
}
