import 'reflect-metadata';
import { runMigrationJob } from '#platform';
import { LEAD_DISTRIBUTION_DATABASE } from './database/database.js';

// The deployment's migration job: applies pending migrations to DATABASE_URL once, before the rollout.
await runMigrationJob(LEAD_DISTRIBUTION_DATABASE);
