import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { dataSourceOptions, type DatabaseModuleOptions } from './database.module.js';
import { runMigrationsLocked } from './migrations.js';
import { messageOf } from '../logging/message-of.js';

/** Applies the service's pending migrations to `url` under the migration lock (held on a connection of its own, hence two), then disconnects. */
export async function migrateDatabase(url: string, schema: DatabaseModuleOptions): Promise<string[]> {
  const dataSource = await new DataSource(dataSourceOptions(url, schema, 2)).initialize();
  try {
    return await runMigrationsLocked(dataSource, `migrations:${schema.service}`);
  } finally {
    await dataSource.destroy();
  }
}

/** Names of the service's migrations that the database at `url` has not applied. Only reads: creates no table. */
async function pendingMigrations(url: string, schema: DatabaseModuleOptions): Promise<string[]> {
  const options = dataSourceOptions(url, schema, 1);
  const dataSource = await new DataSource(options).initialize();
  try {
    const table = options.migrationsTableName!;
    const [{ present }] = (await dataSource.query('SELECT to_regclass($1) IS NOT NULL AS present', [table])) as Array<{ present: boolean }>;
    const rows = present ? ((await dataSource.query(`SELECT name FROM ${table}`)) as Array<{ name: string }>) : [];
    const applied = new Set(rows.map((row) => row.name));
    return dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name).filter((name) => !applied.has(name));
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Entry point of `node dist/apps/<service>/src/migrate.js`, with DATABASE_URL set:
 * - no argument: applies the pending migrations (the deployment's migration job) and exits 0;
 * - `--wait <seconds>`: applies nothing, and exits 0 once the database has every migration of this
 *   build, or 1 after that many seconds (a Deployment's init container: new pods start only on a
 *   schema the migration job has brought up to date).
 */
export async function runMigrationJob(schema: DatabaseModuleOptions, args = process.argv.slice(2)): Promise<never> {
  const url = process.env.DATABASE_URL;
  const say = (line: string) => process.stdout.write(`${schema.service}: ${line}\n`);
  if (!url) return fail(schema, 'DATABASE_URL is required');
  if (args.length === 0) {
    try {
      const applied = await migrateDatabase(url, schema);
      say(applied.length > 0 ? `applied ${applied.join(', ')}` : 'no pending migrations');
      process.exit(0);
    } catch (error) {
      return fail(schema, `migration failed: ${messageOf(error)}`);
    }
  }
  const seconds = Number(args[1]);
  if (args[0] !== '--wait' || args.length !== 2 || !Number.isInteger(seconds) || seconds < 1) {
    return fail(schema, 'usage: migrate.js [--wait <seconds>]', 2);
  }
  const deadline = Date.now() + seconds * 1000;
  let last = '';
  for (;;) {
    let state: string;
    try {
      const pending = await pendingMigrations(url, schema);
      if (pending.length === 0) {
        say('the database has every migration of this build');
        process.exit(0);
      }
      state = `waiting for the migration job to apply ${pending.join(', ')}`;
    } catch (error) {
      state = `waiting for the database: ${messageOf(error)}`;
    }
    if (state !== last) say(state);
    last = state;
    if (Date.now() >= deadline) return fail(schema, `gave up after ${seconds} s`);
    await sleep(3000);
  }
}

function fail(schema: DatabaseModuleOptions, message: string, code = 1): never {
  process.stderr.write(`${schema.service}: ${message}\n`);
  process.exit(code);
}
