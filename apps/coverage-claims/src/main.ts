import 'reflect-metadata';
import { runService } from '#platform';
import { COVERAGE_CLAIMS } from './service.js';

await runService(COVERAGE_CLAIMS);
