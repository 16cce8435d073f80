import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Claims belong to customers, a planner's customers are theirs alone, claim details and file names are
 * sealed, stored objects are removed through an outbox. Not compatible with the release before (its
 * verification request needs the unique index dropped here): apply it with that release's pods stopped
 * (docs/operations/deployment.md). `down()` restores the schema only for a database that holds none of this
 * release's data: the old unique index cannot be rebuilt once a person is two planners' customers,
 * nor the columns made NOT NULL once the backfills emptied them.
 */
export class ClaimsBelongToCustomers1795758361663 implements MigrationInterface {
  name = 'ClaimsBelongToCustomers1795758361663';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_customers_organisation_identity"`);
    await queryRunner.query(
      `CREATE TABLE "storage_deletions" ("id" BIGSERIAL NOT NULL, "key" character varying(255) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0f4ad92143fb36dadad7c5b8717" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_storage_deletions_due" ON "storage_deletions"  ("next_attempt_at") `);
    await queryRunner.query(`ALTER TABLE "idempotency_records" ADD "subject" character varying(100)`);
    await queryRunner.query(`ALTER TABLE "stored_files" ADD "original_name_ciphertext" bytea`);
    await queryRunner.query(`ALTER TABLE "stored_files" ADD "key_id" character varying(32)`);
    await queryRunner.query(`ALTER TABLE "stored_files" ADD "checksum_sha256" character varying(44)`);
    await queryRunner.query(`ALTER TABLE "stored_files" ADD "frozen_key" character varying(255)`);
    await queryRunner.query(`ALTER TABLE "sandbox_sms_messages" ADD "reference" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "claims" ADD "customer_id" uuid`);
    await queryRunner.query(`ALTER TABLE "customers" ALTER COLUMN "gender" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "stored_files" ALTER COLUMN "original_name" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "claims" ALTER COLUMN "job_code" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "claims" ALTER COLUMN "job_name" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "claims" ALTER COLUMN "event_type" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "claims" ALTER COLUMN "event_date" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "claims" ALTER COLUMN "welfare" DROP NOT NULL`);
    await queryRunner.query(`CREATE INDEX "idx_idempotency_records_subject" ON "idempotency_records"  ("subject") `);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_customers_planner_identity" ON "customers"  ("organisation_id", "planner_id", "identity_hash") `,
    );
    await queryRunner.query(`CREATE INDEX "idx_stored_files_legacy_name" ON "stored_files"  ("id") WHERE "original_name" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "idx_sandbox_sms_messages_reference" ON "sandbox_sms_messages"  ("reference") `);
    await queryRunner.query(`CREATE INDEX "idx_claims_customer" ON "claims"  ("customer_id") `);
    await queryRunner.query(
      `ALTER TABLE "claims" ADD CONSTRAINT "fk_claims_customer" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "claims" DROP CONSTRAINT "fk_claims_customer"`);
    await queryRunner.query(`DROP INDEX "public"."idx_claims_customer"`);
    await queryRunner.query(`DROP INDEX "public"."idx_sandbox_sms_messages_reference"`);
    await queryRunner.query(`DROP INDEX "public"."idx_stored_files_legacy_name"`);
    await queryRunner.query(`DROP INDEX "public"."uq_customers_planner_identity"`);
    await queryRunner.query(`DROP INDEX "public"."idx_idempotency_records_subject"`);
    await queryRunner.query(`ALTER TABLE "claims" ALTER COLUMN "welfare" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "claims" ALTER COLUMN "event_date" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "claims" ALTER COLUMN "event_type" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "claims" ALTER COLUMN "job_name" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "claims" ALTER COLUMN "job_code" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "stored_files" ALTER COLUMN "original_name" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "customers" ALTER COLUMN "gender" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "claims" DROP COLUMN "customer_id"`);
    await queryRunner.query(`ALTER TABLE "sandbox_sms_messages" DROP COLUMN "reference"`);
    await queryRunner.query(`ALTER TABLE "stored_files" DROP COLUMN "frozen_key"`);
    await queryRunner.query(`ALTER TABLE "stored_files" DROP COLUMN "checksum_sha256"`);
    await queryRunner.query(`ALTER TABLE "stored_files" DROP COLUMN "key_id"`);
    await queryRunner.query(`ALTER TABLE "stored_files" DROP COLUMN "original_name_ciphertext"`);
    await queryRunner.query(`ALTER TABLE "idempotency_records" DROP COLUMN "subject"`);
    await queryRunner.query(`DROP INDEX "public"."idx_storage_deletions_due"`);
    await queryRunner.query(`DROP TABLE "storage_deletions"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_customers_organisation_identity" ON "customers" USING btree ("organisation_id", "identity_hash") `,
    );
  }
}
