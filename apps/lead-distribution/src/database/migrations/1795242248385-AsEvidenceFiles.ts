import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AsEvidenceFiles1795242248385 implements MigrationInterface {
  name = 'AsEvidenceFiles1795242248385';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_lead_as_files_file_id" ON "lead_as_files"  ("file_id") `);
    await queryRunner.query(
      `ALTER TABLE "lead_as_files" ADD CONSTRAINT "fk_lead_as_files_file" FOREIGN KEY ("file_id") REFERENCES "stored_files"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lead_as_files" DROP CONSTRAINT "fk_lead_as_files_file"`);
    await queryRunner.query(`DROP INDEX "public"."uq_lead_as_files_file_id"`);
  }
}
