import request from 'supertest';
import { measured, STALL_MS } from '../../../test/support/event-loop.js';
import { UserRole, type OrganisationWithSecretDto, type UserDto } from '#contracts';
import {
  createOrganisation,
  nextCi,
  signIn,
  ssoRequest,
  assertionFor,
  startCoverageClaims,
  withToken,
  type CoverageClaimsTestApp,
  type SignedIn,
} from './support/coverage-claims.js';

describe('user management', () => {
  let app: CoverageClaimsTestApp;
  let organisation: OrganisationWithSecretDto;
  let otherOrganisation: OrganisationWithSecretDto;
  let admin: SignedIn;

  const asAdmin = () => withToken(app, admin.accessToken);

  async function addUser(body: Record<string, unknown>): Promise<UserDto> {
    return (await asAdmin().put('/api/v1/users').send(body).expect(201)).body as UserDto;
  }

  beforeAll(async () => {
    app = await startCoverageClaims();
    organisation = await createOrganisation(app, 'Users Org');
    otherOrganisation = await createOrganisation(app, 'Other Org');
    admin = await signIn(app, organisation, { name: '관리자', role: UserRole.OrgAdmin });
  });
  afterAll(() => app.close());

  it('adds a user (PUT, 201) who then signs in by SSO as that user', async () => {
    const fcUserCi = nextCi();
    const added = await addUser({ fcUserCi, name: ' 박설계 ', phone: '010-1234-5678' });
    expect(added).toEqual({
      id: expect.any(String),
      organisationId: organisation.id,
      fcUserCi,
      name: '박설계',
      phone: '01012345678',
      role: 'PLANNER',
      status: 'ACTIVE',
      lastSignedInAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const planner = await signIn(app, organisation, { fcUserCi, name: '박설계' });
    expect(planner.userId).toBe(added.id);
  });

  it('returns 409 USER_ALREADY_EXISTS adding a fcUserCi the organisation already has', async () => {
    const fcUserCi = nextCi();
    await addUser({ fcUserCi, name: '중복' });
    const response = await asAdmin().put('/api/v1/users').send({ fcUserCi, name: '중복2' }).expect(409);
    expect(response.body.code).toBe('USER_ALREADY_EXISTS');
  });

  it('returns 400 naming each invalid or unknown field of an added user', async () => {
    const response = await asAdmin().put('/api/v1/users').send({ fcUserCi: 'has space', name: '', role: 'BOSS', extra: 1 }).expect(400);
    expect(new Set(response.body.errors.map((e: { field: string }) => e.field))).toEqual(new Set(['fcUserCi', 'name', 'role', 'extra']));
  });

  it('lists the organisation’s users by name, page by page, searchable by name and filtered by role', async () => {
    const lister = await createOrganisation(app, 'Listing Org');
    const listAdmin = await signIn(app, lister, { name: '가관리', role: UserRole.OrgAdmin });
    for (const name of ['나설계', '다설계', '라설계 100%']) {
      await withToken(app, listAdmin.accessToken).put('/api/v1/users').send({ fcUserCi: nextCi(), name }).expect(201);
    }
    const list = (path: string) => withToken(app, listAdmin.accessToken).get(path).expect(200);

    const first = await list('/api/v1/users?limit=2');
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 4, totalPages: 2 });
    expect(first.body.data.map((u: UserDto) => u.name)).toEqual(['가관리', '나설계']);
    const second = await list('/api/v1/users?limit=2&page=2');
    expect(second.body.data.map((u: UserDto) => u.name)).toEqual(['다설계', '라설계 100%']);

    expect((await list('/api/v1/users?search=설계')).body.pagination.total).toBe(3);
    expect((await list('/api/v1/users?search=%25')).body.data.map((u: UserDto) => u.name)).toEqual(['라설계 100%']);
    expect((await list('/api/v1/users?role=ORG_ADMIN')).body.data.map((u: UserDto) => u.name)).toEqual(['가관리']);
    await withToken(app, listAdmin.accessToken).get('/api/v1/users?limit=101').expect(400);
  });

  it('changes a user’s name, phone and role (PATCH)', async () => {
    const user = await addUser({ fcUserCi: nextCi(), name: '변경전', phone: '01011112222' });
    const response = await asAdmin().patch(`/api/v1/users/${user.id}`).send({ name: '변경후', phone: null, role: 'ORG_ADMIN' }).expect(200);
    expect(response.body).toMatchObject({ id: user.id, name: '변경후', phone: null, role: 'ORG_ADMIN', fcUserCi: user.fcUserCi });
  });

  it('returns 400 naming each field a PATCH tries to empty that cannot be empty', async () => {
    const user = await addUser({ fcUserCi: nextCi(), name: '비우기' });
    const response = await asAdmin()
      .patch(`/api/v1/users/${user.id}`)
      .send({ name: null, role: null, status: null, fcUserCi: 'x' })
      .expect(400);
    expect(new Set(response.body.errors.map((e: { field: string }) => e.field))).toEqual(new Set(['name', 'role', 'status', 'fcUserCi']));
  });

  it('returns 403 ROLE_FORBIDDEN when a planner adds, lists, changes or deletes users', async () => {
    const planner = await signIn(app, organisation, { name: '일반설계' });
    const asPlanner = withToken(app, planner.accessToken);
    const responses = await Promise.all([
      asPlanner.put('/api/v1/users').send({ fcUserCi: nextCi(), name: '몰래' }),
      asPlanner.get('/api/v1/users'),
      asPlanner.patch(`/api/v1/users/${admin.userId}`).send({ name: '몰래' }),
      asPlanner.delete(`/api/v1/users/${admin.userId}`),
    ]);
    for (const response of responses) {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('ROLE_FORBIDDEN');
    }
    await asPlanner.get('/api/v1/users/me').expect(200);
  });

  it('returns 404 USER_NOT_FOUND when an admin changes or deletes a user of another organisation, and never lists them', async () => {
    const outsider = await signIn(app, otherOrganisation, { name: '외부설계' });
    const patched = await asAdmin().patch(`/api/v1/users/${outsider.userId}`).send({ status: 'DISABLED' }).expect(404);
    expect(patched.body.code).toBe('USER_NOT_FOUND');
    const deleted = await asAdmin().delete(`/api/v1/users/${outsider.userId}`).expect(404);
    expect(deleted.body.code).toBe('USER_NOT_FOUND');
    const listed = await asAdmin().get('/api/v1/users?limit=100').expect(200);
    expect(listed.body.data.map((u: UserDto) => u.id)).not.toContain(outsider.userId);
    expect(listed.body.data.every((u: UserDto) => u.organisationId === organisation.id)).toBe(true);
    await withToken(app, outsider.accessToken).get('/api/v1/users/me').expect(200);
  });

  it('refuses hostile shapes before validation: 400 naming the field for deep nesting, and for 60,000 keys within milliseconds', async () => {
    const deep = await asAdmin()
      .put('/api/v1/users')
      .set('Content-Type', 'application/json')
      .send(`{"fcUserCi":"x","name":${'['.repeat(2000)}${']'.repeat(2000)}}`)
      .expect(400);
    expect(deep.body.errors).toEqual([{ field: `name${'.0'.repeat(31)}`, message: 'must not nest deeper than 32 levels' }]);

    const user = await addUser({ fcUserCi: nextCi(), name: '열쇠많음' });
    const manyKeys = JSON.stringify(Object.fromEntries(Array.from({ length: 60_000 }, (_, index) => [`k${index}`, 0])));
    const { result, elapsedMs, maxEventLoopDelayMs } = await measured(() =>
      asAdmin().patch(`/api/v1/users/${user.id}`).set('Content-Type', 'application/json').send(manyKeys),
    );
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual([{ field: '(body)', message: 'must not have more than 256 keys' }]);
    expect(elapsedMs).toBeLessThan(STALL_MS);
    expect(maxEventLoopDelayMs).toBeLessThan(STALL_MS);
  });

  it('returns 404 for an unknown user id and 400 naming a malformed one', async () => {
    await asAdmin().patch('/api/v1/users/0192f7a4-0000-7000-8000-0000000000aa').send({ name: 'x' }).expect(404);
    const malformed = await asAdmin().delete('/api/v1/users/abc').expect(400);
    expect(malformed.body.errors).toEqual([{ field: 'id', message: 'must be a UUID' }]);
  });

  it('refuses a deleted user’s access token at once (401) and deletes their refresh tokens', async () => {
    const planner = await signIn(app, organisation, { name: '삭제대상' });
    await withToken(app, planner.accessToken).get('/api/v1/users/me').expect(200);
    await asAdmin().delete(`/api/v1/users/${planner.userId}`).expect(204);

    const refused = await withToken(app, planner.accessToken).get('/api/v1/users/me').expect(401);
    expect(refused.body.code).toBe('TOKEN_INVALID');
    const refresh = await request(app.url).get('/api/v1/auth/token').query({ refreshToken: planner.refreshToken }).expect(401);
    expect(refresh.body.code).toBe('REFRESH_TOKEN_INVALID');
    await asAdmin().delete(`/api/v1/users/${planner.userId}`).expect(404);
  });

  it('refuses a disabled user’s tokens and sign-in at once, and lets them back in when enabled again', async () => {
    const fcUserCi = nextCi();
    const planner = await signIn(app, organisation, { fcUserCi, name: '정지대상' });
    await asAdmin().patch(`/api/v1/users/${planner.userId}`).send({ status: 'DISABLED' }).expect(200);

    expect((await withToken(app, planner.accessToken).get('/api/v1/users/me').expect(401)).body.code).toBe('TOKEN_INVALID');
    const refresh = await request(app.url).get('/api/v1/auth/token').query({ refreshToken: planner.refreshToken }).expect(403);
    expect(refresh.body.code).toBe('USER_DISABLED');
    const sso = await ssoRequest(app, { assertion: assertionFor(app, organisation, { fcUserCi }) }).expect(403);
    expect(sso.headers.location).toBeUndefined();
    expect(sso.body.code).toBe('USER_DISABLED');

    await asAdmin().patch(`/api/v1/users/${planner.userId}`).send({ status: 'ACTIVE' }).expect(200);
    await withToken(app, planner.accessToken).get('/api/v1/users/me').expect(200);
  });

  it('applies a role change at once: a demoted admin’s token no longer manages users', async () => {
    const second = await signIn(app, organisation, { name: '부관리자', role: UserRole.OrgAdmin });
    await withToken(app, second.accessToken).get('/api/v1/users').expect(200);
    await asAdmin().patch(`/api/v1/users/${second.userId}`).send({ role: 'PLANNER' }).expect(200);
    await withToken(app, second.accessToken).get('/api/v1/users').expect(403);
  });

  it('returns 409 USER_SELF_LOCKOUT when an admin disables, demotes or deletes themselves', async () => {
    for (const body of [{ status: 'DISABLED' }, { role: 'PLANNER' }]) {
      const response = await asAdmin().patch(`/api/v1/users/${admin.userId}`).send(body).expect(409);
      expect(response.body.code).toBe('USER_SELF_LOCKOUT');
    }
    await asAdmin().delete(`/api/v1/users/${admin.userId}`).expect(409);
    await asAdmin().patch(`/api/v1/users/${admin.userId}`).send({ name: '관리자2' }).expect(200);
  });
});
