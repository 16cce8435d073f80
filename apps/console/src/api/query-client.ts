import { MutationCache, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiProblem } from './problem';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The key roots a change makes stale: read again at once by every screen that shows them. */
      invalidates?: readonly QueryKey[];
      /**
       * A refusal of the change means the page showed an old state (a 409 of a state machine): the
       * roots are marked stale but not read at once, so the refusal stays in view in its dialog.
       */
      staleOnRefusal?: boolean;
    };
  }
}

/** A refusal of the API (4xx) is its answer: asking again would be refused again. */
const worthRetrying = (failures: number, error: unknown) =>
  failures < 2 && !(error instanceof ApiProblem && error.status >= 400 && error.status < 500);

/**
 * The console's server state (TanStack Query): every read is cached under its query key
 * (`['partners', 'list', {…}]`), shown at once when a screen comes back to it and read again in the
 * background once older than `staleTime`; every change names the key roots it touches
 * (`meta.invalidates`, src/<service>/api/), which are invalidated once it succeeded, before the
 * mutation resolves.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 10_000, retry: worthRetrying },
      mutations: { retry: false },
    },
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) =>
        Promise.all((mutation.meta?.invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey }))),
      onError: (_error, _variables, _context, mutation) =>
        mutation.meta?.staleOnRefusal
          ? Promise.all((mutation.meta.invalidates ?? []).map((queryKey) => client.invalidateQueries({ queryKey, refetchType: 'none' })))
          : undefined,
    }),
  });
  return client;
}
