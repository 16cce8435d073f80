// Plain ESM on the build output (`npm test` builds first): jest loads global set-up outside its
// module mapping, so it cannot import the TypeScript sources.
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { acquirePostgresServer, dataSourceOptions } from '#platform';
import { COVERAGE_CLAIMS_DATABASE } from '../dist/apps/coverage-claims/src/database/database.js';
import { LEAD_DISTRIBUTION_DATABASE } from '../dist/apps/lead-distribution/src/database/database.js';
import { templateName } from './support/template-name.js';

const SCHEMAS = [
  { databaseName: 'coverage_claims', schema: COVERAGE_CLAIMS_DATABASE },
  { databaseName: 'lead_distribution', schema: LEAD_DISTRIBUTION_DATABASE },
];

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL's server when set, otherwise an embedded one.
 * Each service's migrations are applied once to a template database; every test file then clones
 * its own database from it (CREATE DATABASE ... TEMPLATE), so files run in parallel in isolation.
 */
export default async function globalSetup() {
  const server = await acquirePostgresServer(process.env.TEST_DATABASE_URL);
  const runId = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  for (const { databaseName, schema } of SCHEMAS) {
    const template = templateName(runId, databaseName);
    await server.createDatabase(template);
    const dataSource = await new DataSource(dataSourceOptions(server.urlFor(template), schema, 2)).initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    await dataSource.destroy();
  }
  // Workers start after this and inherit the environment.
  process.env.TEST_PG_SERVER_URL = server.urlFor('postgres');
  process.env.TEST_RUN_ID = runId;
  globalThis.__testPostgres = {
    stop: async () => {
      for (const { databaseName } of SCHEMAS) await server.dropDatabase(templateName(runId, databaseName));
      await server.stop();
    },
  };
}
