import type { CheckupsDto, NhisAuthCompletedDto, NhisAuthDto } from '#contracts';
import type { NhisCheckup, NhisCustomer } from '../../src/integrations/nhis/nhis.port.js';
import { BAND_LABELS, judge } from '../../src/medical/checkups/reference-ranges/reference-ranges.js';
import { TwoStepSweep } from '../../src/two-step/two-step.sweep.js';
import { startCoverageClaims, withToken, type CoverageClaimsTestApp, type SignedIn, type VerificationBody } from './coverage-claims.js';
import { given } from './given.js';
import { REFERENCE_RANGES } from './medical-fixtures.js';

export const HEALTH_TERM_ID = 'medical-health-checkup-v1';

/** What the customer (or the source) does with the request, as the contract asks an adapter to arrange it. */
export type NhisCustomerFate = 'approves' | 'refuses' | 'down';

/** An NHIS adapter as the contract drives it: how to start it, and how to make its customer act. */
export interface NhisPortSubject {
  /** Configuration the service starts with (NHIS_ADAPTER and the adapter's own variables). */
  env(): Record<string, string>;
  before?(): Promise<void>;
  after?(): Promise<void>;
  /**
   * A fresh customer (a verification body) whose authentication goes as `fate` says once requested:
   * approved when `approve` is called, refused by the customer, or the source down at the request.
   */
  customer(fate: NhisCustomerFate): VerificationBody;
  /** The customer approves in their app. */
  approve(context: NhisPortContext, customer: VerificationBody): Promise<void>;
  /** The source's request runs out of time before anyone completes it. */
  expire(context: NhisPortContext, customer: VerificationBody, nhisAuthId: string): Promise<void>;
  /** The check-ups the source holds for the customer, as it reports them (oldest first). */
  checkupsOf(customer: NhisCustomer): NhisCheckup[];
}

/** What a contract's extra tests get: the app and a signed-in planner, once started, and the operations. */
export interface NhisPortContext {
  app(): CoverageClaimsTestApp;
  planner(): SignedIn;
  /** The customer made from `body` by a verification request, and their id. */
  customerOf(body: VerificationBody): Promise<string>;
  requestAuth(customerId: string, body?: Record<string, unknown>): ReturnType<ReturnType<typeof withToken>['post']>;
  complete(nhisAuthId: string): ReturnType<ReturnType<typeof withToken>['post']>;
  lookup(nhisAuthId: string): ReturnType<ReturnType<typeof withToken>['post']>;
  /** The session's row: status and the size of its sealed reference. */
  session(nhisAuthId: string): Promise<{ status: string; reference_bytes: number }>;
}

/** The lookup's answer as the source's check-ups judged against the table 2026-11 for `gender` should read. */
export function judgedAsTheTableSays(checkups: NhisCheckup[], gender: 'M' | 'F'): CheckupsDto['checkups'] {
  return checkups.map((checkup) => ({
    year: checkup.year,
    examinedOn: checkup.examinedOn,
    institution: checkup.institution,
    measurements: checkup.measurements.map((measurement) => {
      const range = REFERENCE_RANGES.rangeOf(measurement.code, gender)!;
      const band = range.unit === measurement.unit ? judge(range.rule, measurement.value) : null;
      return { ...measurement, name: range.name, band, bandLabel: band ? BAND_LABELS[band] : null };
    }),
  }));
}

/**
 * The NHIS port's contract, through the real AppModule over HTTP: simple authentication and the
 * check-up lookup answer alike whichever adapter is configured, and the service cannot tell them
 * apart. One spec file per adapter calls it (one app per file); `more` adds an adapter's own tests.
 */
