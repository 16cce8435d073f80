import { prepareFieldEncryption, prepareFileStorage, type ServiceDefinition } from '#platform';
import { AppModule } from './app.module.js';
import { LEAD_DISTRIBUTION_DATABASE } from './database/database.js';
import { LeadDistributionConfig } from './config/lead-distribution.config.js';
import { LEAD_DISTRIBUTION_OPENAPI } from './openapi-info.js';

/** Everything needed to run the service: used by main.ts, the OpenAPI generator and the tests. */
export const LEAD_DISTRIBUTION: ServiceDefinition<LeadDistributionConfig> = {
  service: 'lead-distribution',
  databaseName: 'lead_distribution',
  schema: LEAD_DISTRIBUTION_DATABASE,
  configClass: LeadDistributionConfig,
  appModule: (runtime) => AppModule.forRoot(runtime),
  openApi: LEAD_DISTRIBUTION_OPENAPI,
  prepare: async (config, dataDir) => {
    await prepareFieldEncryption(config, dataDir);
    await prepareFileStorage(config, dataDir);
  },
};
