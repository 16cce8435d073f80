import type { MigrationInterface } from 'typeorm';
import type { CoverageClaimsTestApp } from './coverage-claims.js';

/** Runs one step of a migration on the test app's database in a transaction of its own, as the migration runner does (rolled back when it throws). */
export async function runMigrationStep(app: CoverageClaimsTestApp, migration: MigrationInterface, step: 'up' | 'down'): Promise<void> {
  const runner = app.dataSource.createQueryRunner();
  await runner.startTransaction();
  try {
    await migration[step](runner);
    await runner.commitTransaction();
  } catch (error) {
    await runner.rollbackTransaction();
    throw error;
  } finally {
    await runner.release();
  }
}
