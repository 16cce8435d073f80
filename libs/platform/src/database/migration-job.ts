import { DataSource } from 'typeorm';
import { dataSourceOptions, type DatabaseModuleOptions } from './database.module.js';
import { runMigrationsLocked } from './migrations.js';

/** Applies the service's pending migrations to `url` under the migration lock (held on a connection of its own, hence two), then disconnects. */
export async function migrateDatabase(url: string, schema: DatabaseModuleOptions): Promise<string[]> {
  const dataSource = await new DataSource(dataSourceOptions(url, schema, 2)).initialize();
  try {
    return await runMigrationsLocked(dataSource, `migrations:${schema.service}`);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Entry point of a deployment's migration job (`node dist/apps/<service>/src/migrate.js`): applies the
 * pending migrations to DATABASE_URL, prints what it applied and exits 0, or prints why not and exits 1.
 */
export async function runMigrationJob(schema: DatabaseModuleOptions): Promise<never> {
  const url = process.env.DATABASE_URL;
  try {
    if (!url) throw new Error('DATABASE_URL is required to run migrations');
    const applied = await migrateDatabase(url, schema);
    process.stdout.write(`${schema.service}: ${applied.length > 0 ? `applied ${applied.join(', ')}` : 'no pending migrations'}\n`);
    process.exit(0);
  } catch (error) {
    process.stderr.write(`${schema.service}: migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
