import type { CustomerDto, OrganisationWithSecretDto } from '#contracts';
import {
  MARKETING_TERM_ID,
  REQUIRED_TERM_IDS,
  sandboxCode,
  signIn,
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
  type SignedIn,
  type VerificationBody,
} from './support/coverage-claims.js';
import { given } from './support/given.js';

describe('customers', () => {
  let app: CoverageClaimsTestApp;
  let organisation: OrganisationWithSecretDto;
  let planner: SignedIn;
  let otherPlanner: SignedIn;
  let admin: SignedIn;
  let outsiderAdmin: SignedIn;

  const as = (user: SignedIn) => withToken(app, user.accessToken);

  /** A verified customer of `user`: the request, its confirmation and the customer's id. */
  const verifiedCustomer = (body: VerificationBody, user: SignedIn = planner) => given(app).as(user).verifiedCustomer(body);

  const count = async (table: string, customerId: string) =>
    Number(
      (await app.dataSource.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM ${table} WHERE customer_id = $1`, [customerId]))[0]!.n,
    );

  beforeAll(async () => {
    app = await startCoverageClaims();
    ({ organisation, planner, otherPlanner, admin, outsiderAdmin } = await given(app).team('고객 에셋'));
  });
  afterAll(() => app.close());

  it('shows the planner the customer they created, with the consents given through them', async () => {
    const body = verificationBody({
      name: '정다운',
      birthDate: '19810707',
      gender: 'F',
      agreedTermIds: [...REQUIRED_TERM_IDS, MARKETING_TERM_ID],
    });
    const { verification, customerId } = await verifiedCustomer(body);

    const customer = (await as(planner).get(`/api/v1/customers/${customerId}`).expect(200)).body as CustomerDto;
    expect(customer).toEqual({
      id: customerId,
      number: expect.any(Number),
      name: '정다운',
      birthDate: '19810707',
      gender: 'F',
      phone: body.phone,
      ci: null,
      plannerId: planner.userId,
      consents: expect.any(Array),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(Number.isInteger(customer.number) && customer.number > 0).toBe(true);
    expect(customer.consents.map((consent) => consent.termId)).toEqual([...REQUIRED_TERM_IDS, MARKETING_TERM_ID]);
    expect(customer.consents[3]).toEqual({
      termId: MARKETING_TERM_ID,
      version: 1,
      title: '마케팅 정보 수신 동의',
      required: false,
      agreedAt: expect.any(String),
      plannerId: planner.userId,
      verificationId: verification.id,
    });
  });

  it('returns 404 to a planner for another planner’s customer, reading or deleting, while an ORG_ADMIN sees it', async () => {
    const { customerId } = await verifiedCustomer(verificationBody({ name: '한지민' }));

    expect((await as(otherPlanner).get(`/api/v1/customers/${customerId}`).expect(404)).body.code).toBe('CUSTOMER_NOT_FOUND');
    expect((await as(otherPlanner).delete(`/api/v1/customers/${customerId}`).expect(404)).body.code).toBe('CUSTOMER_NOT_FOUND');
    expect((await as(admin).get(`/api/v1/customers/${customerId}`).expect(200)).body.name).toBe('한지민');
    await as(planner).get(`/api/v1/customers/${customerId}`).expect(200);
  });

  it('returns 404 for another organisation’s customer, even to its ORG_ADMIN, and for an unknown id; 400 for a malformed one', async () => {
    const { customerId } = await verifiedCustomer(verificationBody({ name: '서보람' }));
    await as(outsiderAdmin).get(`/api/v1/customers/${customerId}`).expect(404);
    await as(outsiderAdmin).delete(`/api/v1/customers/${customerId}`).expect(404);
    await as(admin).get('/api/v1/customers/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10').expect(404);
    expect((await as(admin).get('/api/v1/customers/not-a-uuid').expect(400)).body.errors).toEqual([
      { field: 'id', message: 'must be a UUID' },
    ]);
    expect(await count('customer_verifications', customerId)).toBe(1);
  });

  it('deletes a customer with their consents and verifications (and the refused requests for their phone), for the planner who created them; the token stops working', async () => {
    const body = verificationBody({ name: '삭제대상' });
    const { customerId, confirmed } = await verifiedCustomer(body);
    // A second, unconfirmed request (a minute later) adds a verification and its consents.
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '1 minute' WHERE customer_id = $1`, [
      customerId,
    ]);
    await as(planner).post('/api/v1/coverage/verifications').send(body).expect(201);
    // The second request is not confirmed: its consents are not recorded.
    expect([await count('customer_verifications', customerId), await count('customer_consents', customerId)]).toEqual([2, 3]);
    // A request for the same phone whose SMS the gateway refused: FAILED, naming no customer.
    const failedRequests = `SELECT count(*) AS n FROM customer_verifications
      WHERE customer_id IS NULL AND status = 'FAILED' AND phone_hash = (SELECT phone_hash FROM customers WHERE id = $1)`;
    await app.dataSource.query(
      `INSERT INTO customer_verifications (id, organisation_id, customer_id, planner_id, phone_hash, code_hash, gender, agreed_term_ids,
                                           expires_at, failed_attempts, status, created_at)
       SELECT gen_random_uuid(), organisation_id, NULL, planner_id, phone_hash, code_hash, gender, agreed_term_ids,
              expires_at, 0, 'FAILED', created_at - interval '2 minutes'
         FROM customer_verifications WHERE customer_id = $1 LIMIT 1`,
      [customerId],
    );
    const [{ phone_hash: phoneHash }] = await app.dataSource.query(`SELECT phone_hash FROM customers WHERE id = $1`, [customerId]);
    expect(Number((await app.dataSource.query(failedRequests, [customerId]))[0].n)).toBe(1);

    await as(planner).delete(`/api/v1/customers/${customerId}`).expect(204);
    const leftForPhone = await app.dataSource.query(`SELECT count(*) AS n FROM customer_verifications WHERE phone_hash = $1`, [phoneHash]);
    expect(Number(leftForPhone[0].n)).toBe(0);

    expect([
      await count('customer_verifications', customerId),
      await count('customer_consents', customerId),
      Number((await app.dataSource.query(`SELECT count(*) AS n FROM customers WHERE id = $1`, [customerId]))[0].n),
    ]).toEqual([0, 0, 0]);
    await as(planner).get(`/api/v1/customers/${customerId}`).expect(404);
    await as(planner).delete(`/api/v1/customers/${customerId}`).expect(404);
    const rows = await app.dataSource.query(`SELECT 1 FROM customer_verifications WHERE token_hash IS NOT NULL AND customer_id = $1`, [
      customerId,
    ]);
    expect(rows).toHaveLength(0);
    expect(confirmed.verificationToken).toMatch(/^vt_/);
  });

  it('lets an ORG_ADMIN delete any customer of the organisation', async () => {
    const { customerId } = await verifiedCustomer(verificationBody({ name: '관리삭제' }), otherPlanner);
    await as(admin).delete(`/api/v1/customers/${customerId}`).expect(204);
    expect(await count('customer_consents', customerId)).toBe(0);
  });

  it('keeps a customer when their planner is deleted: only admins see them then; another planner verifying the person gets their own', async () => {
    const leaving = await signIn(app, organisation, { name: '퇴사설계' });
    const body = verificationBody({ name: '남은고객' });
    const { customerId } = await verifiedCustomer(body, leaving);
    await as(admin).delete(`/api/v1/users/${leaving.userId}`).expect(204);

    expect(((await as(admin).get(`/api/v1/customers/${customerId}`).expect(200)).body as CustomerDto).plannerId).toBeNull();
    await as(planner).get(`/api/v1/customers/${customerId}`).expect(404);
    await app.dataSource.query(`UPDATE customer_verifications SET created_at = created_at - interval '1 minute' WHERE customer_id = $1`, [
      customerId,
    ]);
    const mine = await verifiedCustomer(body, planner);
    expect(mine.customerId).not.toBe(customerId);
    expect(((await as(planner).get(`/api/v1/customers/${mine.customerId}`).expect(200)).body as CustomerDto).plannerId).toBe(
      planner.userId,
    );
    await as(planner).get(`/api/v1/customers/${customerId}`).expect(404);
    expect(((await as(admin).get(`/api/v1/customers/${customerId}`).expect(200)).body as CustomerDto).plannerId).toBeNull();
  });

  it('keeps names, birth dates, phones and numbers encrypted at rest: no row of any table holds them in plain', async () => {
    const body = verificationBody({ name: '암호화확인', birthDate: '19660606', phone: '010-4321-8765' });
    const { confirmed } = await verifiedCustomer(body);
    const code = await sandboxCode(app, body.phone);

    const tables = ['customers', 'customer_verifications', 'customer_consents', 'sandbox_sms_messages', 'idempotency_records'];
    const dump = (
      await Promise.all(tables.map((table) => app.dataSource.query<Array<{ row: string }>>(`SELECT t::text AS row FROM ${table} t`)))
    )
      .flat()
      .map(({ row }) => row)
      .join('\n');
    expect(dump.length).toBeGreaterThan(1000);
    const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
    for (const plain of ['암호화확인', '01043218765', '4321-8765', '19660606', code, confirmed.verificationToken]) {
      expect(dump).not.toContain(plain);
      // bytea columns print as hex: not there either.
      expect(dump).not.toContain(hex(plain));
    }
  });
});
