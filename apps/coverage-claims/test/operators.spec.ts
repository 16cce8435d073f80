import request from 'supertest';
import { asSession, GOOD_PASSWORD, signedInOperator, type SignedInOperator } from '../../../test/support/operators.js';
import { asOperator, REDIRECT_URI, startCoverageClaims, type CoverageClaimsTestApp } from './support/coverage-claims.js';

// The operators' machine is the platform's (apps/lead-distribution/test/operators.spec.ts proves it
// in full); here, that coverage-claims mounts it and its operator routes take its credentials and roles.
describe('operators in coverage-claims', () => {
  let app: CoverageClaimsTestApp;
  let admin: SignedInOperator;

  beforeAll(async () => {
    app = await startCoverageClaims();
    admin = await signedInOperator(app, 'admin');
  });
  afterAll(() => app.close());

  const organisation = { name: '한빛 에셋', redirectUris: [REDIRECT_URI] };

  it('takes the session cookie on the operator routes, and the X-CSRF-Token on their writes', async () => {
    await asSession(app, admin).get('/api/v1/admin/organisations').expect(200);
    const noCsrf = await request(app.url).post('/api/v1/admin/organisations').set('Cookie', admin.cookie).send(organisation);
    expect([noCsrf.status, noCsrf.body.code]).toEqual([403, 'CSRF_TOKEN_INVALID']);
    await asSession(app, admin).post('/api/v1/admin/organisations').send(organisation).expect(201);
  });

  it("refuses a viewer an admin write (403); a reviewer's personal key has the reviewer's role", async () => {
    const viewer = await signedInOperator(app, 'viewer');
    await asSession(app, viewer).get('/api/v1/admin/organisations').expect(200);
    const refused = await asSession(app, viewer).post('/api/v1/admin/organisations').send(organisation);
    expect([refused.status, refused.body.code]).toEqual([403, 'OPERATOR_ROLE_FORBIDDEN']);

    const reviewer = await signedInOperator(app, 'reviewer');
    const key = await asSession(app, reviewer).post(`/api/v1/admin/operators/${reviewer.account.id}/api-keys`).send({}).expect(201);
    await request(app.url).get('/api/v1/admin/claim/deliveries').set('X-API-Key', key.body.apiKey).expect(200);
    expect((await request(app.url).post('/api/v1/admin/organisations').set('X-API-Key', key.body.apiKey).send(organisation)).status).toBe(
      403,
    );
  });

  it('refuses a disabled operator on the next request, by session and by personal key', async () => {
    const operator = await signedInOperator(app, 'reviewer');
    const key = await asSession(app, operator).post(`/api/v1/admin/operators/${operator.account.id}/api-keys`).send({}).expect(201);
    await asSession(app, operator).get('/api/v1/admin/organisations').expect(200);

    await asSession(app, admin).patch(`/api/v1/admin/operators/${operator.account.id}`).send({ disabled: true }).expect(200);
    expect((await asSession(app, operator).get('/api/v1/admin/organisations')).status).toBe(401);
    const refused = await request(app.url).get('/api/v1/admin/organisations').set('X-API-Key', key.body.apiKey);
    expect([refused.status, refused.body.code]).toEqual([401, 'API_KEY_INVALID']);
    const signIn = await request(app.url).post('/api/v1/admin/session').send({ email: operator.email, password: GOOD_PASSWORD });
    expect(signIn.status).toBe(401);
  });

  it('keeps the bootstrap key working outside production, and answers 401 without an operator credential', async () => {
    await asOperator(app).get('/api/v1/admin/organisations').expect(200);
    const missing = await request(app.url).get('/api/v1/admin/organisations');
    expect([missing.status, missing.body.code]).toEqual([401, 'API_KEY_MISSING']);
    const unknown = await request(app.url).get('/api/v1/admin/organisations').set('X-API-Key', 'opk_not-a-key');
    expect([unknown.status, unknown.body.code]).toEqual([401, 'API_KEY_INVALID']);
  });
});
