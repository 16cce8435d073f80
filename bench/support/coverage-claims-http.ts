import { Agent, request } from 'node:http';
import { s256Challenge } from '../../apps/coverage-claims/src/auth/auth.service.js';
import type { UserRole } from '../../apps/coverage-claims/src/auth/principal.js';
import { mintAssertion } from '../../apps/coverage-claims/src/auth/sso-assertion.js';

/** What the benches of coverage-claims send requests with, and how a planner signs in as docs/guides/coverage-claims.md shows. */

export const REDIRECT_URI = 'https://planner.example.com/sso/callback';
/** The front end's PKCE verifier (RFC 7636 appendix B's example). */
const CODE_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

export interface Reply {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

export function call(
  agent: Agent,
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Reply> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        agent,
        headers: {
          ...headers,
          ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export function expectStatus(reply: Reply, status: number, what: string): Record<string, unknown> {
  if (reply.status !== status) throw new Error(`${what}: HTTP ${reply.status} ${reply.body.slice(0, 300)}`);
  return reply.body ? (JSON.parse(reply.body) as Record<string, unknown>) : {};
}

/** An organisation registered by the operator, with its SSO secret. */
export async function createOrganisation(
  agent: Agent,
  base: string,
  operatorKey: string,
  name: string,
): Promise<{ id: string; ssoSecret: string }> {
  return expectStatus(
    await call(agent, base, 'POST', '/api/v1/admin/organisations', { 'x-api-key': operatorKey }, { name, redirectUris: [REDIRECT_URI] }),
    201,
    'organisation',
  ) as { id: string; ssoSecret: string };
}

/** Signs a user of the organisation in by SSO with PKCE and exchanges the code: their access token. */
export async function signIn(
  agent: Agent,
  base: string,
  organisation: { id: string; ssoSecret: string },
  user: { fcUserCi: string; name: string; role?: UserRole },
): Promise<string> {
  const assertion = mintAssertion({
    organisationId: organisation.id,
    secret: organisation.ssoSecret,
    audience: 'coverage-claims-sso',
    fcUserCi: user.fcUserCi,
    name: user.name,
    ...(user.role && { role: user.role }),
  });
  const query = new URLSearchParams({
    assertion,
    redirectUri: REDIRECT_URI,
    code_challenge: s256Challenge(CODE_VERIFIER),
    code_challenge_method: 'S256',
  });
  const sso = await call(agent, base, 'GET', `/api/v1/auth/sso?${query}`, {});
  if (sso.status !== 302) throw new Error(`sign-in: HTTP ${sso.status} ${sso.body}`);
  const code = new URL(String(sso.headers.location)).searchParams.get('code')!;
  const tokens = expectStatus(
    await call(
      agent,
      base,
      'GET',
      `/api/v1/auth/token?${new URLSearchParams({ code, code_verifier: CODE_VERIFIER, redirectUri: REDIRECT_URI })}`,
      {},
    ),
    200,
    'token',
  ) as { accessToken: string };
  return tokens.accessToken;
}
