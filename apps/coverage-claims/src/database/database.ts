import type { DatabaseModuleOptions } from '#platform';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

export const COVERAGE_CLAIMS_DATABASE: DatabaseModuleOptions = {
  service: 'coverage-claims',
  entities: ENTITIES,
  migrations: MIGRATIONS,
};
