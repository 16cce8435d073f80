import 'reflect-metadata';
import { runMigrationJob } from '#platform';
import { LEAD_DISTRIBUTION_DATABASE } from './database/database.js';

// The deployment's migration job (no argument), and the init container of its pods (--wait <seconds>).
await runMigrationJob(LEAD_DISTRIBUTION_DATABASE);
