import { DataSource } from 'typeorm';
import { acquirePostgresServer, dataSourceOptions, pendingSchemaChanges } from '#platform';
import { COVERAGE_CLAIMS_DATABASE } from '../apps/coverage-claims/src/database/database.js';
import { LEAD_DISTRIBUTION_DATABASE } from '../apps/lead-distribution/src/database/database.js';
import { templateName } from './support/template-name.js';

describe('entities and migrations', () => {
  it.each([
    ['lead-distribution', 'lead_distribution', LEAD_DISTRIBUTION_DATABASE],
    ['coverage-claims', 'coverage_claims', COVERAGE_CLAIMS_DATABASE],
  ])('%s: the migrated schema is exactly what the entities describe', async (_service, databaseName, schema) => {
    const server = await acquirePostgresServer(process.env.TEST_PG_SERVER_URL);
    const template = templateName(process.env.TEST_RUN_ID!, databaseName);
    const dataSource = await new DataSource(dataSourceOptions(server.urlFor(template), schema, 1)).initialize();
    try {
      expect(await pendingSchemaChanges(dataSource)).toEqual([]);
      expect(await dataSource.showMigrations()).toBe(false);
    } finally {
      await dataSource.destroy();
    }
  });
});
