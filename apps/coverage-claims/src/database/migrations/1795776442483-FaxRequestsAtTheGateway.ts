import type { MigrationInterface, QueryRunner } from 'typeorm';

export class FaxRequestsAtTheGateway1795776442483 implements MigrationInterface {
  name = 'FaxRequestsAtTheGateway1795776442483';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sandbox_fax_transmissions" ADD "request_id" character varying(36)`);
    await queryRunner.query(`ALTER TABLE "sandbox_fax_transmissions" ADD "completes_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(`ALTER TABLE "claim_deliveries" ADD "lease_id" uuid`);
    await queryRunner.query(`ALTER TABLE "claim_deliveries" ADD "request_id" character varying(36)`);
    await queryRunner.query(`ALTER TABLE "claim_deliveries" ADD "receipt_id" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "claim_deliveries" ADD "submitted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_sandbox_fax_transmissions_request" ON "sandbox_fax_transmissions"  ("request_id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_sandbox_fax_transmissions_request"`);
    await queryRunner.query(`ALTER TABLE "claim_deliveries" DROP COLUMN "submitted_at"`);
    await queryRunner.query(`ALTER TABLE "claim_deliveries" DROP COLUMN "receipt_id"`);
    await queryRunner.query(`ALTER TABLE "claim_deliveries" DROP COLUMN "request_id"`);
    await queryRunner.query(`ALTER TABLE "claim_deliveries" DROP COLUMN "lease_id"`);
    await queryRunner.query(`ALTER TABLE "sandbox_fax_transmissions" DROP COLUMN "completes_at"`);
    await queryRunner.query(`ALTER TABLE "sandbox_fax_transmissions" DROP COLUMN "request_id"`);
  }
}
