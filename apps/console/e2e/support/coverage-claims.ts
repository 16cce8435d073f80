import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { components } from '../../src/api/generated/coverage-claims.js';
import { ok, until } from './api.js';
import type { ConsoleFixture } from './fixture.js';
import { ROOT } from './service.js';

type Schemas = components['schemas'];
type CoverageClaims = ConsoleFixture<'coverage-claims'>;

/** The redirect URI the tests register for organisations (the planners' front end). */
export const REDIRECT_URI = 'https://planner.example.com/sso/callback';

/** The sandbox fax delivers quickly: 5 ms a page, the worker polling every 20 ms. */
export const QUICK_DELIVERY = { FAX_SANDBOX_MS_PER_PAGE: '5', CLAIM_DELIVERY_POLL_MS: '20', CLAIM_DELIVERY_RESULT_POLL_MS: '20' };

export function givenOrganisation(app: CoverageClaims, name: string): Promise<Schemas['OrganisationWithSecretDto']> {
  return ok(app.api().POST('/api/v1/admin/organisations', { body: { name, redirectUris: [REDIRECT_URI] } }));
}

/**
 * A planner of `organisation` signed in as the guide's front end signs one in: an assertion signed with
 * the organisation's SSO secret by the public script (dist/scripts/sso-assertion.js, as the
 * organisation's server would), a PKCE pair, the redirect's one-time code exchanged for tokens.
 * Resolves to the planner's access token; throws when the secret does not sign planners in.
 */
export async function signInPlanner(
  app: CoverageClaims,
  organisation: { id: string; ssoSecret: string },
  name = '김설계',
): Promise<string> {
  const ci = randomBytes(24).toString('base64');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['dist/scripts/sso-assertion.js', '--organisation', organisation.id, `--secret=${organisation.ssoSecret}`, '--ci', ci, '--name', name],
    { cwd: ROOT },
  );
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const sso = new URL('/api/v1/auth/sso', app.url);
  for (const [key, value] of Object.entries({
    assertion: stdout.trim(),
    redirectUri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }))
    sso.searchParams.set(key, value);
  const redirect = await fetch(sso, { redirect: 'manual' });
  const code = new URL(redirect.headers.get('location') ?? 'about:blank').searchParams.get('code');
  if (redirect.status !== 302 || code === null) throw new Error(`the SSO sign-in answered ${redirect.status}: ${await redirect.text()}`);
  const tokens = await ok(
    app.api().GET('/api/v1/auth/token', { params: { query: { code, code_verifier: verifier, redirectUri: REDIRECT_URI } } }),
  );
  return tokens.accessToken;
}

let phones = 0;

/** A customer to verify by a one-time number (a fresh phone each: the sandbox keeps what it sent to each). */
export function verificationBody(): Schemas['RequestVerificationDto'] {
  phones += 1;
  const phone = `010${String(process.pid % 10_000).padStart(4, '0')}${String(2000 + phones).padStart(4, '0')}`;
  return {
    name: '이고객',
    birthDate: '19900101',
    gender: 'F',
    phone,
    agreedTermIds: ['coverage-privacy-collection-v1', 'coverage-third-party-provision-v1', 'coverage-unique-identifier-v1'],
  };
}

/** The client of the tests' claims. */
export const CLIENT = { name: '최청구', birthday: '19791102', phone: '010-5555-0142', account: '110-123-456789' };

/** A claim of CLIENT to insurer `insurer`, as a planner's front end files it (no evidence file). */
export function claimTo(insurer: string): Schemas['ClaimRequestDto'] {
  return {
    insuCompCd: insurer,
    eventTypeCd: 'DISEASE',
    eventDate: '2026-10-20',
    eventText: '감기로 통원 치료',
    // The client's particulars: the operators' list must show none of them.
    clientNm: CLIENT.name,
    clientBirthday: CLIENT.birthday,
    clientTel: CLIENT.phone,
    bankCd: '088',
    bankAccount: CLIENT.account,
    bankAccountHolder: CLIENT.name,
    jobCd: '11',
    wellFareYn: false,
    directDebitAccntYn: false,
    callbackWho: 'PLANNER',
    callbackName: '김설계',
    callbackTel: '01098765432',
    clientMemo: '',
    fileIds: [],
  };
}

/** The claim's fax delivery as operators list it, once `done` holds for it (by default: SENT or FAILED). */
export async function deliveryOf(
  app: CoverageClaims,
  organisationId: string,
  claimReqId: number,
  done: (delivery: Schemas['AdminClaimDeliveryDto']) => boolean = ({ status }) => status === 'SENT' || status === 'FAILED',
): Promise<Schemas['AdminClaimDeliveryDto']> {
  let found: Schemas['AdminClaimDeliveryDto'] | undefined;
  await until(
    `claim ${claimReqId} delivered or failed`,
    async () => {
      const page = await ok(app.api().GET('/api/v1/admin/claim/deliveries', { params: { query: { organisationId, limit: 100 } } }));
      found = page.data.find((delivery) => delivery.claimReqId === claimReqId);
      return found !== undefined && done(found);
    },
    30_000,
  );
  return found!;
}
