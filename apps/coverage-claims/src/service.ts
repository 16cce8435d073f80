import { localSecret, prepareFieldEncryption, prepareFileStorage, type ServiceDefinition } from '#platform';
import { AppModule } from './app.module.js';
import { COVERAGE_CLAIMS_DATABASE } from './database/database.js';
import { CoverageClaimsConfig } from './config/coverage-claims.config.js';

/** Everything needed to run the service: used by main.ts, the OpenAPI generator and the tests. */
export const COVERAGE_CLAIMS: ServiceDefinition<CoverageClaimsConfig> = {
  service: 'coverage-claims',
  databaseName: 'coverage_claims',
  schema: COVERAGE_CLAIMS_DATABASE,
  configClass: CoverageClaimsConfig,
  appModule: (runtime) => AppModule.forRoot(runtime),
  openApi: {
    title: 'coverage-claims',
    description:
      "Coverage analysis, medical coverage analysis, planner user management and insurance claims for insurance planners' front ends. Planners sign in by SSO (`GET /api/v1/auth/sso`, then `GET /api/v1/auth/token`); every other call carries Authorization: Bearer <access token>, except the operator API (`/api/v1/admin/…`), which takes an operator key in X-API-Key.",
    version: '1.0.0',
    baseUrl: { variable: 'base_url', local: 'http://127.0.0.1:3000' },
    auth: ['bearer', 'api-key'],
  },
  prepare: async (config, dataDir) => {
    config.JWT_SECRET ??= await localSecret(dataDir, 'jwt-secret');
    await prepareFieldEncryption(config, dataDir);
    await prepareFileStorage(config, dataDir);
  },
};
