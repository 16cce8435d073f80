import { createHash, createHmac } from 'node:crypto';
import {
  UserRole,
  type CustomerDto,
  type OrganisationWithSecretDto,
  type VerificationConfirmedDto,
  type VerificationDto,
} from '#contracts';
import pg from 'pg';
import { CustomersService } from '../src/customers/customers.service.js';
import { VerificationsService } from '../src/verifications/verifications.service.js';
import {
  MARKETING_TERM_ID,
  REQUIRED_TERM_IDS,
  asOperator,
  nextPhone,
  sandboxCode,
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
  type SignedIn,
  type VerificationBody,
} from './support/coverage-claims.js';
import { given } from './support/given.js';

describe('one-time number verification', () => {
  let app: CoverageClaimsTestApp;
  let organisation: OrganisationWithSecretDto;
  let otherOrganisation: OrganisationWithSecretDto;
  let planner: SignedIn;
  let otherPlanner: SignedIn;
  let admin: SignedIn;
  let outsider: SignedIn;

  const as = (user: SignedIn) => withToken(app, user.accessToken);

  async function requestVerification(body: VerificationBody = verificationBody(), user: SignedIn = planner): Promise<VerificationDto> {
    return (await as(user).post('/api/v1/coverage/verifications').send(body).expect(201)).body as VerificationDto;
  }

  const confirm = (id: string, code: string, user: SignedIn = planner) =>
    as(user).post(`/api/v1/coverage/verifications/${id}/confirm`).send({ code });

  /** A 6-digit number that is not `code`. */
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  const principalOf = (user: SignedIn, organisationId = organisation.id, role = UserRole.Planner) => ({
    userId: user.userId,
    organisationId,
    role,
  });

  beforeAll(async () => {
    app = await startCoverageClaims();
    ({ organisation, planner, otherPlanner, admin, otherOrganisation, outsiderAdmin: outsider } = await given(app).team('인증 에셋'));
  });
  afterAll(() => app.close());

  it('sends a 6-digit number by SMS and gives a verification token for it, valid 30 minutes', async () => {
    const body = verificationBody({ phone: '010-2345-6789' });
    const started = Date.now();
    const verification = await requestVerification(body);
    expect(verification).toEqual({
      id: expect.any(String),
      customerId: expect.any(String),
      maskedPhone: '010-****-6789',
      expiresAt: expect.any(String),
      expiresIn: 180,
      resendAvailableAt: expect.any(String),
      attemptsLeft: 5,
    });
    expect(Date.parse(verification.expiresAt) - started).toBeGreaterThan(170_000);
    expect(Date.parse(verification.expiresAt) - Date.parse(verification.resendAvailableAt)).toBe(120_000);

    const code = await sandboxCode(app, '01023456789');
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = (await confirm(verification.id, code).expect(200)).body as VerificationConfirmedDto;
    expect(confirmed).toEqual({
      verificationId: verification.id,
      customerId: verification.customerId,
      verificationToken: expect.stringMatching(/^vt_[A-Za-z0-9_-]{43}$/),
      verificationTokenExpiresAt: expect.any(String),
      expiresIn: 1800,
    });
    expect(Date.parse(confirmed.verificationTokenExpiresAt) - Date.now()).toBeGreaterThan(1790_000);
  });

  it('stores the number only as a keyed hash bound to its verification, never its plain SHA-256', async () => {
    const body = verificationBody();
    const verification = await requestVerification(body);
    const code = await sandboxCode(app, body.phone);
    const [row] = await app.dataSource.query<Array<{ code_hash: string }>>(`SELECT code_hash FROM customer_verifications WHERE id = $1`, [
      verification.id,
    ]);
    const sha = (value: string) => createHash('sha256').update(value).digest('hex');
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect([sha(code), sha(`${verification.id}:${code}`)]).not.toContain(row!.code_hash);
  });

  it('returns 400 VERIFICATION_CODE_INVALID with the attempts left for a wrong number', async () => {
    const body = verificationBody();
    const verification = await requestVerification(body);
    const code = await sandboxCode(app, body.phone);

    const first = await confirm(verification.id, wrong(code)).expect(400);
    expect(first.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(first.body).toMatchObject({ code: 'VERIFICATION_CODE_INVALID', attemptsLeft: 4, errors: [{ field: 'code' }] });
    expect((await confirm(verification.id, wrong(code)).expect(400)).body.attemptsLeft).toBe(3);
    // Wrong tries below the limit leave the right number usable.
    await confirm(verification.id, code).expect(200);
  });

  it('returns 410 VERIFICATION_EXPIRED once the number is past its 180 s', async () => {
    const body = verificationBody();
    const verification = await requestVerification(body);
    const code = await sandboxCode(app, body.phone);
    await app.dataSource.query(`UPDATE customer_verifications SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      verification.id,
    ]);

    const response = await confirm(verification.id, code).expect(410);
    expect(response.body).toMatchObject({ code: 'VERIFICATION_EXPIRED', status: 410, title: 'Gone' });
  });

  it('marks the request FAILED when recording the customer fails after the SMS went out, so a new request need not wait 60 s', async () => {
    const body = verificationBody({ name: '기록실패' });
    // The customer's insert fails once the number is out (step 3), as a database error would make it.
    await app.dataSource.query(`CREATE FUNCTION refuse_customer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await app.dataSource.query(`CREATE TRIGGER refuse_customer BEFORE INSERT ON customers FOR EACH ROW EXECUTE FUNCTION refuse_customer()`);
    try {
      await as(planner).post('/api/v1/coverage/verifications').send(body).expect(500);
    } finally {
      await app.dataSource.query(`DROP TRIGGER refuse_customer ON customers`);
      await app.dataSource.query(`DROP FUNCTION refuse_customer()`);
    }
    const [row] = await app.dataSource.query<Array<{ status: string; customer_id: string | null }>>(
      `SELECT status, customer_id FROM customer_verifications ORDER BY created_at DESC LIMIT 1`,
    );
    expect(row).toEqual({ status: 'FAILED', customer_id: null });
    await requestVerification(body);
  });

  it('expires an earlier number once a newer one has been sent to the phone: 410 for the old, 200 for the new', async () => {
    const body = verificationBody();
    const first = await requestVerification(body);
    const firstCode = await sandboxCode(app, body.phone);
    // Past the 60 s resend guard, without waiting for it.
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '61 seconds' WHERE id = $1`, [
      first.id,
    ]);
    const second = await requestVerification(body);
    const secondCode = await sandboxCode(app, body.phone);

    expect((await confirm(first.id, firstCode).expect(410)).body.code).toBe('VERIFICATION_EXPIRED');
    await confirm(second.id, secondCode).expect(200);
  });

  it('leaves the number of another customer sharing the phone good when a number is sent for this one', async () => {
    const parent = verificationBody({ name: '김부모' });
    const child = { ...parent, name: '김자녀', birthDate: '20050101' };
    const parentRequest = await requestVerification(parent);
    const parentCode = await sandboxCode(app, parent.phone);
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '61 seconds' WHERE id = $1`, [
      parentRequest.id,
    ]);
    const childRequest = await requestVerification(child);
    expect(childRequest.customerId).not.toBe(parentRequest.customerId);
    await confirm(parentRequest.id, parentCode).expect(200);
  });

  it('locks the verification after 5 wrong numbers: 423 VERIFICATION_LOCKED even for the right one', async () => {
    const body = verificationBody();
    const verification = await requestVerification(body);
    const code = await sandboxCode(app, body.phone);
    const left: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) left.push((await confirm(verification.id, wrong(code)).expect(400)).body.attemptsLeft);
    expect(left).toEqual([4, 3, 2, 1, 0]);

    expect((await confirm(verification.id, code).expect(423)).body.code).toBe('VERIFICATION_LOCKED');
    const [row] = await app.dataSource.query<Array<{ status: string; failed_attempts: number }>>(
      `SELECT status, failed_attempts FROM customer_verifications WHERE id = $1`,
      [verification.id],
    );
    expect(row).toEqual({ status: 'LOCKED', failed_attempts: 5 });
  });

  it('returns 429 VERIFICATION_RESEND_TOO_SOON with Retry-After for the same phone within 60 s, per organisation', async () => {
    const body = verificationBody();
    const first = await requestVerification(body);
    // Another planner of the organisation, another name: still the same phone.
    const response = await as(otherPlanner)
      .post('/api/v1/coverage/verifications')
      .send({ ...body, name: '홍길순' })
      .expect(429);
    expect(response.body.code).toBe('VERIFICATION_RESEND_TOO_SOON');
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(55);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another organisation's planner may send to the same phone.
    await requestVerification(body, outsider);

    // Sixty seconds later (the request moved back in time), a new number may be sent.
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '60 seconds' WHERE id = $1`, [
      first.id,
    ]);
    await requestVerification(body);
  });

  it('returns 409 VERIFICATION_ALREADY_CONFIRMED confirming a second time', async () => {
    const body = verificationBody();
    const verification = await requestVerification(body);
    const code = await sandboxCode(app, body.phone);
    await confirm(verification.id, code).expect(200);

    expect((await confirm(verification.id, code).expect(409)).body.code).toBe('VERIFICATION_ALREADY_CONFIRMED');
  });

  it('returns 400 TERMS_NOT_AGREED naming agreedTermIds when a required term is not agreed, and sends nothing', async () => {
    const body = verificationBody({ agreedTermIds: [REQUIRED_TERM_IDS[0]!, MARKETING_TERM_ID] });
    const response = await as(planner).post('/api/v1/coverage/verifications').send(body).expect(400);
    expect(response.body.code).toBe('TERMS_NOT_AGREED');
    expect(response.body.errors).toEqual([{ field: 'agreedTermIds', message: expect.stringContaining(REQUIRED_TERM_IDS[1]!) }]);
    expect(response.body.errors[0].message).toContain(REQUIRED_TERM_IDS[2]);
    const messages = await asOperator(app).get('/api/v1/admin/sandbox/messages').query({ phone: body.phone }).expect(200);
    expect(messages.body.pagination.total).toBe(0);
  });

  it('returns 400 TERM_UNKNOWN naming each agreed id that is not a term in force', async () => {
    const body = verificationBody({ agreedTermIds: [...REQUIRED_TERM_IDS, 'coverage-privacy-collection-v0'] });
    const response = await as(planner).post('/api/v1/coverage/verifications').send(body).expect(400);
    expect(response.body).toMatchObject({ code: 'TERM_UNKNOWN', errors: [{ field: 'agreedTermIds.3' }] });
  });

  it('returns 400 naming each invalid or unknown field of a verification request', async () => {
    const response = await as(planner)
      .post('/api/v1/coverage/verifications')
      .send({ name: ' ', birthDate: '19850230', gender: 'X', phone: '02-123-4567', agreedTermIds: 'all', extra: true })
      .expect(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(new Set(response.body.errors.map((error: { field: string }) => error.field))).toEqual(
      new Set(['name', 'birthDate', 'gender', 'phone', 'agreedTermIds', 'extra']),
    );
    const future = await as(planner)
      .post('/api/v1/coverage/verifications')
      .send(verificationBody({ birthDate: '20991231', agreedTermIds: [REQUIRED_TERM_IDS[0]!, REQUIRED_TERM_IDS[0]!] }))
      .expect(400);
    expect(future.body.errors.map((error: { field: string }) => error.field)).toEqual(['birthDate', 'agreedTermIds']);
    const code = await confirm('0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10', '12345').expect(400);
    expect(code.body.errors).toEqual([{ field: 'code', message: 'must be 6 digits' }]);
  });

  it('returns 502 SMS_DELIVERY_FAILED when the SMS is not delivered, keeps no customer or consent, and holds no retry off', async () => {
    const body = verificationBody({ phone: '010-9876-0000', name: '배달실패' });
    const count = async (table: string) =>
      Number((await app.dataSource.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
    const before = { customers: await count('customers'), consents: await count('customer_consents') };
    const failed = await as(planner).post('/api/v1/coverage/verifications').send(body).expect(502);
    expect(failed.body).toMatchObject({ code: 'SMS_DELIVERY_FAILED', status: 502, title: 'Bad Gateway' });

    // At once again: the same refusal, not 429; no customer and no consent was kept either time.
    expect((await as(planner).post('/api/v1/coverage/verifications').send(body).expect(502)).body.code).toBe('SMS_DELIVERY_FAILED');
    expect({ customers: await count('customers'), consents: await count('customer_consents') }).toEqual(before);
    // What is kept is the record of the two refusals: FAILED, with no customer, never confirmable.
    const refused = await app.dataSource.query<Array<{ status: string; customer_id: string | null }>>(
      `SELECT status, customer_id FROM customer_verifications
        WHERE phone_hash IN (SELECT phone_hash FROM sandbox_sms_messages WHERE status = 'FAILED')`,
    );
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused.every((row) => row.status === 'FAILED' && row.customer_id === null)).toBe(true);

    // The planner corrects the number and the request goes through at once.
    await requestVerification({ ...body, phone: '010-9876-0001' });
  });

  it('returns 404 VERIFICATION_NOT_FOUND for another organisation’s or another planner’s verification; an ORG_ADMIN may confirm', async () => {
    const body = verificationBody();
    const verification = await requestVerification(body);
    const code = await sandboxCode(app, body.phone);

    expect((await confirm(verification.id, code, outsider).expect(404)).body.code).toBe('VERIFICATION_NOT_FOUND');
    expect((await confirm(verification.id, code, otherPlanner).expect(404)).body.code).toBe('VERIFICATION_NOT_FOUND');
    await confirm('0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10', code).expect(404);
    await confirm(verification.id, code, admin).expect(200);
  });

  it('keeps one customer per person for each planner, however the name was typed, with a consent per confirmed request', async () => {
    const body = verificationBody({ name: '남궁 민수', birthDate: '19900101', gender: 'M' });
    const first = await requestVerification({ ...body, agreedTermIds: [...REQUIRED_TERM_IDS, MARKETING_TERM_ID] });
    await confirm(first.id, await sandboxCode(app, body.phone)).expect(200);
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '1 minute' WHERE id = $1`, [first.id]);
    // Typed without the space by the same planner: the same person, the same customer.
    const second = await requestVerification({ ...body, name: '남궁민수' });
    expect(second.customerId).toBe(first.customerId);
    await confirm(second.id, await sandboxCode(app, body.phone)).expect(200);
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '1 minute' WHERE id = $1`, [
      second.id,
    ]);
    // Another birth date with the same phone (a family's phone): another customer.
    const relative = await requestVerification({ ...body, name: '남궁민지', birthDate: '19920505', gender: 'F' });
    expect(relative.customerId).not.toBe(first.customerId);
    // Another organisation: another customer.
    expect((await requestVerification(body, outsider)).customerId).not.toBe(first.customerId);

    const [customer] = await app.dataSource.query<Array<{ planner_id: string }>>(`SELECT planner_id FROM customers WHERE id = $1`, [
      first.customerId,
    ]);
    expect(customer!.planner_id).toBe(planner.userId);
    const consents = await app.dataSource.query<Array<{ term_id: string; planner_id: string; verification_id: string }>>(
      `SELECT term_id, planner_id, verification_id FROM customer_consents WHERE customer_id = $1 ORDER BY agreed_at, term_id`,
      [first.customerId],
    );
    expect(consents).toHaveLength(7);
    expect(consents.filter((consent) => consent.verification_id === first.id).map((consent) => consent.term_id)).toEqual(
      [...REQUIRED_TERM_IDS, MARKETING_TERM_ID].sort(),
    );
    expect(consents.every((consent) => consent.planner_id === planner.userId)).toBe(true);
  });

  it('changes an existing customer only when a request for them is confirmed', async () => {
    const body = verificationBody({ name: '변경대상', birthDate: '19800808', gender: 'M' });
    const first = await requestVerification(body);
    await confirm(first.id, await sandboxCode(app, body.phone)).expect(200);
    const gender = async () =>
      (await app.dataSource.query<Array<{ gender: string }>>(`SELECT gender FROM customers WHERE id = $1`, [first.customerId]))[0]!.gender;
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '1 minute' WHERE id = $1`, [first.id]);
    // A request stating another gender, never confirmed: the customer stays as they were.
    const unconfirmed = await requestVerification({ ...body, gender: 'F' });
    expect(unconfirmed.customerId).toBe(first.customerId);
    expect(await gender()).toBe('M');
    // Confirmed, it sets the gender it stated.
    await confirm(unconfirmed.id, await sandboxCode(app, body.phone)).expect(200);
    expect(await gender()).toBe('F');
  });

  it('neither reveals nor changes another planner’s customer: a verification of the same person gets a customer of its own', async () => {
    const body = verificationBody({ name: '남의고객', birthDate: '19770707', gender: 'M' });
    const mine = await requestVerification(body);
    const myCode = await sandboxCode(app, body.phone);
    // A colleague verifies the same person a minute later (the 60 s guard is per phone and organisation).
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '1 minute' WHERE id = $1`, [mine.id]);
    const theirs = await requestVerification({ ...body, gender: 'F' }, otherPlanner);
    // What the 201 carries is theirs: a customer they can read, not mine (which stays a 404 to them).
    expect(theirs.customerId).not.toBe(mine.customerId);
    await as(otherPlanner).get(`/api/v1/customers/${theirs.customerId}`).expect(200);
    await as(otherPlanner).get(`/api/v1/customers/${mine.customerId}`).expect(404);
    await confirm(theirs.id, await sandboxCode(app, body.phone), otherPlanner).expect(200);
    // My number was not expired by their request, and their confirmation did not change my customer.
    await confirm(mine.id, myCode).expect(200);
    const mineNow = (await as(planner).get(`/api/v1/customers/${mine.customerId}`).expect(200)).body as CustomerDto;
    expect(mineNow).toMatchObject({ gender: 'M', plannerId: planner.userId });
    expect(mineNow.consents.every((consent) => consent.verificationId === mine.id)).toBe(true);
    // An admin sees both records.
    await as(admin).get(`/api/v1/customers/${mine.customerId}`).expect(200);
    await as(admin).get(`/api/v1/customers/${theirs.customerId}`).expect(200);
  });

  it('answers a burst of requests for one phone queued on its lock (a pool’s worth) with one 201 and 429s, without stalling', async () => {
    const body = verificationBody({ name: '동시요청' });
    const lockKey = `verification:${organisation.id}:${app.app.get(CustomersService).phoneHash(body.phone.replace(/\D/g, ''))}`;
    // Hold the phone's lock from outside the service's pool until every pooled connection is a
    // request waiting for it: the one that then gets it must not need another connection before
    // it lets its own go (the SMS gateway's record is written on one).
    const outside = new pg.Client({ connectionString: (app.dataSource.options as { url: string }).url });
    await outside.connect();
    try {
      await outside.query(`SELECT pg_advisory_lock(hashtextextended($1, 0))`, [lockKey]);
      const burst = app.config.DATABASE_POOL_SIZE + 4;
      const responses = Promise.all(
        Array.from({ length: burst }, () =>
          as(planner)
            .post('/api/v1/coverage/verifications')
            .send(body)
            .timeout(20_000)
            .then((response) => response.status),
        ),
      );
      const waiting = async () =>
        Number(
          (
            await outside.query<{ n: string }>(
              `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND wait_event = 'advisory' AND pid <> pg_backend_pid()`,
            )
          ).rows[0]!.n,
        );
      while ((await waiting()) < app.config.DATABASE_POOL_SIZE) await new Promise((resolve) => setTimeout(resolve, 20));
      await outside.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [lockKey]);
      const statuses = await responses;
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 429)).toHaveLength(burst - 1);
    } finally {
      await outside.end();
    }
  }, 30_000);

  it('replays the first answer to a request repeated with its Idempotency-Key, without a second SMS', async () => {
    const body = verificationBody();
    const send = () => as(planner).post('/api/v1/coverage/verifications').set('Idempotency-Key', `verify-${body.phone}`).send(body);
    const first = await send().expect(201);
    const again = await send().expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const messages = await asOperator(app).get('/api/v1/admin/sandbox/messages').query({ phone: body.phone }).expect(200);
    expect(messages.body.pagination.total).toBe(1);
    // The record keeps the request only as a keyed hash: the plain SHA-256 of a name, birth date and
    // phone could be found again by trying them all.
    const [record] = await app.dataSource.query<Array<{ request_hash: string }>>(
      `SELECT request_hash FROM idempotency_records WHERE idempotency_key = $1`,
      [`verify-${body.phone}`],
    );
    const text = `POST /api/v1/coverage/verifications\n${JSON.stringify(body)}`;
    const key = createHmac('sha256', Buffer.from(app.config.LOOKUP_HASH_KEY!, 'base64url')).update('platform:idempotency-request').digest();
    expect(record!.request_hash).toBe(createHmac('sha256', key).update(text).digest('hex'));
    expect(record!.request_hash).not.toBe(createHash('sha256').update(text).digest('hex'));
  });

  describe('requireVerifiedCustomer (what the coverage analysis calls)', () => {
    let service: VerificationsService;
    let token: string;
    let body: VerificationBody;

    beforeAll(async () => {
      service = app.app.get(VerificationsService);
      body = verificationBody({ name: '분석대상', birthDate: '19771225', gender: 'F', phone: nextPhone() });
      const verification = await requestVerification(body);
      token = ((await confirm(verification.id, await sandboxCode(app, body.phone)).expect(200)).body as VerificationConfirmedDto)
        .verificationToken;
    });

    it('gives the customer a valid token was issued for, in plain, as often as asked until it expires', async () => {
      for (const user of [principalOf(planner), principalOf(admin, organisation.id, UserRole.OrgAdmin)]) {
        expect(await service.requireVerifiedCustomer(user, token)).toEqual({
          verificationId: expect.any(String),
          customerId: expect.any(String),
          customerNumber: expect.any(Number),
          name: '분석대상',
          birthDate: '19771225',
          gender: 'F',
          phone: body.phone,
          ci: null,
        });
      }
    });

    it('refuses a missing, unknown or expired token and another organisation’s or planner’s, all alike', async () => {
      const refusal = { code: 'VERIFICATION_TOKEN_INVALID', errors: [{ field: 'verificationToken', message: expect.any(String) }] };
      const refused = async (user: ReturnType<typeof principalOf>, presented: string | undefined) => {
        const error = await service.requireVerifiedCustomer(user, presented).then(
          () => null,
          (failure: unknown) => failure as { getStatus(): number; code: string; errors: unknown },
        );
        expect(error && { status: error.getStatus(), code: error.code, errors: error.errors }).toEqual({ status: 400, ...refusal });
      };
      await refused(principalOf(planner), undefined);
      await refused(principalOf(planner), '');
      await refused(principalOf(planner), `${token}x`);
      await refused(principalOf(admin, organisation.id, UserRole.OrgAdmin), `vt_${'A'.repeat(43)}`);
      await refused(principalOf(outsider, otherOrganisation.id, UserRole.OrgAdmin), token);
      await refused(principalOf(otherPlanner), token);

      await app.dataSource.query(`UPDATE customer_verifications SET token_expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
        createHash('sha256').update(token).digest('hex'),
      ]);
      await refused(principalOf(planner), token);
    });
  });
});
