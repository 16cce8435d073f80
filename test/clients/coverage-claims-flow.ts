import createClient from 'openapi-fetch';
import type { components, paths } from './generated/coverage-claims.js';

type User = components['schemas']['UserDto'];
type Problem = components['schemas']['ErrorResponse'];

const failure = (problem: Problem) => new Error(`${problem.status} ${problem.code}: ${problem.detail}`);

/** The claims the organisation's sign-in server puts in the assertion (HS256, signed with its SSO secret). */
export function assertionClaims(
  organisationId: string,
  audience: string,
  now: number,
): components['schemas']['SsoAssertionClaims'] & { aud: string } {
  return {
    iss: organisationId,
    aud: audience,
    jti: crypto.randomUUID(),
    iat: now,
    exp: now + 120,
    fcUserCi: 'CI-0001',
    name: '김관리',
    role: 'ORG_ADMIN',
  };
}

/**
 * A planners' front end, typed from the committed document only (`npm run check:clients`
 * type-checks it; nothing runs it): the browser takes the assertion to /auth/sso with a PKCE
 * challenge and comes back with a one-time code, the front end exchanges it with its verifier for
 * tokens, and the admin adds a planner to the organisation.
 */
export async function signInAndAddPlanner(baseUrl: string, assertion: string, redirectUri: string) {
  const client = createClient<paths>({ baseUrl });
  const verifier = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  const challenge = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))).toString('base64url');

  const signedIn = await client.GET('/api/v1/auth/sso', {
    params: { query: { assertion, redirectUri, state: 'af0ifjsldkj', code_challenge: challenge, code_challenge_method: 'S256' } },
    redirect: 'manual',
  });
  if (signedIn.error) throw failure(signedIn.error);
  const code = new URL(signedIn.response.headers.get('location') ?? redirectUri).searchParams.get('code') ?? '';

  const issued = await client.GET('/api/v1/auth/token', { params: { query: { code, code_verifier: verifier, redirectUri } } });
  if (issued.error) throw failure(issued.error);
  const { accessToken, refreshToken } = issued.data;
  const tokenType: 'Bearer' = issued.data.tokenType;
  const expiresInSeconds: number = issued.data.expiresIn;

  const admin = createClient<paths>({ baseUrl, headers: { Authorization: `${tokenType} ${accessToken}` } });
  const added = await admin.PUT('/api/v1/users', {
    body: { fcUserCi: 'CI-0002', name: '이설계', phone: '010-2345-6789', role: 'PLANNER' },
  });
  if (added.error) throw failure(added.error);
  const user: User = added.data;
  const role: 'PLANNER' | 'ORG_ADMIN' = user.role;
  const phone: string | null = user.phone;
  return { user, role, phone, refreshToken, expiresInSeconds };
}
