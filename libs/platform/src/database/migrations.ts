import type { DataSource } from 'typeorm';

/**
 * Runs pending migrations while holding a PostgreSQL advisory lock, so several replicas starting at
 * once apply each migration exactly once. The lock lives on its own connection; each migration runs
 * in its own transaction.
 */
export async function runMigrationsLocked(dataSource: DataSource, lockName: string): Promise<string[]> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock(hashtext($1))', [lockName]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock(hashtext($1))', [lockName]).catch(() => undefined);
    await lock.release();
  }
}

/**
 * The SQL TypeORM would run to make the database match the entities. Empty when the checked-in
 * migrations and the entities agree; used by the drift check.
 */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const sql = await dataSource.driver.createSchemaBuilder().log();
  return sql.upQueries.map((query) => query.query);
}
