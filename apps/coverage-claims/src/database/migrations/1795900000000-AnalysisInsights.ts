import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The insights answered beside an analysis, sealed like its payload (nullable: analyses stored before
 * insights existed have none), and the monthly income a second step carries to the analysis it
 * completes. Compatible with the release before: it writes neither column and reads neither.
 */
export class AnalysisInsights1795900000000 implements MigrationInterface {
  name = 'AnalysisInsights1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "coverage_analyses" ADD "insights_ciphertext" bytea`);
    await queryRunner.query(`ALTER TABLE "analysis_continuations" ADD "monthly_income_ciphertext" bytea`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "analysis_continuations" DROP COLUMN "monthly_income_ciphertext"`);
    await queryRunner.query(`ALTER TABLE "coverage_analyses" DROP COLUMN "insights_ciphertext"`);
  }
}
