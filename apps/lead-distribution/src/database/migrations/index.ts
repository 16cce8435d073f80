import { Init1795240455947 } from './1795240455947-Init.js';
import { StoredFiles1795241640925 } from './1795241640925-StoredFiles.js';

/** Every migration of the service, in order. `npm run migration:generate` writes new ones; list them here. */
export const MIGRATIONS = [Init1795240455947, StoredFiles1795241640925];
