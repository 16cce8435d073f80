import { prepareFieldEncryption, prepareFileStorage, type ServiceDefinition } from '#platform';
import { AppModule } from './app.module.js';
import { LEAD_DISTRIBUTION_DATABASE } from './database/database.js';
import { LeadDistributionConfig } from './config/lead-distribution.config.js';

/** Everything needed to run the service: used by main.ts, the OpenAPI generator and the tests. */
export const LEAD_DISTRIBUTION: ServiceDefinition<LeadDistributionConfig> = {
  service: 'lead-distribution',
  databaseName: 'lead_distribution',
  schema: LEAD_DISTRIBUTION_DATABASE,
  configClass: LeadDistributionConfig,
  appModule: (runtime) => AppModule.forRoot(runtime),
  openApi: {
    title: 'lead-distribution',
    description:
      'Lead (DB) distribution for partners: orders, owned leads, AS requests, evidence files, distribution down an organisation. Every call carries X-API-Key.',
    version: '1.0.0',
    baseUrl: { variable: 'lead_base_url', local: 'http://127.0.0.1:3001' },
    auth: 'api-key',
  },
  prepare: async (config, dataDir) => {
    await prepareFieldEncryption(config, dataDir);
    await prepareFileStorage(config, dataDir);
  },
};
