import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Providers upload files too (lead metadata references them by fileKey): a stored file has exactly one owner. */
export class ProviderFiles1795413852770 implements MigrationInterface {
  name = 'ProviderFiles1795413852770';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stored_files" ADD "provider_id" uuid`);
    await queryRunner.query(`ALTER TABLE "stored_files" DROP CONSTRAINT "fk_stored_files_partner"`);
    await queryRunner.query(`ALTER TABLE "stored_files" ALTER COLUMN "partner_id" DROP NOT NULL`);
    await queryRunner.query(`CREATE INDEX "idx_stored_files_provider_id" ON "stored_files"  ("provider_id") `);
    await queryRunner.query(
      `ALTER TABLE "stored_files" ADD CONSTRAINT "chk_stored_files_one_owner" CHECK (num_nonnulls("partner_id", "provider_id") = 1)`,
    );
    await queryRunner.query(
      `ALTER TABLE "stored_files" ADD CONSTRAINT "fk_stored_files_partner" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stored_files" ADD CONSTRAINT "fk_stored_files_provider" FOREIGN KEY ("provider_id") REFERENCES "providers"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stored_files" DROP CONSTRAINT "fk_stored_files_provider"`);
    await queryRunner.query(`ALTER TABLE "stored_files" DROP CONSTRAINT "fk_stored_files_partner"`);
    await queryRunner.query(`ALTER TABLE "stored_files" DROP CONSTRAINT "chk_stored_files_one_owner"`);
    await queryRunner.query(`DROP INDEX "public"."idx_stored_files_provider_id"`);
    await queryRunner.query(`ALTER TABLE "stored_files" ALTER COLUMN "partner_id" SET NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "stored_files" ADD CONSTRAINT "fk_stored_files_partner" FOREIGN KEY ("partner_id") REFERENCES "partners"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`ALTER TABLE "stored_files" DROP COLUMN "provider_id"`);
  }
}
