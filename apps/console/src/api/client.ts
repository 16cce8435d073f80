import createClient, { type Middleware } from 'openapi-fetch';
import type { paths as CoverageClaimsPaths } from './generated/coverage-claims';
import type { paths as LeadDistributionPaths } from './generated/lead-distribution';
import { operatorKey, signOut } from '../session';
import { ApiProblem, type ProblemBody } from './problem';

/**
 * Clients typed by the committed OpenAPI documents (openapi-typescript, `npm run build:console`):
 * a renamed field fails the console's type-check, not the page. Calls go to the origin that served
 * the console, with the operator key of this tab's session.
 */
const withOperatorKey: Middleware = {
  onRequest({ request }) {
    const key = operatorKey();
    if (key !== null) request.headers.set('X-API-Key', key);
    return request;
  },
  onResponse({ response }) {
    // A key that stopped working (revoked, rotated) ends the session: the sign-in page asks again.
    if (response.status === 401 && operatorKey() !== null) signOut();
    return response;
  },
};

export const leadApi = createClient<LeadDistributionPaths>({ baseUrl: '' });
leadApi.use(withOperatorKey);

export const claimsApi = createClient<CoverageClaimsPaths>({ baseUrl: '' });
claimsApi.use(withOperatorKey);

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's body, or an ApiProblem carrying the problem body of a refusal. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) {
    const body = (typeof error === 'object' && error !== null ? error : {}) as Partial<ProblemBody>;
    throw new ApiProblem({ ...body, status: response.status, detail: body.detail ?? response.statusText });
  }
  return data as T;
}
