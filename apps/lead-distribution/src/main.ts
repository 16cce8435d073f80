import 'reflect-metadata';
import { runService } from '#platform';
import { LEAD_DISTRIBUTION } from './service.js';

await runService(LEAD_DISTRIBUTION);
