import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import type { OrganisationWithSecretDto, TokenResponseDto, UserRole as ContractsUserRole } from '#contracts';
import type { CoverageClaimsConfig } from '../../src/config/coverage-claims.config.js';
import { COVERAGE_CLAIMS } from '../../src/service.js';
import { UserRole, type AccessTokenClaims } from '../../src/auth/principal.js';
import { mintAssertion, type AssertionInput } from '../../src/auth/sso-assertion.js';
import { OPERATOR_KEY, startTestApp, withHeader, type TestApp, type TestAppOptions } from '../../../../test/support/test-app.js';

export const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789';

/** The operator key every coverage-claims test app accepts (OPERATOR_API_KEYS). */
export { OPERATOR_KEY };

/** The redirect URI organisations created by `createOrganisation` register. */
export const REDIRECT_URI = 'https://planner.example.com/sso/callback';

export type CoverageClaimsTestApp = TestApp<CoverageClaimsConfig>;

/**
 * The keys one deployment's replicas share (the Secret's field-encryption and lookup-hash keys), for
 * tests that run two app instances as replicas: each test app otherwise makes keys of its own.
 */
export function sharedDeploymentKeys(): { DATA_ENCRYPTION_KEYS: string; LOOKUP_HASH_KEY: string } {
  return { DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`, LOOKUP_HASH_KEY: randomBytes(32).toString('base64') };
}

export function startCoverageClaims(options: TestAppOptions = {}): Promise<CoverageClaimsTestApp> {
  return startTestApp(COVERAGE_CLAIMS, {
    ...options,
    env: {
      JWT_SECRET: TEST_JWT_SECRET,
      OPERATOR_API_KEYS: OPERATOR_KEY,
      // A fax handed to the gateway has its result checked soon (5 s in service).
      CLAIM_DELIVERY_RESULT_POLL_MS: '50',
      ...options.env,
    },
  });
}

export interface SignOptions {
  secret?: string;
  expiresIn?: number;
  audience?: string;
  issuer?: string;
  algorithm?: jwt.Algorithm;
}

/** Signs an access token the way the service's token endpoint does (HS256, issuer, audience, exp). */
export function signAccessToken(app: CoverageClaimsTestApp, claims: Partial<AccessTokenClaims> = {}, options: SignOptions = {}): string {
  const payload = {
    sub: '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10',
    org: '0192f7a4-0000-7000-8000-000000000001',
    role: UserRole.Planner,
    ...claims,
  };
  return jwt.sign(payload, options.secret ?? TEST_JWT_SECRET, {
    algorithm: options.algorithm ?? 'HS256',
    expiresIn: options.expiresIn ?? 300,
    audience: options.audience ?? app.config.JWT_AUDIENCE,
    issuer: options.issuer ?? app.config.JWT_ISSUER,
  });
}

export const asOperator = (app: CoverageClaimsTestApp) => withHeader(app, 'X-API-Key', OPERATOR_KEY);
export const withToken = (app: CoverageClaimsTestApp, accessToken: string) => withHeader(app, 'Authorization', `Bearer ${accessToken}`);

/** Registers an organisation through the operator API (redirect URI: REDIRECT_URI). */
export async function createOrganisation(
  app: CoverageClaimsTestApp,
  name = '한빛 에셋',
  redirectUris = [REDIRECT_URI],
): Promise<OrganisationWithSecretDto> {
  const response = await asOperator(app).post('/api/v1/admin/organisations').send({ name, redirectUris }).expect(201);
  return response.body as OrganisationWithSecretDto;
}

/** A distinct planner identifier for each call. */
export function nextCi(): string {
  return randomBytes(24).toString('base64');
}

export interface PlannerClaims {
  fcUserCi?: string;
  name?: string;
  phone?: string;
  role?: ContractsUserRole;
}

/** An assertion of the organisation naming a planner (a fresh one unless `fcUserCi` is given). */
export function assertionFor(
  app: CoverageClaimsTestApp,
  organisation: OrganisationWithSecretDto,
  claims: PlannerClaims = {},
  options: Partial<AssertionInput> = {},
): string {
  return mintAssertion({
    organisationId: organisation.id,
    secret: organisation.ssoSecret,
    audience: app.config.SSO_AUDIENCE,
    fcUserCi: claims.fcUserCi ?? nextCi(),
    name: claims.name ?? '김설계',
    ...(claims.phone === undefined ? {} : { phone: claims.phone }),
    ...(claims.role === undefined ? {} : { role: claims.role }),
    ...options,
  });
}

/** The PKCE pair the helpers sign in with: RFC 7636 appendix B's example. */
export const CODE_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
export const CODE_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** GET /api/v1/auth/sso with the registered redirect URI and the helpers' PKCE challenge, unless the query replaces them. */
export function ssoRequest(app: CoverageClaimsTestApp, query: Record<string, string>) {
  return request(app.url)
    .get('/api/v1/auth/sso')
    .query({ redirectUri: REDIRECT_URI, code_challenge: CODE_CHALLENGE, code_challenge_method: 'S256', ...query })
    .redirects(0);
}

/** GET /api/v1/auth/token for a code, with the helpers' verifier and redirect URI unless the query replaces them. */
export function exchangeCode(app: CoverageClaimsTestApp, code: string, query: Record<string, string> = {}) {
  return request(app.url)
    .get('/api/v1/auth/token')
    .query({ code, code_verifier: CODE_VERIFIER, redirectUri: REDIRECT_URI, ...query });
}

/** Signs a planner in by SSO and returns the one-time code of the redirect. */
export async function ssoCode(
  app: CoverageClaimsTestApp,
  organisation: OrganisationWithSecretDto,
  claims: PlannerClaims = {},
): Promise<string> {
  const response = await ssoRequest(app, { assertion: assertionFor(app, organisation, claims) }).expect(302);
  const code = new URL(response.headers.location as string).searchParams.get('code');
  if (!code) throw new Error('The sign-in redirect carries no code');
  return code;
}

/** A planner signed in: their tokens and user id. */
export type SignedIn = TokenResponseDto & { userId: string };

/** Signs a planner in by SSO and exchanges the code: their tokens and user id. */
export async function signIn(
  app: CoverageClaimsTestApp,
  organisation: OrganisationWithSecretDto,
  claims: PlannerClaims = {},
): Promise<SignedIn> {
  const code = await ssoCode(app, organisation, claims);
  const tokens = (await exchangeCode(app, code).expect(200)).body as TokenResponseDto;
  const userId = (jwt.decode(tokens.accessToken) as { sub: string }).sub;
  return { ...tokens, userId };
}

/** Ids of the terms in force that a verification request must agree to, and the optional one. */
export const REQUIRED_TERM_IDS = ['coverage-privacy-collection-v1', 'coverage-third-party-provision-v1', 'coverage-unique-identifier-v1'];
export const MARKETING_TERM_ID = 'coverage-marketing-v1';

let phoneCounter = 0;

/** A distinct mobile number for each call (never ending in 0000, which the sandbox refuses). */
export function nextPhone(): string {
  phoneCounter += 1;
  return `010${String(process.pid % 10_000).padStart(4, '0')}${String(1000 + (phoneCounter % 9000)).padStart(4, '0')}`;
}

export interface VerificationBody {
  name: string;
  birthDate: string;
  gender: string;
  phone: string;
  agreedTermIds: string[];
}

/** A valid verification request body (a fresh phone unless given). */
export function verificationBody(overrides: Partial<VerificationBody> = {}): VerificationBody {
  return { name: '홍길동', birthDate: '19850314', gender: 'M', phone: nextPhone(), agreedTermIds: [...REQUIRED_TERM_IDS], ...overrides };
}

/** The one-time number of the newest sandbox message to `phone`, read as an operator does. */
export async function sandboxCode(app: CoverageClaimsTestApp, phone: string): Promise<string> {
  const response = await asOperator(app).get('/api/v1/admin/sandbox/messages').query({ phone, limit: 1 }).expect(200);
  const text = (response.body as { data: Array<{ text: string }> }).data[0]?.text;
  const code = text?.match(/\[(\d{6})\]/)?.[1];
  if (!code) throw new Error(`No sandbox message with a number to ${phone}`);
  return code;
}
