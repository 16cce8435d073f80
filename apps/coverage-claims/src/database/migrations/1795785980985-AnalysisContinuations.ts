import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Analyses waiting for the second step the insurance-data source asked for (docs/decisions/coverage-analysis.md,
 * "Sign-in and second step"): the port's reference sealed, never the customer's sign-in; deleted with the
 * customer or the verification. A new table: compatible with the release before.
 */
export class AnalysisContinuations1795785980985 implements MigrationInterface {
  name = 'AnalysisContinuations1795785980985';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "analysis_continuations" ("id" uuid NOT NULL, "organisation_id" uuid NOT NULL, "planner_id" uuid, "customer_id" uuid NOT NULL, "verification_id" uuid NOT NULL, "method" character varying(16) NOT NULL, "key_id" character varying(32) NOT NULL, "reference_ciphertext" bytea NOT NULL, "wrong_answers" smallint NOT NULL DEFAULT '0', "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "held_until" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8b843c1fa1042bd40e8acb43fa7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_analysis_continuations_planner" ON "analysis_continuations"  ("planner_id") `);
    await queryRunner.query(`CREATE INDEX "idx_analysis_continuations_customer" ON "analysis_continuations"  ("customer_id") `);
    await queryRunner.query(`CREATE INDEX "idx_analysis_continuations_verification" ON "analysis_continuations"  ("verification_id") `);
    await queryRunner.query(`CREATE INDEX "idx_analysis_continuations_expires_at" ON "analysis_continuations"  ("expires_at") `);
    await queryRunner.query(
      `ALTER TABLE "analysis_continuations" ADD CONSTRAINT "fk_analysis_continuations_organisation" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "analysis_continuations" ADD CONSTRAINT "fk_analysis_continuations_planner" FOREIGN KEY ("planner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "analysis_continuations" ADD CONSTRAINT "fk_analysis_continuations_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "analysis_continuations" ADD CONSTRAINT "fk_analysis_continuations_verification" FOREIGN KEY ("verification_id") REFERENCES "customer_verifications"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "analysis_continuations" DROP CONSTRAINT "fk_analysis_continuations_verification"`);
    await queryRunner.query(`ALTER TABLE "analysis_continuations" DROP CONSTRAINT "fk_analysis_continuations_customer"`);
    await queryRunner.query(`ALTER TABLE "analysis_continuations" DROP CONSTRAINT "fk_analysis_continuations_planner"`);
    await queryRunner.query(`ALTER TABLE "analysis_continuations" DROP CONSTRAINT "fk_analysis_continuations_organisation"`);
    await queryRunner.query(`DROP INDEX "public"."idx_analysis_continuations_expires_at"`);
    await queryRunner.query(`DROP INDEX "public"."idx_analysis_continuations_verification"`);
    await queryRunner.query(`DROP INDEX "public"."idx_analysis_continuations_customer"`);
    await queryRunner.query(`DROP INDEX "public"."idx_analysis_continuations_planner"`);
    await queryRunner.query(`DROP TABLE "analysis_continuations"`);
  }
}
