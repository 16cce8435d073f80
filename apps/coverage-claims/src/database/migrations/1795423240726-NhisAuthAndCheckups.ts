import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NhisAuthAndCheckups1795423240726 implements MigrationInterface {
  name = 'NhisAuthAndCheckups1795423240726';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "checkup_reference_ranges" ("version" character varying(16) NOT NULL, "code" character varying(32) NOT NULL, "sex" character varying(1) NOT NULL, "name" character varying(50) NOT NULL, "unit" character varying(20), "rule" jsonb NOT NULL, "source" text NOT NULL, "sort_order" integer NOT NULL, CONSTRAINT "PK_02b03d7cba470771dee04757941" PRIMARY KEY ("version", "code", "sex"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "nhis_auth_sessions" ("id" uuid NOT NULL, "organisation_id" uuid NOT NULL, "customer_id" uuid NOT NULL, "planner_id" uuid, "provider" character varying(16) NOT NULL, "telecom" character varying(16), "key_id" character varying(32) NOT NULL, "reference_ciphertext" bytea NOT NULL, "status" character varying(16) NOT NULL, "requested_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "completed_at" TIMESTAMP WITH TIME ZONE, "checkups_allowed_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_675e18cac3bf9053ab16a9528d9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_nhis_auth_sessions_customer" ON "nhis_auth_sessions"  ("customer_id") `);
    await queryRunner.query(`CREATE INDEX "idx_nhis_auth_sessions_planner" ON "nhis_auth_sessions"  ("planner_id") `);
    await queryRunner.query(
      `CREATE TABLE "customer_checkups" ("id" uuid NOT NULL, "organisation_id" uuid NOT NULL, "customer_id" uuid NOT NULL, "planner_id" uuid, "nhis_auth_id" uuid, "year" smallint NOT NULL, "reference_version" character varying(16) NOT NULL, "key_id" character varying(32) NOT NULL, "payload_ciphertext" bytea NOT NULL, "retrieved_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_cc3080149ce89037e19a6ab915e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_customer_checkups_planner" ON "customer_checkups"  ("planner_id") `);
    await queryRunner.query(`CREATE INDEX "idx_customer_checkups_nhis_auth" ON "customer_checkups"  ("nhis_auth_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_customer_checkups_customer_year" ON "customer_checkups"  ("customer_id", "year") `);
    await queryRunner.query(
      `ALTER TABLE "nhis_auth_sessions" ADD CONSTRAINT "fk_nhis_auth_sessions_organisation" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "nhis_auth_sessions" ADD CONSTRAINT "fk_nhis_auth_sessions_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "nhis_auth_sessions" ADD CONSTRAINT "fk_nhis_auth_sessions_planner" FOREIGN KEY ("planner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_checkups" ADD CONSTRAINT "fk_customer_checkups_organisation" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_checkups" ADD CONSTRAINT "fk_customer_checkups_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_checkups" ADD CONSTRAINT "fk_customer_checkups_planner" FOREIGN KEY ("planner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_checkups" ADD CONSTRAINT "fk_customer_checkups_nhis_auth" FOREIGN KEY ("nhis_auth_id") REFERENCES "nhis_auth_sessions"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_checkups" DROP CONSTRAINT "fk_customer_checkups_nhis_auth"`);
    await queryRunner.query(`ALTER TABLE "customer_checkups" DROP CONSTRAINT "fk_customer_checkups_planner"`);
    await queryRunner.query(`ALTER TABLE "customer_checkups" DROP CONSTRAINT "fk_customer_checkups_customer"`);
    await queryRunner.query(`ALTER TABLE "customer_checkups" DROP CONSTRAINT "fk_customer_checkups_organisation"`);
    await queryRunner.query(`ALTER TABLE "nhis_auth_sessions" DROP CONSTRAINT "fk_nhis_auth_sessions_planner"`);
    await queryRunner.query(`ALTER TABLE "nhis_auth_sessions" DROP CONSTRAINT "fk_nhis_auth_sessions_customer"`);
    await queryRunner.query(`ALTER TABLE "nhis_auth_sessions" DROP CONSTRAINT "fk_nhis_auth_sessions_organisation"`);
    await queryRunner.query(`DROP INDEX "public"."uq_customer_checkups_customer_year"`);
    await queryRunner.query(`DROP INDEX "public"."idx_customer_checkups_nhis_auth"`);
    await queryRunner.query(`DROP INDEX "public"."idx_customer_checkups_planner"`);
    await queryRunner.query(`DROP TABLE "customer_checkups"`);
    await queryRunner.query(`DROP INDEX "public"."idx_nhis_auth_sessions_planner"`);
    await queryRunner.query(`DROP INDEX "public"."idx_nhis_auth_sessions_customer"`);
    await queryRunner.query(`DROP TABLE "nhis_auth_sessions"`);
    await queryRunner.query(`DROP TABLE "checkup_reference_ranges"`);
  }
}