export function nhisPortContract(adapter: string, subject: NhisPortSubject, more?: (context: NhisPortContext) => void): void {
  describe(`the NHIS port with the ${adapter} adapter`, () => {
    let app: CoverageClaimsTestApp;
    let planner: SignedIn;
    const as = () => withToken(app, planner.accessToken);

    const context: NhisPortContext = {
      app: () => app,
      planner: () => planner,
      customerOf: async (body) => (await given(app).as(planner).customer(body)).customerId,
      requestAuth: (customerId, body = {}) =>
        as()
          .post('/api/v1/medical-bojang/nhis-auth')
          .send({ customerId, provider: 'KAKAO', agreedTermIds: [HEALTH_TERM_ID], ...body }),
      complete: (nhisAuthId) => as().post(`/api/v1/medical-bojang/nhis-auth/${nhisAuthId}/complete`).send(),
      lookup: (nhisAuthId) => as().post('/api/v1/medical-bojang/checkups').send({ nhisAuthId }),
      session: async (nhisAuthId) => {
        const [row] = await app.dataSource.query<Array<{ status: string; reference_bytes: number }>>(
          `SELECT status, octet_length(reference_ciphertext) AS reference_bytes FROM two_step_sign_ins WHERE id = $1`,
          [nhisAuthId],
        );
        if (!row) throw new Error(`No NHIS session ${nhisAuthId}`);
        return row;
      },
    };
    const { customerOf, requestAuth, complete, lookup, session } = context;
    const nhisCustomer = (body: VerificationBody): NhisCustomer => ({
      name: body.name,
      birthDate: body.birthDate,
      gender: body.gender as NhisCustomer['gender'],
      phone: body.phone,
    });
    const storedCount = async (table: string, customerId: string) =>
      Number((await app.dataSource.query(`SELECT count(*) AS n FROM ${table} WHERE customer_id = $1`, [customerId]))[0].n);

    beforeAll(async () => {
      await subject.before?.();
      app = await startCoverageClaims({ env: subject.env() });
      planner = await given(app).planner({ organisation: '검진 에셋' });
    });
    afterAll(async () => {
      await app?.close();
      await subject.after?.();
    });

    it('answers 409 NHIS_AUTH_PENDING until the customer approves, then 200; the lookup answers the source’s check-ups judged against the table, stored', async () => {
      const body = subject.customer('approves');
      const customerId = await customerOf(body);
      const auth = (await requestAuth(customerId).expect(201)).body as NhisAuthDto;
      expect(auth).toMatchObject({ customerId, provider: 'KAKAO', status: 'PENDING' });
      expect((await complete(auth.id).expect(409)).body).toMatchObject({ code: 'NHIS_AUTH_PENDING', status: 409 });

      await subject.approve(context, body);
      const completed = (await complete(auth.id).expect(200)).body as NhisAuthCompletedDto;
      expect(completed).toEqual({ id: auth.id, status: 'COMPLETED', checkupsAllowedUntil: expect.any(String) });
      // Again: the same answer, from the database.
      expect((await complete(auth.id).expect(200)).body).toEqual(completed);

      const result = (await lookup(auth.id).expect(200)).body as CheckupsDto;
      const expected = judgedAsTheTableSays(subject.checkupsOf(nhisCustomer(body)), body.gender as 'M' | 'F');
      expect(expected.length).toBeGreaterThan(0);
      expect(result).toEqual({ customerId, retrievedAt: expect.any(String), referenceVersion: '2026-11', checkups: expected });
      expect(await storedCount('customer_checkups', customerId)).toBe(expected.length);
      // A second lookup within the window answers the same.
      expect(((await lookup(auth.id).expect(200)).body as CheckupsDto).checkups).toEqual(expected);
    });

    it('answers 409 NHIS_AUTH_REFUSED when the customer refuses in their app, again without the source, and the lookup 409 NHIS_AUTH_REQUIRED', async () => {
      const body = subject.customer('refuses');
      const auth = (await requestAuth(await customerOf(body)).expect(201)).body as NhisAuthDto;
      await subject.approve(context, body);
      expect((await complete(auth.id).expect(409)).body).toMatchObject({ code: 'NHIS_AUTH_REFUSED', status: 409 });
      expect((await complete(auth.id).expect(409)).body.code).toBe('NHIS_AUTH_REFUSED');
      expect((await lookup(auth.id).expect(409)).body).toMatchObject({ code: 'NHIS_AUTH_REQUIRED', errors: [{ field: 'nhisAuthId' }] });
      // Refused: nothing of the request is kept.
      expect(await session(auth.id)).toEqual({ status: 'REFUSED', reference_bytes: 0 });
    });

    it('answers 410 NHIS_AUTH_EXPIRED once the request has run out of time, and again after; the lookup 409 NHIS_AUTH_REQUIRED', async () => {
      const body = subject.customer('approves');
      const auth = (await requestAuth(await customerOf(body)).expect(201)).body as NhisAuthDto;
      await subject.expire(context, body, auth.id);
      expect((await complete(auth.id).expect(410)).body).toMatchObject({ code: 'NHIS_AUTH_EXPIRED', status: 410, title: 'Gone' });
      expect((await complete(auth.id).expect(410)).body.code).toBe('NHIS_AUTH_EXPIRED');
      expect((await lookup(auth.id).expect(409)).body.code).toBe('NHIS_AUTH_REQUIRED');
      // Nothing of the request outlives the minute sweep (a source that said it was over: at once).
      await app.app.get(TwoStepSweep).sweep();
      expect(await session(auth.id)).toEqual({ status: 'PENDING', reference_bytes: 0 });
    });

    it('answers 503 NHIS_UNAVAILABLE when the source is down at the request, and stores nothing: no session, no consent', async () => {
      const body = subject.customer('down');
      const customerId = await customerOf(body);
      const response = await requestAuth(customerId).expect(503);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({ code: 'NHIS_UNAVAILABLE', status: 503 });
      expect([await storedCount('two_step_sign_ins', customerId), await storedCount('customer_consents', customerId)]).toEqual([0, 0]);
    });

    it('blanks an authentication’s sealed reference once its lookup window has passed: the minute sweep of any replica forgets it', async () => {
      const body = subject.customer('approves');
      const auth = (await requestAuth(await customerOf(body)).expect(201)).body as NhisAuthDto;
      await subject.approve(context, body);
      await complete(auth.id).expect(200);
      await lookup(auth.id).expect(200);
      expect((await session(auth.id)).reference_bytes).toBeGreaterThan(0);

      // Within its window the sweep leaves it.
      await app.app.get(TwoStepSweep).sweep();
      expect((await session(auth.id)).reference_bytes).toBeGreaterThan(0);
      // Ten minutes later (the window moved back), the next sweep.
      await app.dataSource.query(`UPDATE two_step_sign_ins SET usable_until = usable_until - interval '600 seconds' WHERE id = $1`, [
        auth.id,
      ]);
      expect((await session(auth.id)).reference_bytes).toBeGreaterThan(0);
      expect(await app.app.get(TwoStepSweep).sweep()).toBeGreaterThanOrEqual(1);
      expect(await session(auth.id)).toEqual({ status: 'COMPLETED', reference_bytes: 0 });
      // The lookup was refused anyway, and still is; complete answers as before.
      expect((await lookup(auth.id).expect(410)).body.code).toBe('NHIS_AUTH_EXPIRED');
      expect((await complete(auth.id).expect(200)).body).toMatchObject({ id: auth.id, status: 'COMPLETED' });
    });

    more?.(context);
  });
}
