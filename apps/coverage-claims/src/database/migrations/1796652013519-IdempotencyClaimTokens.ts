import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdempotencyClaimTokens1796652013519 implements MigrationInterface {
  name = 'IdempotencyClaimTokens1796652013519';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotency_records" ADD "claim_token" uuid`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "idempotency_records" DROP COLUMN "claim_token"`);
  }
}
