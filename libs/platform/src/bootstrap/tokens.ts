/** The validated config object of the running service (a subclass of ServiceConfig). */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
/** The resolved PostgreSQL connection string (configured or embedded). */
export const DATABASE_URL = Symbol('DATABASE_URL');
