import { jest } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import request from 'supertest';
import { docsPageProblems } from '../../../test/support/docs-page.js';
import { postOversized, sendThenRead, writeEndlessBody } from '../../../test/support/oversized-body.js';
import { CurrentUser, UserRoles } from '../src/auth/auth.decorators.js';
import { UserRole, type UserPrincipal } from '../src/auth/principal.js';
import {
  OPERATOR_KEY,
  createOrganisation,
  signAccessToken,
  signIn,
  startCoverageClaims,
  withToken,
  type CoverageClaimsTestApp,
} from './support/coverage-claims.js';

const PROBLEM_JSON = /^application\/problem\+json/;
const FRONT_END = 'https://planner.example.com';

@ApiExcludeController()
@Controller('test-probe')
class BearerProbeController {
  @Get('me')
  me(@CurrentUser() user: UserPrincipal) {
    return user;
  }

  @Post('echo')
  @HttpCode(200)
  echo(@CurrentUser() user: UserPrincipal) {
    return { userId: user.userId };
  }

  @Get('admins-only')
  @UserRoles(UserRole.OrgAdmin)
  adminsOnly() {
    return { ok: true };
  }
}

describe('coverage-claims platform and Bearer authentication', () => {
  let app: CoverageClaimsTestApp;

  beforeAll(async () => {
    app = await startCoverageClaims({ controllers: [BearerProbeController], env: { CORS_ORIGINS: `${FRONT_END},http://localhost:5173` } });
  });
  afterAll(() => app.close());

  it('answers health probes and serves the committed OpenAPI document with the Bearer scheme', async () => {
    await request(app.url).get('/health/live').expect(200);
    await request(app.url).get('/health/ready').expect(200);
    const served = await request(app.url).get('/docs/openapi.json').expect(200);
    expect(served.body.components.securitySchemes.Bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(served.body).toEqual(JSON.parse(await readFile('openapi/coverage-claims.json', 'utf8')));
  });

  it('names the service on its /docs page, opens with getting started and describes every tag', async () => {
    expect(await docsPageProblems(app.url, 'coverage-claims', 'docs/guides/coverage-claims.md')).toEqual([]);
  });

  it('marks every operation with the credential it needs: Bearer, an operator key or session, or none for sign-in and token issue', async () => {
    const document = (await request(app.url).get('/docs/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const security = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => [
        `${method.toUpperCase()} ${path}`,
        (operation.security ?? []).flatMap(Object.keys),
      ]),
    );
    for (const [operation, schemes] of security) {
      if (
        [
          'GET /api/v1/auth/sso',
          'GET /api/v1/auth/token',
          'POST /api/v1/admin/session',
          'POST /api/v1/admin/session/second-factor',
        ].includes(String(operation))
      ) {
        expect(schemes).toEqual([]);
      } else if (operation === 'DELETE /api/v1/admin/session') expect(schemes).toEqual(['OperatorSession']);
      else if (String(operation).includes('/api/v1/admin/'))
        expect([operation, schemes]).toEqual([operation, ['ApiKey', 'OperatorSession']]);
      else expect([operation, schemes]).toEqual([operation, ['Bearer']]);
    }
    expect(security.length).toBeGreaterThanOrEqual(12);
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['SsoLoginRequest', 'SsoLoginResponse', 'TokenResponse']),
    );
  });

  it('passes the signed-in user, as stored now, to the handler', async () => {
    const organisation = await createOrganisation(app);
    const planner = await signIn(app, organisation);
    const response = await withToken(app, planner.accessToken).get('/test-probe/me').expect(200);
    const { sid } = jwt.decode(planner.accessToken) as { sid: string };
    expect(response.body).toEqual({ userId: planner.userId, organisationId: organisation.id, role: 'PLANNER', signInId: sid });
  });

  it('returns 401 TOKEN_INVALID for a well-signed token of a user that does not exist, or of another organisation', async () => {
    const unknown = await request(app.url)
      .get('/test-probe/me')
      .set('Authorization', `Bearer ${signAccessToken(app)}`)
      .expect(401);
    expect(unknown.body.code).toBe('TOKEN_INVALID');
    const planner = await signIn(app, await createOrganisation(app));
    const otherOrg = signAccessToken(app, { sub: planner.userId, org: '0192f7a4-0000-7000-8000-000000000002' });
    await request(app.url).get('/test-probe/me').set('Authorization', `Bearer ${otherOrg}`).expect(401);
    const notUuid = signAccessToken(app, { sub: 'user-1' });
    await request(app.url).get('/test-probe/me').set('Authorization', `Bearer ${notUuid}`).expect(401);
  });

  it('answers a CORS preflight from a configured origin for PATCH with Authorization, and refuses other origins', async () => {
    const preflight = await request(app.url)
      .options('/api/v1/users/0192f7a4-0000-7000-8000-000000000001')
      .set('Origin', FRONT_END)
      .set('Access-Control-Request-Method', 'PATCH')
      .set('Access-Control-Request-Headers', 'authorization,content-type')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization,content-type');
    expect(preflight.headers['access-control-max-age']).toBe('600');

    const actual = await request(app.url).get('/api/v1/users/me').set('Origin', FRONT_END).expect(401);
    expect(actual.headers['access-control-allow-origin']).toBe(FRONT_END);
    expect(actual.headers['access-control-expose-headers']).toBe('x-request-id, x-total-count, ratelimit, ratelimit-policy, retry-after');

    const stranger = await request(app.url)
      .options('/api/v1/users/me')
      .set('Origin', 'https://evil.example.com')
      .set('Access-Control-Request-Method', 'GET');
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('returns 401 TOKEN_MISSING without a token', async () => {
    const response = await request(app.url).get('/test-probe/me').expect(401);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).toMatchObject({ status: 401, code: 'TOKEN_MISSING' });
  });

  it.each([
    ['a forged signature', { secret: 'another-secret-0123456789abcdef0123456789' }],
    ['an expired token', { expiresIn: -10 }],
    ['another audience', { audience: 'someone-else' }],
    ['another issuer', { issuer: 'someone-else' }],
    ['another algorithm', { algorithm: 'HS512' as const }],
  ])('returns 401 TOKEN_INVALID for %s', async (_case, options) => {
    const token = signAccessToken(app, {}, options);
    const response = await request(app.url).get('/test-probe/me').set('Authorization', `Bearer ${token}`).expect(401);
    expect(response.body.code).toBe('TOKEN_INVALID');
  });

  it('verifies a Bearer token once a request, though the rate limiter and the guard both read it', async () => {
    const planner = await signIn(app, await createOrganisation(app));
    const verify = jest.spyOn(jwt, 'verify');
    try {
      for (let i = 0; i < 5; i += 1) await withToken(app, planner.accessToken).get('/test-probe/me').expect(200);
      expect(verify).toHaveBeenCalledTimes(5);
    } finally {
      verify.mockRestore();
    }
  });

  it('refuses a token that expired while its request body was arriving (verified when the request began)', async () => {
    const planner = await signIn(app, await createOrganisation(app));
    const { sub, org, sid } = jwt.decode(planner.accessToken) as { sub: string; org: string; sid: string };
    const slowPost = (token: string) =>
      new Promise<number>((resolve, reject) => {
        const post = httpRequest(
          `${app.url}/test-probe/echo`,
          { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': '2' } },
          (response) => {
            response.resume();
            resolve(response.statusCode!);
          },
        );
        post.on('error', reject);
        post.write('{');
        setTimeout(() => post.end('}'), 3100);
      });
    const [expiring, lasting] = await Promise.all([
      slowPost(signAccessToken(app, { sub, org, sid }, { expiresIn: 2 })),
      slowPost(signAccessToken(app, { sub, org, sid }, { expiresIn: 300 })),
    ]);
    expect([expiring, lasting]).toEqual([401, 200]);
  });

  it('returns 401 TOKEN_INVALID for a signed token without the expected claims', async () => {
    const token = signAccessToken(app, { role: 'SUPERUSER' as UserRole });
    await request(app.url).get('/test-probe/me').set('Authorization', `Bearer ${token}`).expect(401);
  });

  it('returns 403 ROLE_FORBIDDEN when a planner calls an admin operation, and lets an admin in', async () => {
    const organisation = await createOrganisation(app);
    const planner = await signIn(app, organisation);
    const refused = await withToken(app, planner.accessToken).get('/test-probe/admins-only').expect(403);
    expect(refused.body.code).toBe('ROLE_FORBIDDEN');
    const admin = await signIn(app, organisation, { role: UserRole.OrgAdmin });
    await withToken(app, admin.accessToken).get('/test-probe/admins-only').expect(200);
  });

  it.each([
    ['11 MiB with Content-Length', 11, 'content-length'],
    ['12 MiB chunked', 12, 'chunked'],
  ] as const)('answers a body of %s sent by fetch with a 413 problem the client reads', async (_case, mebibytes, framing) => {
    const answer = await postOversized(
      `${app.url}/api/v1/admin/organisations`,
      { 'x-api-key': OPERATOR_KEY },
      mebibytes * 2 ** 20,
      framing,
    );
    expect(answer).toEqual({ status: 413, contentType: expect.stringMatching(PROBLEM_JSON), code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an 11 MiB body with a 413 problem that a client reading only after sending it all reads (no reset)', async () => {
    const answer = await sendThenRead(app.url, '/api/v1/admin/organisations', { 'x-api-key': OPERATOR_KEY }, 11 * 2 ** 20);
    expect(answer.head).toMatch(/^HTTP\/1\.1 413 .*\r\ncontent-type: application\/problem\+json/is);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('reads at most a bounded part of an oversized body that never ends, then closes the connection', async () => {
    const endless = await writeEndlessBody(app.url, '/api/v1/admin/organisations', { 'x-api-key': OPERATOR_KEY });
    expect(endless.closed).toBe(true);
    expect(endless.answer).toMatch(/^HTTP\/1\.1 413 /);
    // The drain's 32 MiB, and what the two sockets' buffers hold.
    expect(endless.written).toBeLessThan(48 * 2 ** 20);
  });

  it('returns 404 as a problem body for an unknown route, before authentication', async () => {
    const response = await request(app.url).get('/api/v1/unknown').expect(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});
