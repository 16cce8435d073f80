import type { ConsoleService } from '../shell/console-service';
import { LEAD_DISTRIBUTION_PROBLEM_MESSAGES } from './problem-messages';
import { routes } from './routes';

export const service: ConsoleService = {
  title: '리드 배분',
  routes,
  problemMessages: LEAD_DISTRIBUTION_PROBLEM_MESSAGES,
};
