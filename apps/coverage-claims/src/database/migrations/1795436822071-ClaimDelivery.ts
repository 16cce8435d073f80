import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ClaimDelivery1795436822071 implements MigrationInterface {
  name = 'ClaimDelivery1795436822071';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sandbox_fax_transmissions" ("id" uuid NOT NULL, "reference" character varying(64) NOT NULL, "to_number" character varying(12) NOT NULL, "pages" integer NOT NULL, "bytes" integer NOT NULL, "result" character varying(16) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_24cfefda4e8be8bfa1a74fe7164" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_sandbox_fax_transmissions_reference" ON "sandbox_fax_transmissions"  ("reference", "created_at") `,
    );
    await queryRunner.query(`ALTER TABLE "claims" ADD "fax_job_id" character varying(64)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "claims" DROP COLUMN "fax_job_id"`);
    await queryRunner.query(`DROP INDEX "public"."idx_sandbox_fax_transmissions_reference"`);
    await queryRunner.query(`DROP TABLE "sandbox_fax_transmissions"`);
  }
}
