/** Every migration of the service, in order. `npm run migration:generate` writes new ones; list them here. */
export const MIGRATIONS = [];
