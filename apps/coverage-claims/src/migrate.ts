import 'reflect-metadata';
import { runMigrationJob } from '#platform';
import { COVERAGE_CLAIMS_DATABASE } from './database/database.js';

// The deployment's migration job (no argument), and the init container of its pods (--wait <seconds>).
await runMigrationJob(COVERAGE_CLAIMS_DATABASE);
