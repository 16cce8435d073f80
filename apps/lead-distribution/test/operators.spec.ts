import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { OperatorAuthenticator, type AccessRecordEntry, type AccessRecordSink } from '#platform';
import {
  asSession,
  createOperator,
  GOOD_PASSWORD,
  nextOperatorEmail,
  nextTotpCode,
  sessionCookieOf,
  signedInOperator,
  type SignedInOperator,
} from '../../../test/support/operators.js';
import { given } from './support/given.js';
import {
  asOperator,
  startLeadDistribution,
  TEST_FILE_UPLOAD_SECRET,
  withKey,
  type LeadDistributionTestApp,
} from './support/lead-distribution.js';

describe('operators: accounts, sign-in and personal keys (lead-distribution)', () => {
  let app: LeadDistributionTestApp;
  let admin: SignedInOperator;

  beforeAll(async () => {
    app = await startLeadDistribution();
    admin = await signedInOperator(app, 'admin');
  });
  afterAll(() => app.close());

  const signIn = (email: string, password = GOOD_PASSWORD) => request(app.url).post('/api/v1/admin/session').send({ email, password });

  it('signs in with the password and then the TOTP code, and the session cookie is HttpOnly, Secure, SameSite=Strict, Path=/', async () => {
    const email = nextOperatorEmail();
    await createOperator(app, 'viewer', email);
    const challenge = await signIn(email).expect(200);
    expect(challenge.headers['set-cookie']).toBeUndefined();
    expect(challenge.body.enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=/);

    const { totpCodeAt } = await import('#platform');
    const done = await request(app.url)
      .post('/api/v1/admin/session/second-factor')
      .send({ challenge: challenge.body.challenge, code: totpCodeAt(challenge.body.enrolment.secret) })
      .expect(200);
    const cookie = (done.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cookie).toMatch(/^__Host-operator_session=[\w-]{43}; /);
    expect(cookie.split('; ').slice(1).sort()).toEqual(['HttpOnly', 'Max-Age=43200', 'Path=/', 'SameSite=Strict', 'Secure']);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(done.body.account).toMatchObject({ email, role: 'viewer', secondFactorEnrolled: true });

    const me = await request(app.url).get('/api/v1/admin/session').set('Cookie', sessionCookieOf(done)).expect(200);
    expect(me.body).toMatchObject({ account: { email }, idleMinutes: 30, csrfToken: null });
    // The cookie works on the existing operator routes.
    await request(app.url).get('/api/v1/admin/partners').set('Cookie', sessionCookieOf(done)).expect(200);
  });

  it('refuses a sign-in without the second factor: the password alone sets no cookie, and operator routes answer 401', async () => {
    const email = nextOperatorEmail();
    await createOperator(app, 'admin', email);
    const challenge = await signIn(email).expect(200);
    expect(challenge.headers['set-cookie']).toBeUndefined();
    // The challenge is no session.
    const asCookie = await request(app.url)
      .get('/api/v1/admin/partners')
      .set('Cookie', `__Host-operator_session=${challenge.body.challenge}`);
    expect(asCookie.status).toBe(401);
    expect(asCookie.body.code).toBe('OPERATOR_SESSION_INVALID');
    const wrong = await request(app.url)
      .post('/api/v1/admin/session/second-factor')
      .send({ challenge: challenge.body.challenge, code: '000000' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('SECOND_FACTOR_INVALID');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect((await request(app.url).get('/api/v1/admin/partners')).status).toBe(401);
  });

  it('locks the account for 15 minutes at the fifth wrong password in a row, even against the right one', async () => {
    const email = nextOperatorEmail();
    const account = await createOperator(app, 'viewer', email);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const failed = await signIn(email, 'Wrong#pass1');
      expect([failed.status, failed.body.code]).toEqual([401, 'SIGN_IN_FAILED']);
    }
    const fifth = await signIn(email, 'Wrong#pass1');
    expect([fifth.status, fifth.body.code]).toEqual([423, 'ACCOUNT_LOCKED']);
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await signIn(email)).status).toBe(423);
    const [row] = await app.dataSource.query<Array<{ minutes: number }>>(
      `SELECT round(extract(epoch FROM locked_until - now()) / 60)::int AS minutes FROM operator_accounts WHERE id = $1`,
      [account.id],
    );
    expect(row!.minutes).toBe(15);
  });

  it('ends a session after 30 minutes without a request, and 12 hours after sign-in', async () => {
    const idle = await signedInOperator(app, 'viewer');
    await asSession(app, idle).get('/api/v1/admin/partners').expect(200);
    await app.dataSource.query(
      `UPDATE operator_sessions SET last_seen_at = now() - interval '31 minutes' WHERE account_id = $1 AND kind = 'session'`,
      [idle.account.id],
    );
    const ended = await asSession(app, idle).get('/api/v1/admin/partners');
    expect([ended.status, ended.body.code]).toEqual([401, 'OPERATOR_SESSION_INVALID']);

    const old = await signedInOperator(app, 'viewer');
    await app.dataSource.query(`UPDATE operator_sessions SET expires_at = now() - interval '1 second' WHERE account_id = $1`, [
      old.account.id,
    ]);
    expect((await asSession(app, old).get('/api/v1/admin/partners')).status).toBe(401);
  });

  it('refuses a state-changing session request without its X-CSRF-Token (403), and takes it with one', async () => {
    const missing = await request(app.url).post('/api/v1/admin/partners').set('Cookie', admin.cookie).send({ name: 'CSRF Agency' });
    expect([missing.status, missing.body.code]).toEqual([403, 'CSRF_TOKEN_INVALID']);
    const wrong = await request(app.url)
      .post('/api/v1/admin/partners')
      .set('Cookie', admin.cookie)
      .set('X-CSRF-Token', 'not-the-token')
      .send({ name: 'CSRF Agency' });
    expect(wrong.status).toBe(403);
    await asSession(app, admin).post('/api/v1/admin/partners').send({ name: 'CSRF Agency' }).expect(201);
  });

  it('refuses a viewer an admin write (403), and a changed role takes effect on the next request', async () => {
    const viewer = await signedInOperator(app, 'viewer');
    await asSession(app, viewer).get('/api/v1/admin/partners').expect(200);
    const refused = await asSession(app, viewer).post('/api/v1/admin/partners').send({ name: 'Viewer Agency' });
    expect([refused.status, refused.body.code]).toEqual([403, 'OPERATOR_ROLE_FORBIDDEN']);
    // A partner route operators may call, acting for a partner: reads yes, writes no.
    const partner = await given(app).partner('Viewed Agency');
    await asSession(app, viewer).get(`/api/v1/orders?partnerId=${partner.id}`).expect(200);
    expect((await asSession(app, viewer).post('/api/v1/orders').send({ partnerId: partner.id })).status).toBe(403);

    await asSession(app, admin).patch(`/api/v1/admin/operators/${viewer.account.id}`).send({ role: 'admin' }).expect(200);
    await asSession(app, viewer).post('/api/v1/admin/partners').send({ name: 'Promoted Agency' }).expect(201);
  });

  it('refuses a disabled operator on the next request: sessions and personal keys alike, and the key stays dead', async () => {
    const operator = await signedInOperator(app, 'reviewer');
    const issued = await asSession(app, operator)
      .post(`/api/v1/admin/operators/${operator.account.id}/api-keys`)
      .send({ name: 'report' })
      .expect(201);
    expect(issued.body.apiKey).toMatch(/^opk_/);
    await withKey(app, issued.body.apiKey).get('/api/v1/admin/partners').expect(200);
    // The key has its account's role.
    expect((await withKey(app, issued.body.apiKey).post('/api/v1/admin/partners').send({ name: 'x' })).status).toBe(403);

    await asSession(app, admin).patch(`/api/v1/admin/operators/${operator.account.id}`).send({ disabled: true }).expect(200);
    expect((await asSession(app, operator).get('/api/v1/admin/partners')).status).toBe(401);
    const refused = await withKey(app, issued.body.apiKey).get('/api/v1/admin/partners');
    expect([refused.status, refused.body.code]).toEqual([401, 'API_KEY_INVALID']);
    expect((await signIn(operator.email)).status).toBe(401);

    // Enabled again, the account signs in again; its key died with the disabling.
    await asSession(app, admin).patch(`/api/v1/admin/operators/${operator.account.id}`).send({ disabled: false }).expect(200);
    expect((await withKey(app, issued.body.apiKey).get('/api/v1/admin/partners')).status).toBe(401);
    const keys = await asSession(app, admin).get(`/api/v1/admin/operators/${operator.account.id}/api-keys`).expect(200);
    expect(keys.body.data).toEqual([expect.objectContaining({ id: issued.body.id, revokedAt: expect.any(String) })]);
  });

  it('lets only the account itself issue its keys, and the account or an admin revoke them', async () => {
    const owner = await signedInOperator(app, 'viewer');
    const other = await signedInOperator(app, 'viewer');
    expect((await asSession(app, admin).post(`/api/v1/admin/operators/${owner.account.id}/api-keys`).send({})).status).toBe(403);
    const key = await asSession(app, owner).post(`/api/v1/admin/operators/${owner.account.id}/api-keys`).send({}).expect(201);
    expect((await asSession(app, other).get(`/api/v1/admin/operators/${owner.account.id}/api-keys`)).status).toBe(403);
    expect((await asSession(app, other).delete(`/api/v1/admin/operators/${owner.account.id}/api-keys/${key.body.id}`)).status).toBe(403);
    await asSession(app, admin).delete(`/api/v1/admin/operators/${owner.account.id}/api-keys/${key.body.id}`).expect(204);
    expect((await withKey(app, key.body.apiKey).get('/api/v1/admin/partners')).status).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const operator = await signedInOperator(app, 'viewer');
    const code = operator.recoveryCodes[0]!;
    const first = await signIn(operator.email).expect(200);
    expect(first.body.enrolment).toBeNull();
    const used = await request(app.url)
      .post('/api/v1/admin/session/second-factor')
      .send({ challenge: first.body.challenge, recoveryCode: code })
      .expect(200);
    expect(used.body.recoveryCodes).toBeNull();
    await request(app.url).get('/api/v1/admin/session').set('Cookie', sessionCookieOf(used)).expect(200);

    const second = await signIn(operator.email).expect(200);
    const again = await request(app.url)
      .post('/api/v1/admin/session/second-factor')
      .send({ challenge: second.body.challenge, recoveryCode: code });
    expect([again.status, again.body.code]).toEqual([401, 'SECOND_FACTOR_INVALID']);
    // Another code, and the authenticator's, still work.
    await request(app.url)
      .post('/api/v1/admin/session/second-factor')
      .send({ challenge: second.body.challenge, recoveryCode: operator.recoveryCodes[1]!.toLowerCase() })
      .expect(200);
    const third = await signIn(operator.email).expect(200);
    await request(app.url)
      .post('/api/v1/admin/session/second-factor')
      .send({ challenge: third.body.challenge, code: nextTotpCode(operator.secret) })
      .expect(200);
  });

  it('signs out: the session ends and the cookie is cleared', async () => {
    const operator = await signedInOperator(app, 'viewer');
    const out = await asSession(app, operator).delete('/api/v1/admin/session').expect(204);
    expect((out.headers['set-cookie'] as unknown as string[])[0]).toMatch(/^__Host-operator_session=; .*Max-Age=0/);
    expect((await asSession(app, operator).get('/api/v1/admin/session')).status).toBe(401);
  });

  it('keeps every grant and change in the account history, naming who did it', async () => {
    const operator = await signedInOperator(app, 'viewer');
    await asSession(app, admin)
      .patch(`/api/v1/admin/operators/${operator.account.id}`)
      .send({ role: 'reviewer', name: '새 이름' })
      .expect(200);
    await asSession(app, admin).post(`/api/v1/admin/operators/${operator.account.id}/second-factor/reset`).expect(204);
    await asSession(app, admin).patch(`/api/v1/admin/operators/${operator.account.id}`).send({ disabled: true }).expect(200);

    const history = await asSession(app, admin).get(`/api/v1/admin/operators/${operator.account.id}/history`).expect(200);
    const lines = (history.body.data as Array<{ event: string; before: string | null; after: string | null; byKind: string; byId: string }>)
      .map(({ event, before, after, byKind, byId }) => ({ event, before, after, byKind, byId }))
      .reverse();
    expect(lines).toEqual([
      { event: 'granted', before: null, after: 'viewer', byKind: 'bootstrap', byId: expect.stringMatching(/^env:[0-9a-f]{8}$/) },
      { event: 'second-factor-enrolled', before: null, after: null, byKind: 'operator', byId: operator.account.id },
      { event: 'name-changed', before: expect.any(String), after: '새 이름', byKind: 'operator', byId: admin.account.id },
      { event: 'role-changed', before: 'viewer', after: 'reviewer', byKind: 'operator', byId: admin.account.id },
      { event: 'second-factor-reset', before: null, after: null, byKind: 'operator', byId: admin.account.id },
      { event: 'disabled', before: null, after: null, byKind: 'operator', byId: admin.account.id },
    ]);
    expect(history.body.pagination.total).toBe(6);
    // Append-only in the database too: the service's own connection can neither change nor delete a row.
    await expect(
      app.dataSource.query(`UPDATE operator_account_history SET after = 'admin' WHERE account_id = $1`, [operator.account.id]),
    ).rejects.toThrow(/append-only/);
    await expect(app.dataSource.query(`DELETE FROM operator_account_history WHERE account_id = $1`, [operator.account.id])).rejects.toThrow(
      /append-only/,
    );
    await expect(app.dataSource.query(`TRUNCATE operator_account_history`)).rejects.toThrow(/append-only/);
  });

  it("refuses passwords outside the guide's rule (8 of 3 kinds or 10 of 2), naming password", async () => {
    for (const password of ['Short1!', 'abcdefgh1', 'abcdefghij']) {
      const refused = await asOperator(app)
        .post('/api/v1/admin/operators')
        .send({ email: nextOperatorEmail(), name: 'x', role: 'viewer', password });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'password', message: expect.stringMatching(/^must be at least 8/) }]);
    }
    await asOperator(app)
      .post('/api/v1/admin/operators')
      .send({ email: nextOperatorEmail(), name: 'x', role: 'viewer', password: 'abcdefgh12' })
      .expect(201);
    await asOperator(app)
      .post('/api/v1/admin/operators')
      .send({ email: nextOperatorEmail(), name: 'x', role: 'viewer', password: 'abcdEF12' })
      .expect(201);
  });

  it('refuses a second account with the same e-mail in another case (409)', async () => {
    const email = nextOperatorEmail();
    await createOperator(app, 'viewer', email);
    const again = await asOperator(app)
      .post('/api/v1/admin/operators')
      .send({ email: email.toUpperCase(), name: 'x', role: 'viewer', password: GOOD_PASSWORD });
    expect([again.status, again.body.code]).toEqual([409, 'OPERATOR_EMAIL_TAKEN']);
  });

  it('keeps the last enabled admin (409 LAST_ADMIN)', async () => {
    const { dataSource } = app;
    const admins = await dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM operator_accounts WHERE role = 'admin' AND disabled_at IS NULL`,
    );
    for (const other of admins.filter(({ id }) => id !== admin.account.id)) {
      await asSession(app, admin).patch(`/api/v1/admin/operators/${other.id}`).send({ disabled: true }).expect(200);
    }
    const refused = await asSession(app, admin).patch(`/api/v1/admin/operators/${admin.account.id}`).send({ role: 'viewer' });
    expect([refused.status, refused.body.code]).toEqual([409, 'LAST_ADMIN']);
  });

  it('records failed sign-ins and refused keys as security events when the access records are mounted', async () => {
    // The access-records module provides the sink; here a recording one stands in for it.
    const events: AccessRecordEntry[] = [];
    const sink: AccessRecordSink = { append: async (entry) => void events.push(entry) };
    Object.assign(app.app.get(OperatorAuthenticator), { sink });
    try {
      const operator = await signedInOperator(app, 'viewer');
      await signIn(operator.email, 'Wrong#pass1').expect(401);
      const key = await asSession(app, operator).post(`/api/v1/admin/operators/${operator.account.id}/api-keys`).send({}).expect(201);
      await asSession(app, operator).delete(`/api/v1/admin/operators/${operator.account.id}/api-keys/${key.body.id}`).expect(204);
      await withKey(app, key.body.apiKey).get('/api/v1/admin/partners').expect(401);
      expect(events.map(({ actor, action, operation, subjects, address }) => ({ actor, action, operation, subjects, address }))).toEqual([
        {
          actor: { kind: 'operator', id: operator.account.id },
          action: 'sign-in-failed',
          operation: 'operator.sign-in',
          subjects: [],
          address: '127.0.0.1',
        },
        {
          actor: { kind: 'operator', id: operator.account.id },
          action: 'key-refused',
          operation: 'operator.api-key',
          subjects: [],
          address: '127.0.0.1',
        },
      ]);
    } finally {
      Object.assign(app.app.get(OperatorAuthenticator), { sink: undefined });
    }
  });

  it("scopes operators' Idempotency-Keys to the operator: the same key from two operators makes two partners", async () => {
    const first = await signedInOperator(app, 'admin');
    const second = await signedInOperator(app, 'admin');
    const body = { name: 'Idempotent Agency' };
    const a = await asSession(app, first).post('/api/v1/admin/partners').set('Idempotency-Key', 'same-key').send(body).expect(201);
    const b = await asSession(app, second).post('/api/v1/admin/partners').set('Idempotency-Key', 'same-key').send(body).expect(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body.id).not.toBe(a.body.id);
    const replay = await asSession(app, first).post('/api/v1/admin/partners').set('Idempotency-Key', 'same-key').send(body).expect(201);
    expect([replay.headers['idempotent-replayed'], replay.body.id]).toEqual(['true', a.body.id]);
  });
});

describe('operators: the bootstrap key in production (lead-distribution)', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution({
      env: {
        NODE_ENV: 'production',
        DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
        LOOKUP_HASH_KEY: randomBytes(32).toString('base64'),
        CDN_BASE_URL: 'https://cdn.example.com',
        FILE_UPLOAD_SECRET: TEST_FILE_UPLOAD_SECRET,
        PUBLIC_BASE_URL: 'https://lead-api.example.com',
      },
    });
  });
  afterAll(() => app.close());

  it('may only create the first admin, and is refused once an enabled admin exists', async () => {
    const limited = await asOperator(app).get('/api/v1/admin/partners');
    expect([limited.status, limited.body.code]).toEqual([403, 'BOOTSTRAP_KEY_LIMITED']);
    const notAdmin = await asOperator(app)
      .post('/api/v1/admin/operators')
      .send({ email: nextOperatorEmail(), name: 'x', role: 'viewer', password: GOOD_PASSWORD });
    expect(notAdmin.status).toBe(400);
    await createOperator(app, 'admin');

    const retired = await asOperator(app)
      .post('/api/v1/admin/operators')
      .send({ email: nextOperatorEmail(), name: 'y', role: 'admin', password: GOOD_PASSWORD });
    expect([retired.status, retired.body.code]).toEqual([401, 'BOOTSTRAP_KEY_RETIRED']);
    expect((await asOperator(app).get('/api/v1/admin/partners')).status).toBe(401);
  });
});
