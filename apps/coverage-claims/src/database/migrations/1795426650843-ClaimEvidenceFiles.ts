import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ClaimEvidenceFiles1795426650843 implements MigrationInterface {
  name = 'ClaimEvidenceFiles1795426650843';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "stored_files" ("id" uuid NOT NULL, "organisation_id" uuid NOT NULL, "planner_id" uuid, "key" character varying(255) NOT NULL, "original_name" character varying(255) NOT NULL, "mime_type" character varying(64) NOT NULL, "size" integer NOT NULL, "status" character varying(16) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "upload_expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "uploaded_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_5d5be862bf53851c1794b4adf4e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "idx_stored_files_planner" ON "stored_files"  ("planner_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_stored_files_key" ON "stored_files"  ("key") `);
    await queryRunner.query(
      `ALTER TABLE "stored_files" ADD CONSTRAINT "fk_stored_files_organisation" FOREIGN KEY ("organisation_id") REFERENCES "organisations"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stored_files" ADD CONSTRAINT "fk_stored_files_planner" FOREIGN KEY ("planner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stored_files" DROP CONSTRAINT "fk_stored_files_planner"`);
    await queryRunner.query(`ALTER TABLE "stored_files" DROP CONSTRAINT "fk_stored_files_organisation"`);
    await queryRunner.query(`DROP INDEX "public"."uq_stored_files_key"`);
    await queryRunner.query(`DROP INDEX "public"."idx_stored_files_planner"`);
    await queryRunner.query(`DROP TABLE "stored_files"`);
  }
}
