import request from 'supertest';
import type { OrganisationWithSecretDto } from '#contracts';
import {
  OPERATOR_KEY,
  createOrganisation,
  signAccessToken,
  signIn,
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
} from './support/coverage-claims.js';
import { LIMITED_OPERATOR_KEY, expectRateLimited, nextClientAddress, rateLimitItems } from '../../../test/support/rate-limits.js';
import { withHeader } from '../../../test/support/test-app.js';
import { given } from './support/given.js';

const LIMITS = {
  RATE_LIMIT_PLANNER: '5',
  RATE_LIMIT_SMS_PLANNER: '2',
  RATE_LIMIT_SMS_ORGANISATION: '3',
  MAX_PENDING_UPLOADS: '2',
  RATE_LIMIT_WINDOW_SECONDS: '60',
  // Each test names its own client address in X-Forwarded-For, as the Ingress would.
  TRUSTED_PROXY_HOPS: '1',
};

describe('rate limits (coverage-claims)', () => {
  let app: CoverageClaimsTestApp;
  let organisation: OrganisationWithSecretDto;

  beforeAll(async () => {
    app = await startCoverageClaims({ env: LIMITS });
    organisation = await createOrganisation(app, '한도 에셋');
  });

  afterAll(async () => {
    await app?.close();
  });

  const plannerToken = async (name: string) => (await signIn(app, organisation, { name })).accessToken;

  it('counts a planner\'s requests against "planner" by the verified planner: RateLimit headers on every 2xx, then 429', async () => {
    const token = await plannerToken('김한도');
    const from = nextClientAddress();
    for (let left = 4; left >= 0; left -= 1) {
      const ok = await withToken(app, token).get('/api/v1/users/me').set('X-Forwarded-For', from).expect(200);
      expect(rateLimitItems(ok.headers['ratelimit-policy'])).toEqual({ ip: { q: 1_000_000, w: 60 }, planner: { q: 5, w: 60 } });
      expect(rateLimitItems(ok.headers.ratelimit).planner).toEqual({ r: left, t: expect.any(Number) as number });
    }
    expectRateLimited(await withToken(app, token).get('/api/v1/users/me').set('X-Forwarded-For', from), 'planner', 5);
  });

  it('charges a token that does not verify to nobody: a forged "sub" is 401 with the "ip" policy alone', async () => {
    const forged = signAccessToken(app, {}, { secret: 'not-the-service-secret-0123456789abcdef' });
    const answer = await withToken(app, forged).get('/api/v1/users/me').set('X-Forwarded-For', nextClientAddress()).expect(401);
    expect(Object.keys(rateLimitItems(answer.headers['ratelimit-policy']))).toEqual(['ip']);
  });

  it('limits one-time-number requests (SMS) per planner and per organisation; a planner past their own limit spends none of the organisation’s', async () => {
    const first = await plannerToken('박문자');
    const second = await plannerToken('최문자');
    const from = nextClientAddress();
    const requestNumber = (token: string) =>
      withToken(app, token).post('/api/v1/coverage/verifications').set('X-Forwarded-For', from).send(verificationBody());
    for (let i = 0; i < 2; i += 1) expect((await requestNumber(first)).status).toBe(201);
    for (let i = 0; i < 3; i += 1) {
      const refused = await requestNumber(first);
      expectRateLimited(refused, 'sms-planner', 2, 3600);
      // Refused at the planner's own counter: the organisation's is not counted, nor named.
      expect(Object.keys(rateLimitItems(refused.headers['ratelimit-policy']))).not.toContain('sms-organisation');
    }
    // The organisation has spent 2 of 3: the second planner gets the last one, then the organisation is at its limit.
    expect((await requestNumber(second)).status).toBe(201);
    expectRateLimited(await requestNumber(second), 'sms-organisation', 3, 3600);
  });

  it('refuses a presigned upload beyond MAX_PENDING_UPLOADS outstanding for the planner with 429 TOO_MANY_PENDING_UPLOADS', async () => {
    const presign = (token: string) =>
      withToken(app, token).post('/api/v1/files/presigned').send({ originalName: '영수증.pdf', mimeType: 'application/pdf', size: 8 });
    const token = await plannerToken('정증빙');
    for (let i = 0; i < 2; i += 1) await presign(token).expect(200);
    const refused = await presign(token).expect(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ status: 429, code: 'TOO_MANY_PENDING_UPLOADS' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(app.config.FILE_UPLOAD_EXPIRES_SECONDS);
    // Another planner of the organisation has a cap of their own.
    await presign(await plannerToken('강증빙')).expect(200);
  });
});

// Set-up calls with the operator key and signs planners in from one address: the operator and
// sign-in limits are met in an app of their own.
describe('rate limits of operator keys and sign-in (coverage-claims)', () => {
  let app: CoverageClaimsTestApp;

  beforeAll(async () => {
    app = await startCoverageClaims({
      env: { ...LIMITS, RATE_LIMIT_OPERATOR: '3', RATE_LIMIT_SIGN_IN: '4', OPERATOR_API_KEYS: `${OPERATOR_KEY},${LIMITED_OPERATOR_KEY}` },
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('counts an operator key against "operator", apart from the other operator key', async () => {
    const from = nextClientAddress();
    const list = (key: string) => withHeader(app, 'X-API-Key', key).get('/api/v1/admin/organisations').set('X-Forwarded-For', from);
    for (let i = 0; i < 3; i += 1) await list(LIMITED_OPERATOR_KEY).expect(200);
    expectRateLimited(await list(LIMITED_OPERATOR_KEY), 'operator', 3);
    await list(OPERATOR_KEY).expect(200);
  });

  it('counts the unauthenticated sign-in routes against "sign-in" by client address', async () => {
    const from = nextClientAddress();
    const attempt = (path: string) => request(app.url).get(path).query({ code: 'ac_unknown' }).set('X-Forwarded-For', from);
    for (let left = 3; left >= 0; left -= 1) {
      const refused = await attempt(left % 2 === 0 ? '/api/v1/auth/token' : '/api/v1/auth/sso');
      expect(refused.status).toBe(400);
      expect(rateLimitItems(refused.headers.ratelimit)['sign-in']).toEqual({ r: left, t: expect.any(Number) as number });
    }
    expectRateLimited(await attempt('/api/v1/auth/token'), 'sign-in', 4);
    // Another address is not held up.
    expect(
      (await request(app.url).get('/api/v1/auth/token').query({ code: 'ac_unknown' }).set('X-Forwarded-For', nextClientAddress())).status,
    ).toBe(400);
  });
});

// CODEF prompts the customer's phone (a credit4u second step, an NHIS approval in their app): counted
// per customer, in an app of its own so that no other limit is met.
describe('prompts to a customer’s phone (coverage-claims)', () => {
  let app: CoverageClaimsTestApp;

  beforeAll(async () => {
    app = await startCoverageClaims({ env: { RATE_LIMIT_CUSTOMER_PROMPTS: '3', RATE_LIMIT_PROMPT_WINDOW_SECONDS: '3600' } });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('limits coverage analyses and NHIS approval requests together per customer with 429 RATE_LIMITED; another customer is not held up', async () => {
    const { planner, otherPlanner } = await given(app).team('프롬프트 에셋');
    const customer = await given(app).as(planner).verifiedCustomer();
    const analyse = () =>
      withToken(app, planner.accessToken).post('/api/v1/coverage/analyses').send({ verificationToken: customer.verificationToken });
    const nhisAuth = (customerId: string, token = planner.accessToken) =>
      withToken(app, token)
        .post('/api/v1/medical-bojang/nhis-auth')
        .send({ customerId, provider: 'KAKAO', agreedTermIds: ['medical-health-checkup-v1'] });

    expect((await analyse()).status).toBe(201);
    expect((await nhisAuth(customer.customerId)).status).toBe(201);
    expect((await analyse()).status).toBe(201);
    expectRateLimited(await analyse(), 'customer-prompts', 3, 3600);
    expectRateLimited(await nhisAuth(customer.customerId), 'customer-prompts', 3, 3600);

    // Another customer has a count of their own, whoever the planner.
    const other = await given(app).as(otherPlanner).verifiedCustomer();
    expect((await nhisAuth(other.customerId, otherPlanner.accessToken)).status).toBe(201);
  });
});
