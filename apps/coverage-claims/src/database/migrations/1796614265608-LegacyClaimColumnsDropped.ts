import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Claims and file names kept before the release of `ClaimsBelongToCustomers` (a claim without a
 * customer, with its job, event and welfare in clear; a file with its name in clear) were brought up
 * to the rule by that release's start-up backfills, which needed the service's keys. That release
 * was applied with the older pods stopped, no code has written such a row since, and every start of
 * it or a later release ran both backfills to the end, so a database that has served any of them
 * holds none. This migration checks that, and refuses (changing nothing) a database that still holds
 * one: it has jumped from before that release, which must be started once first
 * (docs/operations/deployment.md). Then the clear columns go, and what every row now has is required.
 */
export class LegacyClaimColumnsDropped1796614265608 implements MigrationInterface {
  name = 'LegacyClaimColumnsDropped1796614265608';

  async up(queryRunner: QueryRunner): Promise<void> {
    const [{ claims, files }] = (await queryRunner.query(
      `SELECT (SELECT count(*) FROM "claims"
                WHERE "customer_id" IS NULL OR "job_code" IS NOT NULL OR "job_name" IS NOT NULL OR "welfare" IS NOT NULL
                   OR "event_type" IS NOT NULL OR "event_date" IS NOT NULL)::int AS claims,
              (SELECT count(*) FROM "stored_files"
                WHERE "original_name" IS NOT NULL OR "original_name_ciphertext" IS NULL OR "key_id" IS NULL)::int AS files`,
    )) as Array<{ claims: number; files: number }>;
    if (claims > 0 || files > 0)
      throw new Error(
        `${claims} claim(s) and ${files} file(s) are still as they were before claims belonged to customers: ` +
          'start the release of migration ClaimsBelongToCustomers1795758361663 (or any release up to the one before this) once, ' +
          'so that its start-up backfills bring them up to the rule, then apply this one (docs/operations/deployment.md)',
      );
    await queryRunner.query(`DROP INDEX "public"."idx_stored_files_legacy_name"`);
    await queryRunner.query(`ALTER TABLE "stored_files" DROP COLUMN "original_name"`);
    await queryRunner.query(`ALTER TABLE "claims" DROP COLUMN "event_type"`);
    await queryRunner.query(`ALTER TABLE "claims" DROP COLUMN "event_date"`);
    await queryRunner.query(`ALTER TABLE "claims" DROP COLUMN "job_code"`);
    await queryRunner.query(`ALTER TABLE "claims" DROP COLUMN "job_name"`);
    await queryRunner.query(`ALTER TABLE "claims" DROP COLUMN "welfare"`);
    await queryRunner.query(`ALTER TABLE "stored_files" ALTER COLUMN "original_name_ciphertext" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "stored_files" ALTER COLUMN "key_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "claims" ALTER COLUMN "customer_id" SET NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "claims" ALTER COLUMN "customer_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "stored_files" ALTER COLUMN "key_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "stored_files" ALTER COLUMN "original_name_ciphertext" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "claims" ADD "welfare" boolean`);
    await queryRunner.query(`ALTER TABLE "claims" ADD "job_name" character varying(100)`);
    await queryRunner.query(`ALTER TABLE "claims" ADD "job_code" character varying(8)`);
    await queryRunner.query(`ALTER TABLE "claims" ADD "event_date" date`);
    await queryRunner.query(`ALTER TABLE "claims" ADD "event_type" character varying(32)`);
    await queryRunner.query(`ALTER TABLE "stored_files" ADD "original_name" character varying(255)`);
    await queryRunner.query(
      `CREATE INDEX "idx_stored_files_legacy_name" ON "stored_files" USING btree ("id") WHERE (original_name IS NOT NULL)`,
    );
  }
}
