import type { DatabaseModuleOptions } from '#platform';
import { ENTITIES } from './entities.js';
import { MIGRATIONS } from './migrations/index.js';

export const LEAD_DISTRIBUTION_DATABASE: DatabaseModuleOptions = {
  service: 'lead-distribution',
  entities: ENTITIES,
  migrations: MIGRATIONS,
};
