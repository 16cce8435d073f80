import type { ConsoleService } from '../shell/console-service';
import { COVERAGE_CLAIMS_PROBLEM_MESSAGES } from './problem-messages';
import { routes } from './routes';

export const service: ConsoleService = {
  title: '보장분석·청구',
  routes,
  problemMessages: COVERAGE_CLAIMS_PROBLEM_MESSAGES,
};
