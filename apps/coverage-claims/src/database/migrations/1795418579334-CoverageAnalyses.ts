import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CoverageAnalyses1795418579334 implements MigrationInterface {
  name = 'CoverageAnalyses1795418579334';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "coverage_analyses" ("id" uuid NOT NULL, "organisation_id" uuid NOT NULL, "planner_id" uuid, "customer_id" uuid NOT NULL, "verification_id" uuid, "catalogue_version" character varying(32) NOT NULL, "inquiry_date" date NOT NULL, "key_id" character varying(32) NOT NULL, "payload_ciphertext" bytea NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_016dcc36133f98f9292176f56fb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_coverage_analyses_planner" ON "coverage_analyses"  ("planner_id") `);
    await queryRunner.query(`CREATE INDEX "idx_coverage_analyses_customer" ON "coverage_analyses"  ("customer_id") `);
    await queryRunner.query(`CREATE INDEX "idx_coverage_analyses_verification" ON "coverage_analyses"  ("verification_id") `);
    await queryRunner.query(
      `ALTER TABLE "coverage_analyses" ADD CONSTRAINT "fk_coverage_analyses_organisation" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "coverage_analyses" ADD CONSTRAINT "fk_coverage_analyses_planner" FOREIGN KEY ("planner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "coverage_analyses" ADD CONSTRAINT "fk_coverage_analyses_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "coverage_analyses" ADD CONSTRAINT "fk_coverage_analyses_verification" FOREIGN KEY ("verification_id") REFERENCES "customer_verifications"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "coverage_analyses" ADD CONSTRAINT "fk_coverage_analyses_catalogue_version" FOREIGN KEY ("catalogue_version") REFERENCES "coverage_catalogue_versions"("version") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "coverage_analyses" DROP CONSTRAINT "fk_coverage_analyses_catalogue_version"`);
    await queryRunner.query(`ALTER TABLE "coverage_analyses" DROP CONSTRAINT "fk_coverage_analyses_verification"`);
    await queryRunner.query(`ALTER TABLE "coverage_analyses" DROP CONSTRAINT "fk_coverage_analyses_customer"`);
    await queryRunner.query(`ALTER TABLE "coverage_analyses" DROP CONSTRAINT "fk_coverage_analyses_planner"`);
    await queryRunner.query(`ALTER TABLE "coverage_analyses" DROP CONSTRAINT "fk_coverage_analyses_organisation"`);
    await queryRunner.query(`DROP INDEX "public"."idx_coverage_analyses_verification"`);
    await queryRunner.query(`DROP INDEX "public"."idx_coverage_analyses_customer"`);
    await queryRunner.query(`DROP INDEX "public"."idx_coverage_analyses_planner"`);
    await queryRunner.query(`DROP TABLE "coverage_analyses"`);
  }
}
