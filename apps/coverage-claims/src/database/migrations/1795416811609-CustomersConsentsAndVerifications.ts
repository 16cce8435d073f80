import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CustomersConsentsAndVerifications1795416811609 implements MigrationInterface {
  name = 'CustomersConsentsAndVerifications1795416811609';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "terms" ("id" character varying(64) NOT NULL, "purpose" character varying(32) NOT NULL, "code" character varying(64) NOT NULL, "version" integer NOT NULL, "title" character varying(100) NOT NULL, "required" boolean NOT NULL, "body" text NOT NULL, "effective_date" date NOT NULL, "sort_order" integer NOT NULL, CONSTRAINT "PK_33b6fe77d6ace7ff43cc8a65958" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_terms_code_version" ON "terms"  ("code", "version") `);
    await queryRunner.query(
      `CREATE TABLE "customers" ("id" uuid NOT NULL, "organisation_id" uuid NOT NULL, "planner_id" uuid, "identity_hash" character(64) NOT NULL, "phone_hash" character(64) NOT NULL, "key_id" character varying(32) NOT NULL, "name_ciphertext" bytea NOT NULL, "birth_date_ciphertext" bytea NOT NULL, "phone_ciphertext" bytea NOT NULL, "ci_ciphertext" bytea, "ci_key_id" character varying(32), "gender" character varying(1) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_133ec679a801fab5e070f73d3ea" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_customers_planner" ON "customers"  ("planner_id") `);
    await queryRunner.query(`CREATE INDEX "idx_customers_organisation_phone" ON "customers"  ("organisation_id", "phone_hash") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_customers_organisation_identity" ON "customers"  ("organisation_id", "identity_hash") `,
    );
    await queryRunner.query(
      `CREATE TABLE "customer_verifications" ("id" uuid NOT NULL, "organisation_id" uuid NOT NULL, "customer_id" uuid NOT NULL, "planner_id" uuid, "phone_hash" character(64) NOT NULL, "code_hash" character(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "failed_attempts" smallint NOT NULL DEFAULT '0', "status" character varying(16) NOT NULL, "confirmed_at" TIMESTAMP WITH TIME ZONE, "token_hash" character(64), "token_expires_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_db9a1b84161cc1030cf4dfc7c9b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_customer_verifications_customer" ON "customer_verifications"  ("customer_id") `);
    await queryRunner.query(`CREATE INDEX "idx_customer_verifications_planner" ON "customer_verifications"  ("planner_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_customer_verifications_token_hash" ON "customer_verifications"  ("token_hash") `);
    await queryRunner.query(
      `CREATE INDEX "idx_customer_verifications_phone" ON "customer_verifications"  ("organisation_id", "phone_hash", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "customer_consents" ("id" uuid NOT NULL, "customer_id" uuid NOT NULL, "term_id" character varying(64) NOT NULL, "verification_id" uuid, "planner_id" uuid, "agreed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_85290eafc88e36d12376400333f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_customer_consents_customer" ON "customer_consents"  ("customer_id") `);
    await queryRunner.query(`CREATE INDEX "idx_customer_consents_verification" ON "customer_consents"  ("verification_id") `);
    await queryRunner.query(`CREATE INDEX "idx_customer_consents_planner" ON "customer_consents"  ("planner_id") `);
    await queryRunner.query(
      `CREATE TABLE "sandbox_sms_messages" ("id" uuid NOT NULL, "phone_hash" character(64) NOT NULL, "key_id" character varying(32) NOT NULL, "phone_ciphertext" bytea NOT NULL, "text_ciphertext" bytea NOT NULL, "status" character varying(16) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6217305eca2b16ebb2a5892ac4e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_sandbox_sms_messages_phone" ON "sandbox_sms_messages"  ("phone_hash", "created_at", "id") `);
    await queryRunner.query(`CREATE INDEX "idx_sandbox_sms_messages_created" ON "sandbox_sms_messages"  ("created_at", "id") `);
    await queryRunner.query(
      `ALTER TABLE "customers" ADD CONSTRAINT "fk_customers_organisation" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customers" ADD CONSTRAINT "fk_customers_planner" FOREIGN KEY ("planner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_verifications" ADD CONSTRAINT "fk_customer_verifications_organisation" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_verifications" ADD CONSTRAINT "fk_customer_verifications_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_verifications" ADD CONSTRAINT "fk_customer_verifications_planner" FOREIGN KEY ("planner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_consents" ADD CONSTRAINT "fk_customer_consents_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_consents" ADD CONSTRAINT "fk_customer_consents_term" FOREIGN KEY ("term_id") REFERENCES "terms"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_consents" ADD CONSTRAINT "fk_customer_consents_verification" FOREIGN KEY ("verification_id") REFERENCES "customer_verifications"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "customer_consents" ADD CONSTRAINT "fk_customer_consents_planner" FOREIGN KEY ("planner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "customer_consents" DROP CONSTRAINT "fk_customer_consents_planner"`);
    await queryRunner.query(`ALTER TABLE "customer_consents" DROP CONSTRAINT "fk_customer_consents_verification"`);
    await queryRunner.query(`ALTER TABLE "customer_consents" DROP CONSTRAINT "fk_customer_consents_term"`);
    await queryRunner.query(`ALTER TABLE "customer_consents" DROP CONSTRAINT "fk_customer_consents_customer"`);
    await queryRunner.query(`ALTER TABLE "customer_verifications" DROP CONSTRAINT "fk_customer_verifications_planner"`);
    await queryRunner.query(`ALTER TABLE "customer_verifications" DROP CONSTRAINT "fk_customer_verifications_customer"`);
    await queryRunner.query(`ALTER TABLE "customer_verifications" DROP CONSTRAINT "fk_customer_verifications_organisation"`);
    await queryRunner.query(`ALTER TABLE "customers" DROP CONSTRAINT "fk_customers_planner"`);
    await queryRunner.query(`ALTER TABLE "customers" DROP CONSTRAINT "fk_customers_organisation"`);
    await queryRunner.query(`DROP INDEX "public"."idx_sandbox_sms_messages_created"`);
    await queryRunner.query(`DROP INDEX "public"."idx_sandbox_sms_messages_phone"`);
    await queryRunner.query(`DROP TABLE "sandbox_sms_messages"`);
    await queryRunner.query(`DROP INDEX "public"."idx_customer_consents_planner"`);
    await queryRunner.query(`DROP INDEX "public"."idx_customer_consents_verification"`);
    await queryRunner.query(`DROP INDEX "public"."idx_customer_consents_customer"`);
    await queryRunner.query(`DROP TABLE "customer_consents"`);
    await queryRunner.query(`DROP INDEX "public"."idx_customer_verifications_phone"`);
    await queryRunner.query(`DROP INDEX "public"."uq_customer_verifications_token_hash"`);
    await queryRunner.query(`DROP INDEX "public"."idx_customer_verifications_planner"`);
    await queryRunner.query(`DROP INDEX "public"."idx_customer_verifications_customer"`);
    await queryRunner.query(`DROP TABLE "customer_verifications"`);
    await queryRunner.query(`DROP INDEX "public"."uq_customers_organisation_identity"`);
    await queryRunner.query(`DROP INDEX "public"."idx_customers_organisation_phone"`);
    await queryRunner.query(`DROP INDEX "public"."idx_customers_planner"`);
    await queryRunner.query(`DROP TABLE "customers"`);
    await queryRunner.query(`DROP INDEX "public"."uq_terms_code_version"`);
    await queryRunner.query(`DROP TABLE "terms"`);
  }
}
