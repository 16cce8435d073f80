import { createHmac } from 'node:crypto';
import { sha256Hex } from '#platform';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { UserRole, type OrganisationWithSecretDto, type TokenResponseDto } from '#contracts';
import {
  REDIRECT_URI,
  asOperator,
  CODE_VERIFIER,
  assertionFor,
  createOrganisation,
  exchangeCode,
  nextCi,
  signIn,
  ssoCode,
  ssoRequest,
  startCoverageClaims,
  withToken,
  type CoverageClaimsTestApp,
} from './support/coverage-claims.js';

const token = (app: CoverageClaimsTestApp, query: Record<string, string>) => request(app.url).get('/api/v1/auth/token').query(query);
const signInOf = (accessToken: string) => (jwt.decode(accessToken) as { sid: string }).sid;

describe('SSO sign-in and token issue', () => {
  let app: CoverageClaimsTestApp;
  let organisation: OrganisationWithSecretDto;

  beforeAll(async () => {
    app = await startCoverageClaims();
    organisation = await createOrganisation(app);
  });
  afterAll(() => app.close());

  describe('GET /api/v1/auth/sso', () => {
    it('redirects (302) to the registered redirect URI with a one-time code and the caller’s state', async () => {
      const response = await ssoRequest(app, { assertion: assertionFor(app, organisation), state: 'xyz 123/한' }).expect(302);
      const location = new URL(response.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      expect(location.searchParams.get('code')).toMatch(/^ac_[A-Za-z0-9_-]{43}$/);
      expect(location.searchParams.get('state')).toBe('xyz 123/한');
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('keeps the query of a registered redirect URI and leaves state out when none was sent', async () => {
      const withQuery = await createOrganisation(app, 'Query Org', ['http://localhost:5173/callback?tenant=7']);
      const response = await ssoRequest(app, {
        assertion: assertionFor(app, withQuery),
        redirectUri: 'http://localhost:5173/callback?tenant=7',
      }).expect(302);
      expect(response.headers.location).toMatch(/^http:\/\/localhost:5173\/callback\?tenant=7&code=ac_[A-Za-z0-9_-]{43}$/);
    });

    it('creates the planner it names with role PLANNER, then updates name and phone on a later sign-in', async () => {
      const fcUserCi = nextCi();
      const first = await signIn(app, organisation, { fcUserCi, name: '이설계', phone: '010-2222-3333' });
      const me = await withToken(app, first.accessToken).get('/api/v1/users/me').expect(200);
      expect(me.body).toMatchObject({ fcUserCi, name: '이설계', phone: '01022223333', role: 'PLANNER', status: 'ACTIVE' });
      expect(me.body.lastSignedInAt).toEqual(expect.any(String));

      const second = await signIn(app, organisation, { fcUserCi, name: '이설계2' });
      expect(second.userId).toBe(first.userId);
      const updated = await withToken(app, second.accessToken).get('/api/v1/users/me').expect(200);
      expect(updated.body).toMatchObject({ name: '이설계2', phone: '01022223333' });
    });

    it('sets the role an assertion states, and keeps the stored role when it states none', async () => {
      const fcUserCi = nextCi();
      const admin = await signIn(app, organisation, { fcUserCi, role: UserRole.OrgAdmin });
      expect(jwt.decode(admin.accessToken)).toMatchObject({ role: 'ORG_ADMIN', org: organisation.id });
      const again = await signIn(app, organisation, { fcUserCi });
      expect(jwt.decode(again.accessToken)).toMatchObject({ role: 'ORG_ADMIN' });
    });

    it('stores the planner’s CI only encrypted, and codes only as hashes', async () => {
      const fcUserCi = nextCi();
      const code = await ssoCode(app, organisation, { fcUserCi });
      const [user] = await app.dataSource.query<Array<{ ci: Buffer; hash: string }>>(
        `SELECT fc_user_ci_ciphertext AS ci, fc_user_ci_hash AS hash FROM users ORDER BY created_at DESC LIMIT 1`,
      );
      expect(user!.ci.includes(Buffer.from(fcUserCi))).toBe(false);
      expect(user!.hash).not.toContain(fcUserCi);
      const codes = await app.dataSource.query<unknown[]>(`SELECT 1 FROM auth_codes WHERE code_hash = $1`, [sha256Hex(code)]);
      expect(codes).toHaveLength(1);
    });

    it.each([
      ['forged (signed with another secret)', { secret: 'f'.repeat(43) }, 'SSO_ASSERTION_INVALID', /signature/],
      ['expired', { expiresIn: -120 }, 'SSO_ASSERTION_INVALID', /expired/],
      ['for another audience', { audience: 'someone-else' }, 'SSO_ASSERTION_INVALID', /audience/],
      ['signed with HS512', { algorithm: 'HS512' as const }, 'SSO_ASSERTION_INVALID', /HS256/],
      ['from an unknown organisation', { organisationId: '0192f7a4-0000-7000-8000-0000000000ff' }, 'SSO_ASSERTION_INVALID', /registered/],
    ])('returns 401 without redirecting for an assertion %s', async (_case, options, code, detail) => {
      const response = await ssoRequest(app, { assertion: assertionFor(app, organisation, {}, options) }).expect(401);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({ status: 401, code });
      expect(response.body.detail).toMatch(detail);
    });

    it('returns 401 SSO_ASSERTION_REPLAYED for an assertion whose jti was used, even by another planner', async () => {
      const assertion = assertionFor(app, organisation, {}, { jti: 'jti-replay-1' });
      await ssoRequest(app, { assertion }).expect(302);
      const replayed = await ssoRequest(app, { assertion }).expect(401);
      expect(replayed.body.code).toBe('SSO_ASSERTION_REPLAYED');
      const sameJti = await ssoRequest(app, { assertion: assertionFor(app, organisation, {}, { jti: 'jti-replay-1' }) }).expect(401);
      expect(sameJti.body.code).toBe('SSO_ASSERTION_REPLAYED');
    });

    it('accepts exactly one of several concurrent uses of one assertion', async () => {
      const assertion = assertionFor(app, organisation);
      const statuses = await Promise.all(Array.from({ length: 5 }, () => ssoRequest(app, { assertion }).then((r) => r.status)));
      expect(statuses.sort()).toEqual([302, 401, 401, 401, 401]);
    });

    it('returns 400 REDIRECT_URI_NOT_REGISTERED naming redirectUri, without redirecting, and does not use up the assertion', async () => {
      const assertion = assertionFor(app, organisation);
      for (const redirectUri of ['https://evil.example.com/sso/callback', `${REDIRECT_URI}/`, `${REDIRECT_URI}?x=1`]) {
        const response = await ssoRequest(app, { assertion, redirectUri }).expect(400);
        expect(response.headers.location).toBeUndefined();
        expect(response.body).toMatchObject({ code: 'REDIRECT_URI_NOT_REGISTERED', errors: [{ field: 'redirectUri' }] });
      }
      await ssoRequest(app, { assertion }).expect(302);
    });

    it('returns 400 naming the assertion claim that is missing or malformed', async () => {
      const noName = jwt.sign({ fcUserCi: nextCi() }, organisation.ssoSecret, {
        issuer: organisation.id,
        audience: app.config.SSO_AUDIENCE,
        expiresIn: 60,
        jwtid: 'no-name',
      });
      const response = await ssoRequest(app, { assertion: noName }).expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.errors).toContainEqual({ field: 'assertion.name', message: 'must be a string' });

      const badPhone = await ssoRequest(app, { assertion: assertionFor(app, organisation, { phone: '12345' }) }).expect(400);
      expect(badPhone.body.errors).toEqual([{ field: 'assertion.phone', message: 'must be a Korean mobile number (010-1234-5678)' }]);

      const nulName = await ssoRequest(app, { assertion: assertionFor(app, organisation, { name: '김\u0000설계' }) }).expect(400);
      expect(nulName.body.errors).toEqual([{ field: 'assertion.name', message: 'must not contain NUL characters' }]);
    });

    it('returns 400 naming the claim for claims shaped to reach object internals (constructor.prototype was 500)', async () => {
      const sign = (claims: Record<string, unknown>, jwtid: string) =>
        jwt.sign({ fcUserCi: nextCi(), ...claims }, organisation.ssoSecret, {
          issuer: organisation.id,
          audience: app.config.SSO_AUDIENCE,
          expiresIn: 60,
          jwtid,
        });
      const refused = (field: string) => [{ field, message: 'is not an accepted field name' }];
      const inName = await ssoRequest(app, { assertion: sign({ name: { constructor: { prototype: {} } } }, 'poisoned-name') }).expect(400);
      expect(inName.body.errors).toEqual(refused('assertion.name.constructor'));
      // jsonwebtoken will not sign a `constructor` claim itself: the token is put together by hand.
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: organisation.id,
        aud: app.config.SSO_AUDIENCE,
        jti: 'poisoned-claims',
        iat: now,
        exp: now + 60,
        fcUserCi: nextCi(),
        name: '김설계',
      };
      const unsigned = [
        { alg: 'HS256', typ: 'JWT' },
        { ...claims, constructor: { prototype: {} } },
      ]
        .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
        .join('.');
      const signature = createHmac('sha256', organisation.ssoSecret).update(unsigned).digest('base64url');
      const topLevel = await ssoRequest(app, { assertion: `${unsigned}.${signature}` }).expect(400);
      expect(topLevel.body.errors).toEqual(refused('assertion.constructor'));
      const surrogate = await ssoRequest(app, { assertion: sign({ name: '김\ud800' }, 'surrogate-name') }).expect(400);
      expect(surrogate.body.errors).toEqual([
        { field: 'assertion.name', message: 'must be valid Unicode text (it has an unpaired surrogate)' },
      ]);
    });

    it('returns 400 naming assertion.exp for an assertion valid longer than 300 seconds', async () => {
      const response = await ssoRequest(app, { assertion: assertionFor(app, organisation, {}, { expiresIn: 3600 }) }).expect(400);
      expect(response.body.errors).toEqual([{ field: 'assertion.exp', message: 'must be at most 300 seconds after iat' }]);
    });

    it('returns 400 naming each missing or malformed query parameter', async () => {
      const response = await request(app.url).get('/api/v1/auth/sso').query({ assertion: 'not-a-jwt' }).redirects(0).expect(400);
      expect(new Set(response.body.errors.map((e: { field: string }) => e.field))).toEqual(
        new Set(['assertion', 'redirectUri', 'code_challenge', 'code_challenge_method']),
      );
    });

    it('returns 401 for an assertion signed with the secret an organisation had before its rotation', async () => {
      const rotating = await createOrganisation(app, 'Rotating Org');
      const oldAssertion = assertionFor(app, rotating);
      await asOperator(app).post(`/api/v1/admin/organisations/${rotating.id}/sso-secret`).expect(200);
      const response = await ssoRequest(app, { assertion: oldAssertion }).expect(401);
      expect(response.body.code).toBe('SSO_ASSERTION_INVALID');
    });
  });

  describe('GET /api/v1/auth/token', () => {
    it('exchanges a code for a Bearer access token, its lifetime and a refresh token', async () => {
      const code = await ssoCode(app, organisation);
      const response = await exchangeCode(app, code).expect(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toEqual({
        accessToken: expect.any(String),
        tokenType: 'Bearer',
        expiresIn: 900,
        refreshToken: expect.stringMatching(/^rt_[A-Za-z0-9_-]{43}$/),
      });
      const claims = jwt.verify(response.body.accessToken, app.config.JWT_SECRET!, {
        issuer: app.config.JWT_ISSUER,
        audience: app.config.JWT_AUDIENCE,
      }) as jwt.JwtPayload;
      expect(claims).toMatchObject({ org: organisation.id, role: 'PLANNER', sub: expect.any(String) });
      expect(claims.exp! - claims.iat!).toBe(900);
      await withToken(app, response.body.accessToken).get('/api/v1/users/me').expect(200);
    });

    it('accepts a code once: the second exchange is 401 AUTH_CODE_INVALID', async () => {
      const code = await ssoCode(app, organisation);
      await exchangeCode(app, code).expect(200);
      const again = await exchangeCode(app, code).expect(401);
      expect(again.body.code).toBe('AUTH_CODE_INVALID');
    });

    it('lets exactly one of several concurrent exchanges of one code through', async () => {
      const code = await ssoCode(app, organisation);
      const responses = await Promise.all(Array.from({ length: 6 }, () => exchangeCode(app, code)));
      expect(responses.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
    });

    it('returns 401 AUTH_CODE_INVALID for a code older than 60 seconds', async () => {
      const code = await ssoCode(app, organisation);
      const [{ lifetime }] = await app.dataSource.query(
        `SELECT extract(epoch FROM expires_at - created_at)::int AS lifetime FROM auth_codes WHERE code_hash = $1`,
        [sha256Hex(code)],
      );
      expect(lifetime).toBe(60);
      // Sixty seconds later (moved back rather than waited for):
      await app.dataSource.query(`UPDATE auth_codes SET expires_at = now() - interval '1 second' WHERE code_hash = $1`, [sha256Hex(code)]);
      const response = await exchangeCode(app, code).expect(401);
      expect(response.body.code).toBe('AUTH_CODE_INVALID');
    });

    it('returns 400 naming code without code or refresh token, and refreshToken when both are sent', async () => {
      const neither = await token(app, {}).expect(400);
      expect(neither.body.errors).toContainEqual({ field: 'code', message: 'is required unless refreshToken is sent' });
      const both = await token(app, { code: `ac_${'a'.repeat(43)}`, refreshToken: `rt_${'a'.repeat(43)}` }).expect(400);
      expect(both.body.errors).toEqual([{ field: 'refreshToken', message: 'must not be sent together with code' }]);
    });

    it('rotates refresh tokens: each returns new tokens and works once', async () => {
      const tokens = await signIn(app, organisation);
      const refreshed = (await token(app, { refreshToken: tokens.refreshToken }).expect(200)).body as TokenResponseDto;
      expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
      await withToken(app, refreshed.accessToken).get('/api/v1/users/me').expect(200);
      const next = (await token(app, { refreshToken: refreshed.refreshToken }).expect(200)).body as TokenResponseDto;
      expect(next.tokenType).toBe('Bearer');
    });

    it('revokes the whole family when a used refresh token is presented again (401 REFRESH_TOKEN_REUSED)', async () => {
      const tokens = await signIn(app, organisation);
      const rotated = (await token(app, { refreshToken: tokens.refreshToken }).expect(200)).body as TokenResponseDto;

      const reused = await token(app, { refreshToken: tokens.refreshToken }).expect(401);
      expect(reused.body.code).toBe('REFRESH_TOKEN_REUSED');
      // The legitimate successor dies with its family...
      const successor = await token(app, { refreshToken: rotated.refreshToken }).expect(401);
      expect(successor.body.code).toBe('REFRESH_TOKEN_INVALID');
      // ...while another sign-in of the same planner is untouched.
      const other = await signIn(app, organisation);
      await token(app, { refreshToken: other.refreshToken }).expect(200);
    });

    it('lets exactly one of two concurrent refreshes with one token through, and then revokes the family', async () => {
      const tokens = await signIn(app, organisation);
      const responses = await Promise.all([1, 2].map(() => token(app, { refreshToken: tokens.refreshToken })));
      expect(responses.map((r) => r.status).sort()).toEqual([200, 401]);
      const winner = responses.find((r) => r.status === 200)!.body as TokenResponseDto;
      expect(responses.find((r) => r.status === 401)!.body.code).toBe('REFRESH_TOKEN_REUSED');
      await token(app, { refreshToken: winner.refreshToken }).expect(401);
    });

    it('returns 401 REFRESH_TOKEN_INVALID for an unknown or expired refresh token', async () => {
      const unknown = await token(app, { refreshToken: `rt_${'x'.repeat(43)}` }).expect(401);
      expect(unknown.body.code).toBe('REFRESH_TOKEN_INVALID');
      const tokens = await signIn(app, organisation);
      await app.dataSource.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
        sha256Hex(tokens.refreshToken),
      ]);
      const expired = await token(app, { refreshToken: tokens.refreshToken }).expect(401);
      expect(expired.body.code).toBe('REFRESH_TOKEN_INVALID');
    });

    it('ends no refresh token later than its sign-in', async () => {
      const tokens = await signIn(app, organisation);
      const [row] = await app.dataSource.query<Array<{ tokenEnd: Date; signInEnd: Date; lifetime: number }>>(
        `SELECT r.expires_at AS "tokenEnd", s.expires_at AS "signInEnd", extract(epoch FROM s.expires_at - s.created_at)::int AS lifetime
           FROM refresh_tokens r JOIN sign_ins s ON s.id = r.family_id WHERE r.token_hash = $1`,
        [sha256Hex(tokens.refreshToken)],
      );
      expect(row!.lifetime).toBe(app.config.SIGN_IN_LIFETIME_SECONDS);
      // A sign-in with an hour left: the rotated token gets that hour, not REFRESH_TOKEN_TTL_SECONDS.
      await app.dataSource.query(`UPDATE sign_ins SET expires_at = now() + interval '1 hour' WHERE id = $1`, [
        signInOf(tokens.accessToken),
      ]);
      const rotated = (await token(app, { refreshToken: tokens.refreshToken }).expect(200)).body as TokenResponseDto;
      const [next] = await app.dataSource.query<Array<{ tokenEnd: Date; signInEnd: Date }>>(
        `SELECT r.expires_at AS "tokenEnd", s.expires_at AS "signInEnd" FROM refresh_tokens r JOIN sign_ins s ON s.id = r.family_id WHERE r.token_hash = $1`,
        [sha256Hex(rotated.refreshToken)],
      );
      expect(next!.tokenEnd.getTime()).toBe(next!.signInEnd.getTime());
    });

    it('stores refresh tokens only as hashes', async () => {
      const tokens = await signIn(app, organisation);
      const rows = await app.dataSource.query<unknown[]>(`SELECT 1 FROM refresh_tokens WHERE token_hash = $1`, [
        sha256Hex(tokens.refreshToken),
      ]);
      expect(rows).toHaveLength(1);
      const plain = await app.dataSource.query<unknown[]>(`SELECT 1 FROM refresh_tokens WHERE token_hash = $1`, [tokens.refreshToken]);
      expect(plain).toHaveLength(0);
    });
  });

  describe('PKCE, the redirect URI, the sign-in lifetime and sign-out', () => {
    it('refuses a sign-in request without code_challenge, with a malformed one or with the plain method (400 naming the field)', async () => {
      const missing = await ssoRequest(app, { assertion: assertionFor(app, organisation), code_challenge: '' }).expect(400);
      expect(missing.body.errors).toContainEqual(expect.objectContaining({ field: 'code_challenge' }));
      const short = await ssoRequest(app, { assertion: assertionFor(app, organisation), code_challenge: 'abc' }).expect(400);
      expect(short.body.errors).toContainEqual(expect.objectContaining({ field: 'code_challenge' }));
      const plain = await ssoRequest(app, { assertion: assertionFor(app, organisation), code_challenge_method: 'plain' }).expect(400);
      expect(plain.body.errors).toEqual([expect.objectContaining({ field: 'code_challenge_method' })]);
      const noMethod = await request(app.url)
        .get('/api/v1/auth/sso')
        .query({
          assertion: assertionFor(app, organisation),
          redirectUri: REDIRECT_URI,
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        })
        .redirects(0)
        .expect(400);
      expect(noMethod.body.errors).toEqual([expect.objectContaining({ field: 'code_challenge_method' })]);
    });

    it('returns 400 naming code_verifier and redirectUri when a code is exchanged without them', async () => {
      const code = await ssoCode(app, organisation);
      const response = await token(app, { code }).expect(400);
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'code_verifier', message: 'is required with code' },
          { field: 'redirectUri', message: 'is required with code' },
        ]),
      );
      const malformed = await exchangeCode(app, code, { code_verifier: 'too-short' }).expect(400);
      expect(malformed.body.errors).toEqual([expect.objectContaining({ field: 'code_verifier' })]);
      // Refused by validation, the code is still good:
      await exchangeCode(app, code).expect(200);
    });

    it('returns 401 AUTH_CODE_INVALID for a wrong code_verifier, and the code still works with the right one', async () => {
      const code = await ssoCode(app, organisation);
      const wrong = await exchangeCode(app, code, { code_verifier: CODE_VERIFIER.replace(/^d/, 'e') }).expect(401);
      expect(wrong.body.code).toBe('AUTH_CODE_INVALID');
      const other = await exchangeCode(app, code, { code_verifier: 'x'.repeat(64) }).expect(401);
      expect(other.body.code).toBe('AUTH_CODE_INVALID');
      await exchangeCode(app, code).expect(200);
    });

    it('returns 401 AUTH_CODE_INVALID for a code exchanged with another redirect URI than the one it was sent to', async () => {
      const second = 'https://planner.example.com/other/callback';
      const twoUris = await createOrganisation(app, 'Two Callbacks', [REDIRECT_URI, second]);
      const response = await ssoRequest(app, { assertion: assertionFor(app, twoUris), redirectUri: second }).expect(302);
      const code = new URL(response.headers.location as string).searchParams.get('code')!;
      const mismatch = await exchangeCode(app, code, { redirectUri: REDIRECT_URI }).expect(401);
      expect(mismatch.body.code).toBe('AUTH_CODE_INVALID');
      const withSlash = await exchangeCode(app, code, { redirectUri: `${second}/` }).expect(401);
      expect(withSlash.body.code).toBe('AUTH_CODE_INVALID');
      await exchangeCode(app, code, { redirectUri: second }).expect(200);
    });

    it('refuses the refresh token and the access tokens of a sign-in past its absolute lifetime, however recently rotated', async () => {
      const tokens = await signIn(app, organisation);
      const rotated = (await token(app, { refreshToken: tokens.refreshToken }).expect(200)).body as TokenResponseDto;
      expect(signInOf(rotated.accessToken)).toBe(signInOf(tokens.accessToken));
      // SIGN_IN_LIFETIME_SECONDS later (moved back rather than waited for); the rotated token itself is fresh:
      await app.dataSource.query(`UPDATE sign_ins SET expires_at = now() - interval '1 second' WHERE id = $1`, [
        signInOf(tokens.accessToken),
      ]);
      const refresh = await token(app, { refreshToken: rotated.refreshToken }).expect(401);
      expect(refresh.body.code).toBe('REFRESH_TOKEN_INVALID');
      const me = await withToken(app, rotated.accessToken).get('/api/v1/users/me').expect(401);
      expect(me.body.code).toBe('TOKEN_INVALID');
    });

    it('signs out: that access token, its refresh token and the other access tokens of the sign-in are 401; another sign-in is untouched', async () => {
      const fcUserCi = nextCi();
      const tokens = await signIn(app, organisation, { fcUserCi });
      const rotated = (await token(app, { refreshToken: tokens.refreshToken }).expect(200)).body as TokenResponseDto;
      const elsewhere = await signIn(app, organisation, { fcUserCi });

      const signOut = await withToken(app, rotated.accessToken).post('/api/v1/auth/sign-out').expect(204);
      expect(signOut.text).toBe('');

      for (const accessToken of [tokens.accessToken, rotated.accessToken]) {
        const after = await withToken(app, accessToken).get('/api/v1/users/me').expect(401);
        expect(after.body.code).toBe('TOKEN_INVALID');
      }
      const refresh = await token(app, { refreshToken: rotated.refreshToken }).expect(401);
      expect(refresh.body.code).toBe('REFRESH_TOKEN_INVALID');
      // Signing out twice: the token is already refused.
      await withToken(app, rotated.accessToken).post('/api/v1/auth/sign-out').expect(401);

      await withToken(app, elsewhere.accessToken).get('/api/v1/users/me').expect(200);
      await token(app, { refreshToken: elsewhere.refreshToken }).expect(200);
    });

    it('returns 401 TOKEN_MISSING for a sign-out without a token', async () => {
      const response = await request(app.url).post('/api/v1/auth/sign-out').expect(401);
      expect(response.body.code).toBe('TOKEN_MISSING');
    });

    it('revokes the access tokens of a sign-in whose used refresh token is presented again', async () => {
      const tokens = await signIn(app, organisation);
      const rotated = (await token(app, { refreshToken: tokens.refreshToken }).expect(200)).body as TokenResponseDto;
      await token(app, { refreshToken: tokens.refreshToken }).expect(401);
      await withToken(app, rotated.accessToken).get('/api/v1/users/me').expect(401);
    });

    it('refuses an access token without a sign-in (sid), however well signed', async () => {
      const tokens = await signIn(app, organisation);
      const claims = jwt.decode(tokens.accessToken) as jwt.JwtPayload;
      const { sid: _sid, ...withoutSid } = claims;
      const forged = jwt.sign(withoutSid, app.config.JWT_SECRET!, { algorithm: 'HS256' });
      const response = await withToken(app, forged).get('/api/v1/users/me').expect(401);
      expect(response.body.code).toBe('TOKEN_INVALID');
    });
  });
});
