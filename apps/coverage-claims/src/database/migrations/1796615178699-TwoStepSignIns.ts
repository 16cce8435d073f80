import type { MigrationInterface, QueryRunner } from 'typeorm';
import { AnalysisContinuations1795785980985 } from './1795785980985-AnalysisContinuations.js';

/**
 * One store for two-step sign-ins (docs/decisions/two-step-sign-in.md): analyses' continuations and
 * NHIS authentications move into `two_step_sign_ins` (rows kept as they are: an NHIS authentication
 * outlives its minutes, as check-ups name it), check-ups' foreign key follows them, and the two
 * tables go. Not compatible with the release before, whose pods write the old tables: apply it with
 * them stopped (docs/operations/deployment.md).
 */
export class TwoStepSignIns1796615178699 implements MigrationInterface {
  name = 'TwoStepSignIns1796615178699';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_checkups" DROP CONSTRAINT "fk_customer_checkups_nhis_auth"`);
    await queryRunner.query(
      `CREATE TABLE "two_step_sign_ins" ("id" uuid NOT NULL, "purpose" character varying(24) NOT NULL, "organisation_id" uuid NOT NULL, "planner_id" uuid, "customer_id" uuid NOT NULL, "verification_id" uuid, "method" character varying(16) NOT NULL, "provider" character varying(16), "telecom" character varying(16), "key_id" character varying(32) NOT NULL, "reference_ciphertext" bytea NOT NULL, "context_ciphertext" bytea, "status" character varying(16) NOT NULL, "wrong_answers" smallint NOT NULL DEFAULT '0', "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "held_until" TIMESTAMP WITH TIME ZONE, "completed_at" TIMESTAMP WITH TIME ZONE, "usable_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_9ed6bde5ed1c5656f4daa2e28cc" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_two_step_sign_ins_planner" ON "two_step_sign_ins"  ("planner_id") `);
    await queryRunner.query(`CREATE INDEX "idx_two_step_sign_ins_customer" ON "two_step_sign_ins"  ("customer_id") `);
    await queryRunner.query(`CREATE INDEX "idx_two_step_sign_ins_verification" ON "two_step_sign_ins"  ("verification_id") `);
    await queryRunner.query(`CREATE INDEX "idx_two_step_sign_ins_expires_at" ON "two_step_sign_ins"  ("expires_at") `);
    await queryRunner.query(
      `ALTER TABLE "two_step_sign_ins" ADD CONSTRAINT "fk_two_step_sign_ins_organisation" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "two_step_sign_ins" ADD CONSTRAINT "fk_two_step_sign_ins_planner" FOREIGN KEY ("planner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "two_step_sign_ins" ADD CONSTRAINT "fk_two_step_sign_ins_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "two_step_sign_ins" ADD CONSTRAINT "fk_two_step_sign_ins_verification" FOREIGN KEY ("verification_id") REFERENCES "customer_verifications"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `INSERT INTO "two_step_sign_ins" ("id", "purpose", "organisation_id", "planner_id", "customer_id", "verification_id", "method",
                                        "key_id", "reference_ciphertext", "context_ciphertext", "status", "wrong_answers", "requested_at",
                                        "expires_at", "held_until")
       SELECT "id", 'COVERAGE_ANALYSIS', "organisation_id", "planner_id", "customer_id", "verification_id", "method", "key_id",
              "reference_ciphertext", "monthly_income_ciphertext", 'PENDING', "wrong_answers", "created_at", "expires_at", "held_until"
         FROM "analysis_continuations"`,
    );
    await queryRunner.query(
      `INSERT INTO "two_step_sign_ins" ("id", "purpose", "organisation_id", "planner_id", "customer_id", "method", "provider", "telecom",
                                        "key_id", "reference_ciphertext", "status", "requested_at", "expires_at", "completed_at", "usable_until")
       SELECT "id", 'NHIS_CHECKUPS', "organisation_id", "planner_id", "customer_id", 'APP_APPROVAL', "provider", "telecom", "key_id",
              "reference_ciphertext", "status", "requested_at", "expires_at", "completed_at", "checkups_allowed_until"
         FROM "nhis_auth_sessions"`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_checkups" ADD CONSTRAINT "fk_customer_checkups_nhis_auth" FOREIGN KEY ("nhis_auth_id") REFERENCES "two_step_sign_ins"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`DROP TABLE "analysis_continuations"`);
    await queryRunner.query(`DROP TABLE "nhis_auth_sessions"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "nhis_auth_sessions" ("id" uuid NOT NULL, "organisation_id" uuid NOT NULL, "customer_id" uuid NOT NULL, "planner_id" uuid, "provider" character varying(16) NOT NULL, "telecom" character varying(16), "key_id" character varying(32) NOT NULL, "reference_ciphertext" bytea NOT NULL, "status" character varying(16) NOT NULL, "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "completed_at" TIMESTAMP WITH TIME ZONE, "checkups_allowed_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_675e18cac3bf9053ab16a9528d9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_nhis_auth_sessions_customer" ON "nhis_auth_sessions"  ("customer_id") `);
    await queryRunner.query(`CREATE INDEX "idx_nhis_auth_sessions_planner" ON "nhis_auth_sessions"  ("planner_id") `);
    await queryRunner.query(
      `ALTER TABLE "nhis_auth_sessions" ADD CONSTRAINT "fk_nhis_auth_sessions_organisation" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "nhis_auth_sessions" ADD CONSTRAINT "fk_nhis_auth_sessions_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "nhis_auth_sessions" ADD CONSTRAINT "fk_nhis_auth_sessions_planner" FOREIGN KEY ("planner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    // As migrations AnalysisContinuations and AnalysisInsights made it.
    await new AnalysisContinuations1795785980985().up(queryRunner);
    await queryRunner.query(`ALTER TABLE "analysis_continuations" ADD "monthly_income_ciphertext" bytea`);
    await queryRunner.query(
      `INSERT INTO "analysis_continuations" ("id", "organisation_id", "planner_id", "customer_id", "verification_id", "method", "key_id",
                                             "reference_ciphertext", "monthly_income_ciphertext", "wrong_answers", "expires_at", "held_until",
                                             "created_at")
       SELECT "id", "organisation_id", "planner_id", "customer_id", "verification_id", "method", "key_id", "reference_ciphertext",
              "context_ciphertext", "wrong_answers", "expires_at", "held_until", "requested_at"
         FROM "two_step_sign_ins" WHERE "purpose" = 'COVERAGE_ANALYSIS'`,
    );
    await queryRunner.query(
      `INSERT INTO "nhis_auth_sessions" ("id", "organisation_id", "customer_id", "planner_id", "provider", "telecom", "key_id",
                                         "reference_ciphertext", "status", "requested_at", "expires_at", "completed_at", "checkups_allowed_until")
       SELECT "id", "organisation_id", "customer_id", "planner_id", "provider", "telecom", "key_id", "reference_ciphertext", "status",
              "requested_at", "expires_at", "completed_at", "usable_until"
         FROM "two_step_sign_ins" WHERE "purpose" = 'NHIS_CHECKUPS'`,
    );
    await queryRunner.query(`ALTER TABLE "customer_checkups" DROP CONSTRAINT "fk_customer_checkups_nhis_auth"`);
    await queryRunner.query(`ALTER TABLE "two_step_sign_ins" DROP CONSTRAINT "fk_two_step_sign_ins_verification"`);
    await queryRunner.query(`ALTER TABLE "two_step_sign_ins" DROP CONSTRAINT "fk_two_step_sign_ins_customer"`);
    await queryRunner.query(`ALTER TABLE "two_step_sign_ins" DROP CONSTRAINT "fk_two_step_sign_ins_planner"`);
    await queryRunner.query(`ALTER TABLE "two_step_sign_ins" DROP CONSTRAINT "fk_two_step_sign_ins_organisation"`);
    await queryRunner.query(`DROP INDEX "public"."idx_two_step_sign_ins_expires_at"`);
    await queryRunner.query(`DROP INDEX "public"."idx_two_step_sign_ins_verification"`);
    await queryRunner.query(`DROP INDEX "public"."idx_two_step_sign_ins_customer"`);
    await queryRunner.query(`DROP INDEX "public"."idx_two_step_sign_ins_planner"`);
    await queryRunner.query(`DROP TABLE "two_step_sign_ins"`);
    await queryRunner.query(
      `ALTER TABLE "customer_checkups" ADD CONSTRAINT "fk_customer_checkups_nhis_auth" FOREIGN KEY ("nhis_auth_id") REFERENCES "nhis_auth_sessions"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }
}
