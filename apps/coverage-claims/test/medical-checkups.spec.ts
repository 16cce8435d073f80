import type { CheckupsDto, NhisAuthCompletedDto, NhisAuthDto, OrganisationWithSecretDto } from '#contracts';
import { MEASUREMENT_CODES } from '../src/medical/checkups/checkup.js';
import { CheckupsService } from '../src/medical/checkups/checkups.service.js';
import {
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
  type SignedIn,
  type VerificationBody,
} from './support/coverage-claims.js';
import { given } from './support/given.js';

const HEALTH_TERM_ID = 'medical-health-checkup-v1';
const APPROVAL_SECONDS = 1;

let magicCounter = 0;
/** A fresh phone ending in one of the sandbox NHIS's magic endings (each call a new customer). */
function magicPhone(ending: '0011' | '0012' | '0013' | '0014' | '0015'): string {
  magicCounter += 1;
  return `010${String(5000 + ((process.pid + magicCounter * 7) % 5000)).padStart(4, '0')}${ending}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('NHIS simple authentication and check-ups', () => {
  let app: CoverageClaimsTestApp;
  let organisation: OrganisationWithSecretDto;
  let planner: SignedIn;
  let otherPlanner: SignedIn;
  let admin: SignedIn;
  let outsider: SignedIn;

  const as = (user: SignedIn) => withToken(app, user.accessToken);

  /** A customer of `user`, created by a verification request (the coverage-analysis flow's first step). */
  async function customerOf(user: SignedIn = planner, overrides: Partial<VerificationBody> = {}): Promise<string> {
    return (await given(app).as(user).customer(verificationBody(overrides))).customerId;
  }

  const requestAuth = (customerId: string, user: SignedIn = planner, body: Record<string, unknown> = {}) =>
    as(user)
      .post('/api/v1/medical-bojang/nhis-auth')
      .send({ customerId, provider: 'KAKAO', agreedTermIds: [HEALTH_TERM_ID], ...body });

  async function pendingAuth(customerId: string, user: SignedIn = planner): Promise<NhisAuthDto> {
    return (await requestAuth(customerId, user).expect(201)).body as NhisAuthDto;
  }

  const complete = (id: string, user: SignedIn = planner) => as(user).post(`/api/v1/medical-bojang/nhis-auth/${id}/complete`).send();

  /** Completes once the sandbox has approved (it approves APPROVAL_SECONDS after the request). */
  async function completedAuth(customerId: string, user: SignedIn = planner): Promise<NhisAuthCompletedDto> {
    const auth = await pendingAuth(customerId, user);
    await sleep(APPROVAL_SECONDS * 1000 + 50);
    return (await complete(auth.id, user).expect(200)).body as NhisAuthCompletedDto;
  }

  const lookup = (nhisAuthId: string, user: SignedIn = planner) => as(user).post('/api/v1/medical-bojang/checkups').send({ nhisAuthId });

  const count = async (table: string, customerId: string) =>
    Number((await app.dataSource.query(`SELECT count(*) AS n FROM ${table} WHERE customer_id = $1`, [customerId]))[0].n);

  const healthConsents = async (customerId: string) =>
    Number(
      (
        await app.dataSource.query(`SELECT count(*) AS n FROM customer_consents WHERE customer_id = $1 AND term_id = $2`, [
          customerId,
          HEALTH_TERM_ID,
        ])
      )[0].n,
    );

  beforeAll(async () => {
    app = await startCoverageClaims({ env: { NHIS_SANDBOX_APPROVAL_SECONDS: String(APPROVAL_SECONDS) } });
    ({ organisation, planner, otherPlanner, admin, outsiderAdmin: outsider } = await given(app).team('건강 에셋'));
  });
  afterAll(() => app.close());

  describe('simple authentication', () => {
    it('lists the health-data consent as the required term of the medical analysis', async () => {
      const response = await as(planner).get('/api/v1/medical-bojang/terms').expect(200);
      expect(response.body.data).toEqual([
        expect.objectContaining({ id: HEALTH_TERM_ID, version: 1, required: true, title: '민감정보(건강검진정보) 수집·이용 동의' }),
      ]);
    });

    it('requests an authentication (201 PENDING, 270 s) and records the health-data consent with the planner', async () => {
      const customerId = await customerOf();
      const started = Date.now();
      const auth = await pendingAuth(customerId);
      expect(auth).toEqual({ id: expect.any(String), customerId, provider: 'KAKAO', status: 'PENDING', expiresAt: expect.any(String) });
      const ttl = Date.parse(auth.expiresAt) - started;
      expect(ttl).toBeGreaterThan(265_000);
      expect(ttl).toBeLessThanOrEqual(271_000);

      const customer = (await as(planner).get(`/api/v1/customers/${customerId}`).expect(200)).body;
      expect(customer.consents).toContainEqual(
        expect.objectContaining({ termId: HEALTH_TERM_ID, version: 1, required: true, plannerId: planner.userId, verificationId: null }),
      );
      const [row] = await app.dataSource.query(
        `SELECT status, provider, planner_id, reference_ciphertext FROM two_step_sign_ins WHERE id = $1`,
        [auth.id],
      );
      expect(row).toMatchObject({ status: 'PENDING', provider: 'KAKAO', planner_id: planner.userId });
      // The adapter's reference is stored sealed, never in plain.
      expect((row.reference_ciphertext as Buffer).toString('latin1')).not.toContain('sandbox:');
    });

    it('returns 409 NHIS_AUTH_PENDING completing before the customer approved, then 200 with check-ups allowed for 10 minutes', async () => {
      const auth = await pendingAuth(await customerOf());
      const early = await complete(auth.id).expect(409);
      expect(early.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(early.body).toMatchObject({ code: 'NHIS_AUTH_PENDING', status: 409 });

      await sleep(APPROVAL_SECONDS * 1000 + 50);
      const before = Date.now();
      const completed = (await complete(auth.id).expect(200)).body as NhisAuthCompletedDto;
      expect(completed).toEqual({ id: auth.id, status: 'COMPLETED', checkupsAllowedUntil: expect.any(String) });
      const window = Date.parse(completed.checkupsAllowedUntil) - before;
      expect(window).toBeGreaterThan(595_000);
      expect(window).toBeLessThanOrEqual(601_000);
    });

    it('lets concurrent completes of one approved authentication all answer the same 200', async () => {
      const auth = await pendingAuth(await customerOf());
      await sleep(APPROVAL_SECONDS * 1000 + 50);
      const responses = await Promise.all(Array.from({ length: 4 }, () => complete(auth.id)));
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
      expect(new Set(responses.map((response) => (response.body as NhisAuthCompletedDto).checkupsAllowedUntil)).size).toBe(1);
    });

    it('answers a second complete with the same 200 (complete is idempotent; the 10 minutes do not move)', async () => {
      const customerId = await customerOf();
      const first = await completedAuth(customerId);
      const second = (await complete(first.id).expect(200)).body as NhisAuthCompletedDto;
      expect(second).toEqual(first);
    });

    it('returns 410 NHIS_AUTH_EXPIRED completing more than 270 s after the request, even once approved', async () => {
      const auth = await pendingAuth(await customerOf());
      await sleep(APPROVAL_SECONDS * 1000 + 50);
      // 271 seconds later: the request moved back in time.
      await app.dataSource.query(
        `UPDATE two_step_sign_ins SET requested_at = requested_at - interval '271 seconds', expires_at = expires_at - interval '271 seconds' WHERE id = $1`,
        [auth.id],
      );
      expect((await complete(auth.id).expect(410)).body).toMatchObject({ code: 'NHIS_AUTH_EXPIRED', status: 410, title: 'Gone' });
      const [row] = await app.dataSource.query(`SELECT status FROM two_step_sign_ins WHERE id = $1`, [auth.id]);
      expect(row.status).toBe('PENDING');
    });

    it('keeps answering 409 NHIS_AUTH_PENDING for a customer who never approves (phone ending 0011), then 410 once expired', async () => {
      const auth = await pendingAuth(await customerOf(planner, { phone: magicPhone('0011') }));
      await sleep(APPROVAL_SECONDS * 1000 + 50);
      expect((await complete(auth.id).expect(409)).body.code).toBe('NHIS_AUTH_PENDING');
      await app.dataSource.query(`UPDATE two_step_sign_ins SET expires_at = now() - interval '1 second' WHERE id = $1`, [auth.id]);
      expect((await complete(auth.id).expect(410)).body.code).toBe('NHIS_AUTH_EXPIRED');
    });

    it('returns 409 NHIS_AUTH_REFUSED when the customer refuses in their app (phone ending 0012), and records it', async () => {
      const auth = await pendingAuth(await customerOf(planner, { phone: magicPhone('0012') }));
      await sleep(APPROVAL_SECONDS * 1000 + 50);
      expect((await complete(auth.id).expect(409)).body).toMatchObject({ code: 'NHIS_AUTH_REFUSED', status: 409 });
      expect((await complete(auth.id).expect(409)).body.code).toBe('NHIS_AUTH_REFUSED');
      const [row] = await app.dataSource.query(`SELECT status, completed_at FROM two_step_sign_ins WHERE id = $1`, [auth.id]);
      expect(row).toEqual({ status: 'REFUSED', completed_at: null });
      const refused = await lookup(auth.id).expect(409);
      expect(refused.body).toMatchObject({ code: 'NHIS_AUTH_REQUIRED', errors: [{ field: 'nhisAuthId' }] });
    });

    it('returns 503 NHIS_UNAVAILABLE when the NHIS is down (phone ending 0013), and stores nothing: no session, no consent', async () => {
      const customerId = await customerOf(planner, { phone: magicPhone('0013') });
      const response = await requestAuth(customerId).expect(503);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({ code: 'NHIS_UNAVAILABLE', status: 503 });
      expect([await count('two_step_sign_ins', customerId), await healthConsents(customerId)]).toEqual([0, 0]);
    });

    it('returns 400 TERMS_NOT_AGREED naming agreedTermIds without the health-data consent, and stores nothing', async () => {
      const customerId = await customerOf();
      const response = await requestAuth(customerId, planner, { agreedTermIds: [] }).expect(400);
      expect(response.body).toMatchObject({ code: 'TERMS_NOT_AGREED', errors: [{ field: 'agreedTermIds' }] });
      expect(response.body.errors[0].message).toContain(HEALTH_TERM_ID);
      // A coverage term is not a term of this purpose.
      const coverage = await requestAuth(customerId, planner, { agreedTermIds: [HEALTH_TERM_ID, 'coverage-privacy-collection-v1'] }).expect(
        400,
      );
      expect(coverage.body).toMatchObject({ code: 'TERM_UNKNOWN', errors: [{ field: 'agreedTermIds.1' }] });
      expect([await count('two_step_sign_ins', customerId), await healthConsents(customerId)]).toEqual([0, 0]);
    });

    it('returns 400 naming telecom when PASS is asked without the carrier, and each invalid or unknown field', async () => {
      const customerId = await customerOf();
      const pass = await requestAuth(customerId, planner, { provider: 'PASS' }).expect(400);
      expect(pass.body.errors.map((error: { field: string }) => error.field)).toEqual(['telecom']);
      const withCarrier = (await requestAuth(customerId, planner, { provider: 'PASS', telecom: 'KT_MVNO' }).expect(201))
        .body as NhisAuthDto;
      expect(withCarrier.provider).toBe('PASS');

      const invalid = await as(planner)
        .post('/api/v1/medical-bojang/nhis-auth')
        .send({ customerId: 'not-a-uuid', provider: 'LINE', telecom: 'SKY', agreedTermIds: 'all', extra: 1 })
        .expect(400);
      expect(new Set(invalid.body.errors.map((error: { field: string }) => error.field))).toEqual(
        new Set(['customerId', 'provider', 'telecom', 'agreedTermIds', 'extra']),
      );
      expect((await lookup('not-a-uuid').expect(400)).body.errors).toEqual([{ field: 'nhisAuthId', message: expect.any(String) }]);
    });
  });

  describe('check-ups', () => {
    it('returns the customer’s check-ups by year, every measurement with its unit and band, stored encrypted', async () => {
      const customerId = await customerOf(planner, { name: '건강한', gender: 'F', birthDate: '19700505' });
      const completed = await completedAuth(customerId);
      const result = (await lookup(completed.id).expect(200)).body as CheckupsDto;

      expect(result).toMatchObject({ customerId, retrievedAt: expect.any(String), referenceVersion: '2026-11' });
      expect(result.checkups.length).toBeGreaterThanOrEqual(1);
      expect(result.checkups.length).toBeLessThanOrEqual(10);
      const years = result.checkups.map((checkup) => checkup.year);
      expect(years).toEqual([...years].sort((a, b) => a - b));
      expect(Math.max(...years) - Math.min(...years)).toBeLessThan(10);
      for (const checkup of result.checkups) {
        expect(checkup.examinedOn).toMatch(new RegExp(`^${checkup.year}-\\d{2}-\\d{2}$`));
        expect(checkup.measurements.map((measurement) => measurement.code)).toEqual([...MEASUREMENT_CODES]);
        const byCode = Object.fromEntries(checkup.measurements.map((measurement) => [measurement.code, measurement]));
        expect(byCode.FASTING_GLUCOSE).toMatchObject({ name: '공복혈당', unit: 'mg/dL', value: expect.any(Number) });
        expect(byCode.EGFR!.unit).toBe('mL/min/1.73m²');
        expect(byCode.HEIGHT).toMatchObject({ band: null, bandLabel: null, unit: 'cm' });
        expect(['음성', '약양성', '양성']).toContain(byCode.URINE_PROTEIN!.value);
        // The female waist boundary (85 cm) decides the band.
        const waist = byCode.WAIST!;
        expect(waist.band).toBe((waist.value as number) < 85 ? 'NORMAL_A' : 'DISEASE_SUSPECTED');
        const glucose = byCode.FASTING_GLUCOSE!.value as number;
        expect(byCode.FASTING_GLUCOSE!.bandLabel).toBe(glucose < 100 ? '정상A' : glucose < 126 ? '정상B(경계)' : '질환의심');
      }

      const rows = await app.dataSource.query<
        Array<{ year: number; payload_ciphertext: Buffer; nhis_auth_id: string; planner_id: string }>
      >(`SELECT year, payload_ciphertext, nhis_auth_id, planner_id FROM customer_checkups WHERE customer_id = $1 ORDER BY year`, [
        customerId,
      ]);
      expect(rows.map((row) => row.year)).toEqual(years);
      for (const row of rows) {
        expect(row).toMatchObject({ nhis_auth_id: completed.id, planner_id: planner.userId });
        expect(row.payload_ciphertext.toString('latin1')).not.toMatch(/FASTING_GLUCOSE|examinedOn|mg\/dL/);
      }

      // What the medical analysis reads: the same check-ups, opened, oldest first.
      const stored = await app.app.get(CheckupsService).storedFor(customerId, { organisationId: organisation.id, plannerId: null });
      expect(stored.map((checkup) => checkup.year)).toEqual(years);
      expect(stored[0]!.measurements).toEqual(
        result.checkups[0]!.measurements.map(({ code, value, unit, band }) => ({ code, value, unit, band })),
      );
      expect(
        await app.app.get(CheckupsService).storedFor(await customerOf(), { organisationId: organisation.id, plannerId: null }),
      ).toEqual([]);
    });

    it('gives the same customer the same history, and a new lookup replaces the stored check-ups', async () => {
      const customerId = await customerOf(planner, { name: '반복조회' });
      const completed = await completedAuth(customerId);
      const first = (await lookup(completed.id).expect(200)).body as CheckupsDto;
      const ids = await app.dataSource.query(`SELECT id FROM customer_checkups WHERE customer_id = $1`, [customerId]);
      const second = (await lookup(completed.id).expect(200)).body as CheckupsDto;
      expect(second.checkups).toEqual(first.checkups);
      const after = await app.dataSource.query(`SELECT id FROM customer_checkups WHERE customer_id = $1`, [customerId]);
      expect(after).toHaveLength(ids.length);
      expect(after.map((row: { id: string }) => row.id)).not.toContain(ids[0].id);
    });

    it('lets concurrent lookups for one customer each replace the stored check-ups whole, one after the other', async () => {
      const customerId = await customerOf(planner, { name: '동시조회' });
      const completed = await completedAuth(customerId);
      for (let round = 0; round < 3; round += 1) {
        const responses = await Promise.all(Array.from({ length: 4 }, () => lookup(completed.id)));
        expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
        const years = (responses[0]!.body as CheckupsDto).checkups.map((checkup) => checkup.year);
        const stored = await app.dataSource.query<Array<{ year: number }>>(
          `SELECT year FROM customer_checkups WHERE customer_id = $1 ORDER BY year`,
          [customerId],
        );
        expect(stored.map((row) => row.year)).toEqual(years);
      }
    });

    it('returns 409 NHIS_AUTH_REQUIRED naming nhisAuthId without a completed authentication', async () => {
      const auth = await pendingAuth(await customerOf());
      const response = await lookup(auth.id).expect(409);
      expect(response.body).toMatchObject({ code: 'NHIS_AUTH_REQUIRED', errors: [{ field: 'nhisAuthId' }] });
      // Approved by the customer but never completed: still not allowed.
      await sleep(APPROVAL_SECONDS * 1000 + 50);
      expect((await lookup(auth.id).expect(409)).body.code).toBe('NHIS_AUTH_REQUIRED');
    });

    it('returns 410 NHIS_AUTH_EXPIRED naming nhisAuthId once the authentication’s 10 minutes have passed, and stores nothing', async () => {
      const customerId = await customerOf();
      const completed = await completedAuth(customerId);
      await app.dataSource.query(
        `UPDATE two_step_sign_ins SET completed_at = completed_at - interval '600 seconds', usable_until = usable_until - interval '600 seconds' WHERE id = $1`,
        [completed.id],
      );
      const response = await lookup(completed.id).expect(410);
      expect(response.body).toMatchObject({ code: 'NHIS_AUTH_EXPIRED', errors: [{ field: 'nhisAuthId' }] });
      expect(await count('customer_checkups', customerId)).toBe(0);
    });

    it('returns 503 NHIS_UNAVAILABLE when the NHIS is down at the lookup (phone ending 0015), and stores nothing', async () => {
      const customerId = await customerOf(planner, { phone: magicPhone('0015') });
      const completed = await completedAuth(customerId);
      const response = await lookup(completed.id).expect(503);
      expect(response.body).toMatchObject({ code: 'NHIS_UNAVAILABLE', status: 503 });
      expect(await count('customer_checkups', customerId)).toBe(0);
    });

    it('returns 200 with checkups [] for a customer the NHIS holds no check-up of (phone ending 0014)', async () => {
      const customerId = await customerOf(planner, { phone: magicPhone('0014') });
      const completed = await completedAuth(customerId);
      const result = (await lookup(completed.id).expect(200)).body as CheckupsDto;
      expect(result).toEqual({ customerId, retrievedAt: expect.any(String), referenceVersion: '2026-11', checkups: [] });
      expect(await count('customer_checkups', customerId)).toBe(0);
      expect(await app.app.get(CheckupsService).storedFor(customerId, { organisationId: organisation.id, plannerId: null })).toEqual([]);
    });

    it('returns 409 HEALTH_DATA_CONSENT_MISSING and stores nothing when the customer’s health-data consent is not on record', async () => {
      const customerId = await customerOf();
      const completed = await completedAuth(customerId);
      await app.dataSource.query(`DELETE FROM customer_consents WHERE customer_id = $1 AND term_id = $2`, [customerId, HEALTH_TERM_ID]);
      expect((await lookup(completed.id).expect(409)).body.code).toBe('HEALTH_DATA_CONSENT_MISSING');
      expect(await count('customer_checkups', customerId)).toBe(0);
    });
  });

  describe('who sees what', () => {
    it('returns 404 for another organisation’s customer, authentication and check-ups, even to its ORG_ADMIN', async () => {
      const customerId = await customerOf();
      const completed = await completedAuth(customerId);
      expect((await requestAuth(customerId, outsider).expect(404)).body.code).toBe('CUSTOMER_NOT_FOUND');
      expect((await complete(completed.id, outsider).expect(404)).body.code).toBe('NHIS_AUTH_NOT_FOUND');
      const response = await lookup(completed.id, outsider).expect(404);
      expect(response.body).toMatchObject({ code: 'NHIS_AUTH_NOT_FOUND', errors: [{ field: 'nhisAuthId' }] });
      expect(await count('customer_checkups', customerId)).toBe(0);
      await complete('0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10').expect(404);
    });

    it('shows a planner only what they made; an ORG_ADMIN the whole organisation', async () => {
      const customerId = await customerOf();
      expect((await requestAuth(customerId, otherPlanner).expect(404)).body.code).toBe('CUSTOMER_NOT_FOUND');
      const auth = await pendingAuth(customerId);
      await sleep(APPROVAL_SECONDS * 1000 + 50);
      await complete(auth.id, otherPlanner).expect(404);
      await complete(auth.id, admin).expect(200);
      await lookup(auth.id, otherPlanner).expect(404);
      const result = (await lookup(auth.id, admin).expect(200)).body as CheckupsDto;
      expect(result.customerId).toBe(customerId);
      // The admin may authenticate any customer of the organisation.
      await requestAuth(customerId, admin).expect(201);
    });

    it('files check-ups under the customer’s planner when an ORG_ADMIN runs the lookup or the whole authentication, so the planner still sees them', async () => {
      const service = app.app.get(CheckupsService);
      const seenBy = (customerId: string, user: SignedIn) =>
        service.storedFor(customerId, { organisationId: organisation.id, plannerId: user.userId });
      for (const authenticatedBy of [planner, admin]) {
        const customerId = await customerOf();
        const completed = await completedAuth(customerId, authenticatedBy);
        const looked = (await lookup(completed.id, admin).expect(200)).body as CheckupsDto;
        expect(looked.checkups.length).toBeGreaterThan(0);
        expect((await seenBy(customerId, planner)).map((checkup) => checkup.year)).toEqual(looked.checkups.map((checkup) => checkup.year));
        expect(await seenBy(customerId, admin)).toEqual([]);
      }
    });

    it('deletes the customer’s authentications and check-ups with the customer', async () => {
      const customerId = await customerOf();
      const completed = await completedAuth(customerId);
      await lookup(completed.id).expect(200);
      expect(await count('customer_checkups', customerId)).toBeGreaterThan(0);

      await as(planner).delete(`/api/v1/customers/${customerId}`).expect(204);

      expect([
        await count('two_step_sign_ins', customerId),
        await count('customer_checkups', customerId),
        await healthConsents(customerId),
      ]).toEqual([0, 0, 0]);
      expect((await lookup(completed.id).expect(404)).body.code).toBe('NHIS_AUTH_NOT_FOUND');
      expect(await app.app.get(CheckupsService).storedFor(customerId, { organisationId: organisation.id, plannerId: null })).toEqual([]);
    });
  });
});
