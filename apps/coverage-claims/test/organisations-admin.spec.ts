import request from 'supertest';
import type { OrganisationDto } from '#contracts';
import {
  REDIRECT_URI,
  asOperator,
  createOrganisation,
  signIn,
  startCoverageClaims,
  withToken,
  type CoverageClaimsTestApp,
} from './support/coverage-claims.js';
import { UserRole } from '../src/auth/principal.js';

describe('operator API: organisations', () => {
  let app: CoverageClaimsTestApp;

  beforeAll(async () => {
    app = await startCoverageClaims();
  });
  afterAll(() => app.close());

  it('registers an organisation and shows its SSO secret once, storing it only encrypted', async () => {
    const response = await asOperator(app)
      .post('/api/v1/admin/organisations')
      .send({ name: ' 한빛 에셋 ', redirectUris: [REDIRECT_URI, 'http://localhost:5173/callback'] })
      .expect(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: '한빛 에셋',
      redirectUris: [REDIRECT_URI, 'http://localhost:5173/callback'],
      ssoSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      ssoSecretIssuedAt: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await app.dataSource.query<Array<{ ciphertext: Buffer }>>(
      `SELECT sso_secret_ciphertext AS ciphertext FROM organisations WHERE id = $1`,
      [response.body.id],
    );
    expect(row!.ciphertext.includes(Buffer.from(response.body.ssoSecret))).toBe(false);

    const fetched = await asOperator(app).get(`/api/v1/admin/organisations/${response.body.id}`).expect(200);
    expect(fetched.body.ssoSecret).toBeUndefined();
  });

  it.each([
    ['no redirect URI', []],
    ['a plain http URI', ['http://planner.example.com/callback']],
    ['a URI with a fragment', ['https://planner.example.com/callback#x']],
    ['a relative URI', ['/callback']],
    ['the same URI twice', [REDIRECT_URI, REDIRECT_URI]],
  ])('returns 400 naming redirectUris for %s', async (_case, redirectUris) => {
    const response = await asOperator(app).post('/api/v1/admin/organisations').send({ name: 'Bad', redirectUris }).expect(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.errors.map((e: { field: string }) => e.field)).toContain('redirectUris');
  });

  it('renames an organisation and replaces its redirect URIs (PATCH), or answers 404', async () => {
    const organisation = await createOrganisation(app, 'Before');
    const response = await asOperator(app)
      .patch(`/api/v1/admin/organisations/${organisation.id}`)
      .send({ name: 'After', redirectUris: ['https://after.example.com/cb'] })
      .expect(200);
    expect(response.body).toMatchObject({ id: organisation.id, name: 'After', redirectUris: ['https://after.example.com/cb'] });
    const emptied = await asOperator(app)
      .patch(`/api/v1/admin/organisations/${organisation.id}`)
      .send({ name: null, redirectUris: null })
      .expect(400);
    expect(new Set(emptied.body.errors.map((e: { field: string }) => e.field))).toEqual(new Set(['name', 'redirectUris']));
    const missing = await asOperator(app)
      .patch('/api/v1/admin/organisations/0192f7a4-0000-7000-8000-0000000000aa')
      .send({ name: 'x' })
      .expect(404);
    expect(missing.body.code).toBe('ORGANISATION_NOT_FOUND');
  });

  it('lists organisations by name, searchable', async () => {
    await createOrganisation(app, 'Zeta Planners');
    const response = await asOperator(app).get('/api/v1/admin/organisations?search=zeta').expect(200);
    expect(response.body.data.map((o: OrganisationDto) => o.name)).toEqual(['Zeta Planners']);
    expect(response.body.pagination).toMatchObject({ page: 1, total: 1 });
  });

  it('rotates the SSO secret: a new one is shown once', async () => {
    const organisation = await createOrganisation(app, 'Rotate');
    const response = await asOperator(app).post(`/api/v1/admin/organisations/${organisation.id}/sso-secret`).expect(200);
    expect(response.body.ssoSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(response.body.ssoSecret).not.toBe(organisation.ssoSecret);
  });

  it('returns 401 API_KEY_MISSING without an operator key and 401 API_KEY_INVALID with another key', async () => {
    const missing = await request(app.url).get('/api/v1/admin/organisations').expect(401);
    expect(missing.body.code).toBe('API_KEY_MISSING');
    const wrong = await request(app.url)
      .get('/api/v1/admin/organisations')
      .set('X-API-Key', 'op_wrong_0123456789abcdef0123456789abcdef')
      .expect(401);
    expect(wrong.body.code).toBe('API_KEY_INVALID');
  });

  it('refuses a planner’s Bearer token on the operator API, even an admin’s', async () => {
    const organisation = await createOrganisation(app, 'Bearer Org');
    const admin = await signIn(app, organisation, { role: UserRole.OrgAdmin });
    const response = await withToken(app, admin.accessToken).get('/api/v1/admin/organisations').expect(401);
    expect(response.body.code).toBe('API_KEY_MISSING');
  });
});
