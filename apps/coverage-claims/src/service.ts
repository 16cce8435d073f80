import { localSecret, prepareFieldEncryption, prepareFileStorage, type ServiceDefinition } from '#platform';
import { AppModule } from './app.module.js';
import { COVERAGE_CLAIMS_DATABASE } from './database/database.js';
import { CoverageClaimsConfig } from './config/coverage-claims.config.js';
import { COVERAGE_CLAIMS_OPENAPI } from './openapi-info.js';

/** Everything needed to run the service: used by main.ts, the OpenAPI generator and the tests. */
export const COVERAGE_CLAIMS: ServiceDefinition<CoverageClaimsConfig> = {
  service: 'coverage-claims',
  databaseName: 'coverage_claims',
  schema: COVERAGE_CLAIMS_DATABASE,
  configClass: CoverageClaimsConfig,
  appModule: (runtime) => AppModule.forRoot(runtime),
  openApi: COVERAGE_CLAIMS_OPENAPI,
  prepare: async (config, dataDir) => {
    config.JWT_SECRET ??= await localSecret(dataDir, 'jwt-secret');
    await prepareFieldEncryption(config, dataDir);
    await prepareFileStorage(config, dataDir);
  },
};
