import { readFile } from 'node:fs/promises';
import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import request from 'supertest';
import { CurrentUser, UserRoles } from '../src/auth/auth.decorators.js';
import { UserRole, type UserPrincipal } from '../src/auth/principal.js';
import { signAccessToken, startCoverageClaims, type CoverageClaimsTestApp } from '../../../test/support/coverage-claims.js';

@ApiExcludeController()
@Controller('test-probe')
class BearerProbeController {
  @Get('me')
  me(@CurrentUser() user: UserPrincipal) {
    return user;
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
    app = await startCoverageClaims({ controllers: [BearerProbeController] });
  });
  afterAll(() => app.close());

  it('answers health probes and serves the committed OpenAPI document with the Bearer scheme', async () => {
    await request(app.url).get('/health/live').expect(200);
    await request(app.url).get('/health/ready').expect(200);
    const served = await request(app.url).get('/docs/openapi.json').expect(200);
    expect(served.body.components.securitySchemes.Bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(served.body).toEqual(JSON.parse(await readFile('openapi/coverage-claims.json', 'utf8')));
  });

  it('passes the verified claims of a valid token to the handler', async () => {
    const token = signAccessToken(app, { sub: 'user-1', org: 'org-1', role: UserRole.Planner });
    const response = await request(app.url).get('/test-probe/me').set('Authorization', `Bearer ${token}`).expect(200);
    expect(response.body).toEqual({ userId: 'user-1', organisationId: 'org-1', role: 'PLANNER' });
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

  it('returns 401 TOKEN_INVALID for a signed token without the expected claims', async () => {
    const token = signAccessToken(app, { role: 'SUPERUSER' as UserRole });
    await request(app.url).get('/test-probe/me').set('Authorization', `Bearer ${token}`).expect(401);
  });

  it('returns 403 ROLE_FORBIDDEN when a planner calls an admin operation, and lets an admin in', async () => {
    const planner = signAccessToken(app, { role: UserRole.Planner });
    const refused = await request(app.url).get('/test-probe/admins-only').set('Authorization', `Bearer ${planner}`).expect(403);
    expect(refused.body.code).toBe('ROLE_FORBIDDEN');
    const admin = signAccessToken(app, { role: UserRole.OrgAdmin });
    await request(app.url).get('/test-probe/admins-only').set('Authorization', `Bearer ${admin}`).expect(200);
  });

  it('returns 404 as a problem body for an unknown route, before authentication', async () => {
    const response = await request(app.url).get('/api/v1/unknown').expect(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});
