import createClient, { type Middleware } from 'openapi-fetch';
import type { paths as CoverageClaimsPaths } from './generated/coverage-claims';
import type { paths as LeadDistributionPaths } from './generated/lead-distribution';
import { currentSession, setSession } from '../session';
import { ApiProblem, type ProblemBody } from './problem';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A request of the console: the session cookie goes along (same origin); a change carries X-CSRF-Token. */
export function withSession(request: Request): Request {
  const session = currentSession();
  if (session !== null && !SAFE_METHODS.has(request.method)) request.headers.set('X-CSRF-Token', session.csrfToken);
  return request;
}

/** A 401 ends the session (idle or past its maximum, the account disabled): the sign-in page asks again. */
export function afterResponse(response: Response): Response {
  if (response.status === 401 && currentSession() !== null) setSession(null);
  return response;
}

/**
 * Clients typed by the committed OpenAPI documents (openapi-typescript, `npm run build:console`):
 * a renamed field fails the console's type-check, not the page. Calls go to the origin that served
 * the console with the session's cookie (HttpOnly, set by the API at sign-in).
 */
const session: Middleware = {
  onRequest: ({ request }) => withSession(request),
  onResponse: ({ response }) => afterResponse(response),
};

export const leadApi = createClient<LeadDistributionPaths>({ baseUrl: '', credentials: 'same-origin' });
leadApi.use(session);

export const claimsApi = createClient<CoverageClaimsPaths>({ baseUrl: '', credentials: 'same-origin' });
claimsApi.use(session);

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
