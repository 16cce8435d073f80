import 'reflect-metadata';
import { runMigrationJob } from '#platform';
import { COVERAGE_CLAIMS_DATABASE } from './database/database.js';

// The deployment's migration job: applies pending migrations to DATABASE_URL once, before the rollout.
await runMigrationJob(COVERAGE_CLAIMS_DATABASE);
