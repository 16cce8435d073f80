import request from 'supertest';
import { LogCapture } from '../../../test/support/log-capture.js';
import {
  assertionFor,
  createOrganisation,
  nextCi,
  OPERATOR_KEY,
  REDIRECT_URI,
  startCoverageClaims,
  withToken,
  type CoverageClaimsTestApp,
} from '../../../test/support/coverage-claims.js';

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
      .query({ assertion, redirectUri: REDIRECT_URI, state: 'log-state' })
      .redirects(0)
      .expect(302);
    const code = new URL(redirect.headers.location as string).searchParams.get('code')!;
    const tokens = (await request(app.url).get('/api/v1/auth/token').query({ code }).expect(200)).body as {
      accessToken: string;
      refreshToken: string;
    };
    await withToken(app, tokens.accessToken).get('/api/v1/users/me').expect(200);
    await request(app.url).get('/api/v1/auth/token').query({ refreshToken: tokens.refreshToken }).expect(200);
    // Reuse is logged (a warning naming the family), still without the token.
    await request(app.url).get('/api/v1/auth/token').query({ refreshToken: tokens.refreshToken }).expect(401);

    const text = logs.raw.join('\n');
    expect(logs.lines.some((line) => line.level === 'warn')).toBe(true);
    for (const secret of [assertion, code, tokens.accessToken, tokens.refreshToken, organisation.ssoSecret, fcUserCi, OPERATOR_KEY]) {
      expect(text).not.toContain(secret);
    }
    for (const personal of ['로그설계', '7777', 'log-state']) expect(text).not.toContain(personal);
  });
});
