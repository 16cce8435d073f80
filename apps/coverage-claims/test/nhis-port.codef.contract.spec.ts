import type { CheckupsDto, NhisAuthCompletedDto, NhisAuthDto } from '#contracts';
import { koreaDate } from '../src/common/calendar.js';
import { verificationBody, type VerificationBody } from './support/coverage-claims.js';
import {
  CODEF_FAKE_CHECKUP_YEARS,
  CODEF_FAKE_CODES,
  CODEF_FAKE_PATHS,
  CODEF_FAKE_TWO_WAY_MS,
  CodefFake,
} from './support/fakes/codef-fake.js';
import { FAKE_ROWS_AS_CHECKUPS } from './support/codef-fake-checkups.js';
import { nhisPortContract } from './support/nhis-port-contract.js';

let fake: CodefFake;

const checkupRequests = (phone: string) => fake.requestsFor(phone).filter((request) => request.product === 'checkups');

nhisPortContract(
  'CODEF',
  {
    before: async () => {
      fake = await CodefFake.start();
    },
    after: () => fake.close(),
    env: () => ({ ...fake.env(), NHIS_ADAPTER: 'codef', CODEF_TIMEOUT_MS: '10000' }),
    customer: (fate) => {
      const body = verificationBody();
      switch (fate) {
        case 'approves':
          // Approves only when the test says so: every follow-up before that answers CF-03002.
          fake.twoStep(body.phone, ['simpleAuth'], { approveAfterTries: Infinity });
          break;
        case 'refuses':
          fake.twoStep(body.phone, ['simpleAuth'], { cancel: true });
          break;
        case 'down':
          fake.failNext('CF-09999', { product: 'checkups' });
          break;
      }
      return body;
    },
    approve: async (_context, customer) => fake.approve(customer.phone),
    // CODEF's second step lasts 270 s on its clock; the session in the database has not expired.
    expire: async () => fake.advance(CODEF_FAKE_TWO_WAY_MS + 1_000),
    checkupsOf: () => FAKE_ROWS_AS_CHECKUPS,
  },
  ({ app, customerOf, requestAuth, complete, lookup, session }) => {
    const approving = () => {
      const body = verificationBody();
      fake.twoStep(body.phone, ['simpleAuth'], { approveAfterTries: Infinity });
      return body;
    };
    const pending = async (body: VerificationBody, extra: Record<string, unknown> = {}) =>
      (await requestAuth(await customerOf(body), extra).expect(201)).body as NhisAuthDto;

    it('sends CODEF the NHIS product’s first request, and the identical request with simpleAuth as the follow-up', async () => {
      const body = approving();
      const auth = await pending(body, { provider: 'PASS', telecom: 'KT_MVNO' });
      // the year in Korea, as the adapter counts it (not this machine's zone's)
      const year = koreaDate(new Date()).year;
      const [first] = checkupRequests(body.phone);
      expect(first).toMatchObject({ path: CODEF_FAKE_PATHS.checkups, is2Way: false, code: CODEF_FAKE_CODES.twoWay });
      expect(first!.params).toEqual({
        organization: '0002',
        loginType: '5',
        loginTypeLevel: '5',
        identity: body.birthDate,
        userName: body.name,
        phoneNo: body.phone,
        telecom: '1',
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        inquiryType: '0',
        searchStartYear: String(year - 9),
        searchEndYear: String(year),
        type: '0',
      });
      fake.approve(body.phone);
      await complete(auth.id).expect(200);
      const [, followUp] = checkupRequests(body.phone);
      expect(followUp).toMatchObject({ is2Way: true, code: CODEF_FAKE_CODES.done });
      expect(followUp!.params).toMatchObject({ ...first!.params, is2Way: true, simpleAuth: '1' });
    });

    it('asks each app with its loginTypeLevel (telecom only for PASS), and refuses PAYCO with 400 naming provider without asking CODEF', async () => {
      const levels: Record<string, string> = { KAKAO: '1', SAMSUNG_PASS: '3', KB: '4', NAVER: '6', SHINHAN: '7', TOSS: '8' };
      for (const [provider, level] of Object.entries(levels)) {
        const body = approving();
        await pending(body, { provider });
        expect(checkupRequests(body.phone)[0]!.params).toMatchObject({ loginTypeLevel: level, telecom: '' });
      }
      const body = approving();
      const customerId = await customerOf(body);
      const payco = await requestAuth(customerId, { provider: 'PAYCO' }).expect(400);
      expect(payco.body).toMatchObject({ code: 'NHIS_PROVIDER_UNSUPPORTED', errors: [{ field: 'provider' }] });
      expect(checkupRequests(body.phone)).toEqual([]);
      const [{ n }] = await app().dataSource.query(`SELECT count(*)::int AS n FROM two_step_sign_ins WHERE customer_id = $1`, [customerId]);
      expect(n).toBe(0);
    });

    it('answers 410 once CODEF says the request is over, and every later complete from the database without asking CODEF', async () => {
      const body = approving();
      const auth = await pending(body);
      fake.advance(CODEF_FAKE_TWO_WAY_MS + 1_000);
      expect((await complete(auth.id).expect(410)).body.code).toBe('NHIS_AUTH_EXPIRED');
      expect(checkupRequests(body.phone).map((request) => request.code)).toEqual([CODEF_FAKE_CODES.twoWay, CODEF_FAKE_CODES.twoWayExpired]);
      fake.approve(body.phone);
      expect((await complete(auth.id).expect(410)).body.code).toBe('NHIS_AUTH_EXPIRED');
      expect(checkupRequests(body.phone)).toHaveLength(2);
    });

    it('ends the request at CODEF’s third premature follow-up (CF-12872): 409, 409, then 410 for good', async () => {
      const body = approving();
      const auth = await pending(body);
      expect((await complete(auth.id).expect(409)).body.code).toBe('NHIS_AUTH_PENDING');
      expect((await complete(auth.id).expect(409)).body.code).toBe('NHIS_AUTH_PENDING');
      expect((await complete(auth.id).expect(410)).body.code).toBe('NHIS_AUTH_EXPIRED');
      expect(checkupRequests(body.phone).at(-1)!.code).toBe(CODEF_FAKE_CODES.retryLimit);
      fake.approve(body.phone);
      expect((await complete(auth.id).expect(410)).body.code).toBe('NHIS_AUTH_EXPIRED');
      expect(checkupRequests(body.phone)).toHaveLength(4);
    });

    it('answers 503 NHIS_UNAVAILABLE when CODEF fails the follow-up (a provider failure, our keys mixed up), keeping the request for a later complete', async () => {
      const body = approving();
      const auth = await pending(body);
      fake.approve(body.phone);
      for (const code of ['CF-09999', 'CF-00004']) {
        fake.failNext(code, { product: 'checkups' });
        expect((await complete(auth.id).expect(503)).body).toMatchObject({ code: 'NHIS_UNAVAILABLE', status: 503 });
      }
      expect(await session(auth.id)).toMatchObject({ status: 'PENDING' });
      expect(((await complete(auth.id).expect(200)).body as NhisAuthCompletedDto).status).toBe('COMPLETED');
      await lookup(auth.id).expect(200);
    });

    it('keeps the request and then the check-ups sealed: no name, phone, birth date or value in the stored reference', async () => {
      const body = approving();
      const auth = await pending(body);
      const sealed = async () => {
        const [row] = await app().dataSource.query(`SELECT reference_ciphertext FROM two_step_sign_ins WHERE id = $1`, [auth.id]);
        return (row.reference_ciphertext as Buffer).toString('utf8');
      };
      const waiting = await sealed();
      for (const plain of [body.phone, body.birthDate, body.name, 'twoWayInfo', 'jti']) expect(waiting).not.toContain(plain);
      fake.approve(body.phone);
      await complete(auth.id).expect(200);
      const approved = await sealed();
      expect(approved).not.toBe(waiting);
      for (const plain of ['한빛내과의원', '172.4', 'FASTING_GLUCOSE', 'checkups']) expect(approved).not.toContain(plain);
    });

    it('takes the check-ups CODEF answers without a second step (its sandbox): complete approves without calling again', async () => {
      // No second step scripted: the fake answers CF-00000 with the rows at once, as CODEF's sandbox does.
      const body = verificationBody();
      const auth = await pending(body);
      expect(checkupRequests(body.phone).map((request) => request.code)).toEqual([CODEF_FAKE_CODES.done]);
      await complete(auth.id).expect(200);
      expect(((await lookup(auth.id).expect(200)).body as CheckupsDto).checkups.map((checkup) => checkup.examinedOn)).toEqual([
        `${CODEF_FAKE_CHECKUP_YEARS.earlier}-09-13`,
        `${CODEF_FAKE_CHECKUP_YEARS.latest}-11-05`,
      ]);
      expect(checkupRequests(body.phone)).toHaveLength(1);
    });

    it('lets concurrent completes of one approved request all answer 200, though CODEF answers the check-ups once', async () => {
      const body = approving();
      const auth = await pending(body);
      fake.approve(body.phone);
      const responses = await Promise.all(Array.from({ length: 3 }, () => complete(auth.id)));
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
      expect(new Set(responses.map((response) => (response.body as NhisAuthCompletedDto).checkupsAllowedUntil)).size).toBe(1);
      await lookup(auth.id).expect(200);
    });
  },
);
