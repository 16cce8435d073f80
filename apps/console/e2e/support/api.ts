import createClient from 'openapi-fetch';
import type { paths as CoverageClaimsPaths } from '../../src/api/generated/coverage-claims.js';
import type { paths as LeadDistributionPaths } from '../../src/api/generated/lead-distribution.js';
import type { ServiceName } from './service.js';

// The tests set up what a screen shows, and check what it did, through the service's API with the
// client the console itself is typed by (the generated paths), as a partner's or a planner's front end would.

interface Paths {
  'lead-distribution': LeadDistributionPaths;
  'coverage-claims': CoverageClaimsPaths;
}

export type ApiClient<S extends ServiceName> = ReturnType<typeof createClient<Paths[S]>>;

/** A client of the service at `baseUrl` sending `headers` (X-API-Key, or Authorization: Bearer). */
export function apiClient<S extends ServiceName>(baseUrl: string, headers: Record<string, string>): ApiClient<S> {
  return createClient<Paths[S]>({ baseUrl, headers });
}

/** The answer's body, or a failure naming the status and the problem the API answered. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${JSON.stringify(error)}`);
  return data as T;
}

/** Waits until `check` holds (the page and the workers answer asynchronously), failing after `timeoutMs`. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  for (const started = Date.now(); !(await check()); await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs / 1000} s: ${what}`);
  }
}
