import { afterResponse, withSession } from '../../api/client';
import { ApiProblem, type ProblemBody } from '../../api/problem';

type Query = Record<string, string | number | boolean | null | undefined>;

/** The address with its query (empty values left out). */
export function addressOf(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** A refusal's problem body as an ApiProblem. */
async function problemOf(response: Response): Promise<ApiProblem> {
  const body = (await response.json().catch(() => ({}))) as Partial<ProblemBody>;
  return new ApiProblem({ ...body, status: response.status, detail: body.detail ?? response.statusText });
}

/**
 * A call of the platform's operator and access-record API, the same in both services: the session's
 * cookie and CSRF token as every console call has them (src/api/client.ts), JSON in and out.
 */
export async function platformCall<T>(method: string, path: string, { query, body }: { query?: Query; body?: unknown } = {}): Promise<T> {
  const response = await platformFetch(method, path, { query, body });
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** As platformCall, the answer left unread (a CSV). */
export async function platformFetch(
  method: string,
  path: string,
  { query, body }: { query?: Query; body?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(body === undefined ? {} : { 'Content-Type': 'application/json' });
  const request = withSession(
    new Request(addressOf(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    }),
  );
  const response = afterResponse(await fetch(request));
  if (!response.ok) throw await problemOf(response);
  return response;
}
