import { QueryClient } from '@tanstack/react-query';
import { ApiProblem } from './problem';

/** A refusal of the API (4xx) is its answer: asking again would be refused again. */
const worthRetrying = (failures: number, error: unknown) =>
  failures < 2 && !(error instanceof ApiProblem && error.status >= 400 && error.status < 500);

/**
 * The console's server state (TanStack Query): every read is cached under its query key
 * (`['partners', 'list', {…}]`), shown at once when a screen comes back to it and read again in the
 * background once older than `staleTime`; every change invalidates the keys it touched
 * (src/<service>/api/), so the lists that show it read it again.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 10_000, retry: worthRetrying },
      mutations: { retry: false },
    },
  });
}
