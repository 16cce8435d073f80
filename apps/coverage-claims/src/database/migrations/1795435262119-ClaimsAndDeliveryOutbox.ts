import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ClaimsAndDeliveryOutbox1795435262119 implements MigrationInterface {
  name = 'ClaimsAndDeliveryOutbox1795435262119';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "claims" ("id" integer GENERATED ALWAYS AS IDENTITY NOT NULL, "organisation_id" uuid NOT NULL, "planner_id" uuid, "planner_name" character varying(50) NOT NULL, "claim_date" date NOT NULL, "insurer_code" character varying(8) NOT NULL, "insurer_name" character varying(50) NOT NULL, "insurer_logo_url" character varying(255) NOT NULL, "insurer_fax" character varying(12) NOT NULL, "job_code" character varying(8) NOT NULL, "job_name" character varying(100) NOT NULL, "bank_code" character varying(3), "bank_name" character varying(50), "event_type" character varying(32) NOT NULL, "event_date" date NOT NULL, "callback_who" character varying(16) NOT NULL, "welfare" boolean NOT NULL, "direct_debit_account" boolean NOT NULL, "file_count" smallint NOT NULL, "term_ids" character varying(64) array NOT NULL, "key_id" character varying(32) NOT NULL, "data_ciphertext" bytea NOT NULL, "client_name_hash" character(64) NOT NULL, "client_birthday_hash" character(64) NOT NULL, "client_tel_hash" character(64) NOT NULL, "status" character varying(16) NOT NULL, "status_reason" character varying(500), "sent_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_96c91970c0dcb2f69fdccd0a698" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_claims_client_tel" ON "claims"  ("organisation_id", "client_tel_hash", "claim_date", "id", "planner_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_claims_client_birthday" ON "claims"  ("organisation_id", "client_birthday_hash", "claim_date", "id", "planner_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_claims_client_name" ON "claims"  ("organisation_id", "client_name_hash", "claim_date", "id", "planner_id") `,
    );
    await queryRunner.query(`CREATE INDEX "idx_claims_planner_date" ON "claims"  ("organisation_id", "planner_id", "claim_date", "id") `);
    await queryRunner.query(`CREATE INDEX "idx_claims_organisation_date" ON "claims"  ("organisation_id", "claim_date", "id") `);
    await queryRunner.query(
      `CREATE TABLE "claim_deliveries" ("claim_id" integer NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ab2783d7839ec8cfab4751b5080" PRIMARY KEY ("claim_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_claim_deliveries_due" ON "claim_deliveries"  ("next_attempt_at") `);
    await queryRunner.query(
      `CREATE TABLE "claim_files" ("claim_id" integer NOT NULL, "position" smallint NOT NULL, "file_id" uuid NOT NULL, CONSTRAINT "PK_f3982ed7fea618ade3c054b7938" PRIMARY KEY ("claim_id", "position"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_claim_files_file" ON "claim_files"  ("file_id") `);
    await queryRunner.query(
      `ALTER TABLE "claims" ADD CONSTRAINT "fk_claims_organisation" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "claims" ADD CONSTRAINT "fk_claims_planner" FOREIGN KEY ("planner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "claim_deliveries" ADD CONSTRAINT "fk_claim_deliveries_claim" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "claim_files" ADD CONSTRAINT "fk_claim_files_claim" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "claim_files" ADD CONSTRAINT "fk_claim_files_file" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "claim_files" DROP CONSTRAINT "fk_claim_files_file"`);
    await queryRunner.query(`ALTER TABLE "claim_files" DROP CONSTRAINT "fk_claim_files_claim"`);
    await queryRunner.query(`ALTER TABLE "claim_deliveries" DROP CONSTRAINT "fk_claim_deliveries_claim"`);
    await queryRunner.query(`ALTER TABLE "claims" DROP CONSTRAINT "fk_claims_planner"`);
    await queryRunner.query(`ALTER TABLE "claims" DROP CONSTRAINT "fk_claims_organisation"`);
    await queryRunner.query(`DROP INDEX "public"."uq_claim_files_file"`);
    await queryRunner.query(`DROP TABLE "claim_files"`);
    await queryRunner.query(`DROP INDEX "public"."idx_claim_deliveries_due"`);
    await queryRunner.query(`DROP TABLE "claim_deliveries"`);
    await queryRunner.query(`DROP INDEX "public"."idx_claims_organisation_date"`);
    await queryRunner.query(`DROP INDEX "public"."idx_claims_planner_date"`);
    await queryRunner.query(`DROP INDEX "public"."idx_claims_client_name"`);
    await queryRunner.query(`DROP INDEX "public"."idx_claims_client_birthday"`);
    await queryRunner.query(`DROP INDEX "public"."idx_claims_client_tel"`);
    await queryRunner.query(`DROP TABLE "claims"`);
  }
}
