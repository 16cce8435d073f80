import { Init1795240455947 } from './1795240455947-Init.js';
import { LeadsAndAsRequests1795241520805 } from './1795241520805-LeadsAndAsRequests.js';

/** Every migration of the service, in order. `npm run migration:generate` writes new ones; list them here. */
export const MIGRATIONS = [Init1795240455947, LeadsAndAsRequests1795241520805];
