import request from 'supertest';
import { LogCapture } from '../../../test/support/log-capture.js';
import {
  assertionFor,
  createOrganisation,
  nextCi,
  OPERATOR_KEY,
  CODE_CHALLENGE,
  CODE_VERIFIER,
  REDIRECT_URI,
  exchangeCode,
  asOperator,
  sandboxCode,
  signIn,
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
} from './support/coverage-claims.js';

/**
 * The log text with UUIDs (request ids, row ids) replaced: they are random hex, and a short digit run
 * looked for below (the last four digits of a phone) turns up in one now and then.
 */
const withoutIds = (text: string) => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>');

describe('request logs', () => {
  const logs = new LogCapture();
  let app: CoverageClaimsTestApp;

  beforeAll(async () => {
    app = await startCoverageClaims({ env: { LOG_LEVEL: 'info' }, logDestination: logs });
  });
  afterAll(() => app.close());

  it('writes nothing of a sign-in’s secrets or of the planner’s identity, from SSO to refresh reuse', async () => {
    const organisation = await createOrganisation(app, '로그 에셋');
    const fcUserCi = nextCi();
    const assertion = assertionFor(app, organisation, { fcUserCi, name: '로그설계', phone: '010-7777-6543' });
    const redirect = await request(app.url)
      .get('/api/v1/auth/sso')
      .query({ assertion, redirectUri: REDIRECT_URI, state: 'log-state', code_challenge: CODE_CHALLENGE, code_challenge_method: 'S256' })
      .redirects(0)
      .expect(302);
    const code = new URL(redirect.headers.location as string).searchParams.get('code')!;
    const tokens = (await exchangeCode(app, code).expect(200)).body as {
      accessToken: string;
      refreshToken: string;
    };
    await withToken(app, tokens.accessToken).get('/api/v1/users/me').expect(200);
    await request(app.url).get('/api/v1/auth/token').query({ refreshToken: tokens.refreshToken }).expect(200);
    // Reuse is logged (a warning naming the family), still without the token.
    await request(app.url).get('/api/v1/auth/token').query({ refreshToken: tokens.refreshToken }).expect(401);

    const text = withoutIds(logs.raw.join('\n'));
    expect(logs.lines.some((line) => line.level === 'warn')).toBe(true);
    for (const secret of [
      assertion,
      code,
      CODE_VERIFIER,
      tokens.accessToken,
      tokens.refreshToken,
      organisation.ssoSecret,
      fcUserCi,
      OPERATOR_KEY,
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const personal of ['로그설계', '7777', 'log-state']) expect(text).not.toContain(personal);
  });

  it('writes no customer name, birth date or phone, no one-time number and no verification token, through verification and deletion', async () => {
    const planner = await signIn(app, await createOrganisation(app, '로그 인증 에셋'));
    const as = withToken(app, planner.accessToken);
    const body = verificationBody({ name: '로그고객', birthDate: '19730921', phone: '010-8642-1357' });
    const verification = (await as.post('/api/v1/coverage/verifications').send(body).expect(201)).body as {
      id: string;
      customerId: string;
    };
    const code = await sandboxCode(app, body.phone);
    const wrong = code === '000000' ? '000001' : '000000';
    await as.post(`/api/v1/coverage/verifications/${verification.id}/confirm`).send({ code: wrong }).expect(400);
    const { verificationToken } = (await as.post(`/api/v1/coverage/verifications/${verification.id}/confirm`).send({ code }).expect(200))
      .body as { verificationToken: string };
    await as.post('/api/v1/coverage/verifications').send(body).expect(429);
    // The refused delivery is logged as an upstream failure, without the phone it was for.
    await as
      .post('/api/v1/coverage/verifications')
      .send({ ...body, name: '배달실패고객', phone: '010-2468-0000' })
      .expect(502);
    await asOperator(app).get('/api/v1/admin/sandbox/messages').query({ phone: body.phone }).expect(200);
    await as.get(`/api/v1/customers/${verification.customerId}`).expect(200);
    await as.delete(`/api/v1/customers/${verification.customerId}`).expect(204);

    const text = withoutIds(logs.raw.join('\n'));
    expect(logs.lines.some((line) => line.level === 'warn' && line.code === 'SMS_DELIVERY_FAILED')).toBe(true);
    for (const secret of [code, verificationToken]) expect(text).not.toContain(secret);
    for (const personal of ['로그고객', '배달실패고객', '19730921', '01086421357', '8642', '1357', '2468'])
      expect(text).not.toContain(personal);
  });
});
