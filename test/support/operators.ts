import request from 'supertest';
import type { OperatorAccountDto, OperatorRoleName, OperatorSignedInDto } from '#contracts';
import { totpCodeAt } from '#platform';
import { OPERATOR_KEY, withHeader } from './test-app.js';

/** A password the safeguards guide's rule accepts (8 characters of 3 kinds). */
export const GOOD_PASSWORD = 'Tiger#2026';

/** An operator signed in through the console's sign-in: the cookie and CSRF token to send. */
export interface SignedInOperator {
  account: OperatorAccountDto;
  email: string;
  password: string;
  /** The TOTP secret enrolled at the first sign-in. */
  secret: string;
  recoveryCodes: string[];
  /** `__Host-operator_session=…`, as the Cookie header. */
  cookie: string;
  csrfToken: string;
}

let sequence = 0;

/** A distinct operator e-mail for each call. */
export function nextOperatorEmail(): string {
  sequence += 1;
  return `operator${sequence}.${process.pid}@example.com`;
}

/** Creates an account with the bootstrap key (OPERATOR_API_KEYS) and answers it. */
export async function createOperator(
  app: { url: string },
  role: `${OperatorRoleName}`,
  email = nextOperatorEmail(),
  password = GOOD_PASSWORD,
): Promise<OperatorAccountDto> {
  const response = await withHeader(app, 'X-API-Key', OPERATOR_KEY)
    .post('/api/v1/admin/operators')
    .send({ email, name: `운영자 ${email.split('@')[0]}`, role, password })
    .expect(201);
  return response.body as OperatorAccountDto;
}

/** The session cookie a second-factor answer set. */
export function sessionCookieOf(response: request.Response): string {
  const header = response.headers['set-cookie'] as unknown as string[] | undefined;
  const cookie = header?.find((line) => line.startsWith('__Host-operator_session='));
  if (!cookie) throw new Error('No session cookie was set');
  return cookie.split(';')[0]!;
}

/** A TOTP code of the step after the current one: accepted (one step of drift), and not the step enrolment used. */
export function nextTotpCode(secret: string, stepsAhead = 1): string {
  return totpCodeAt(secret, Date.now() + stepsAhead * 30_000);
}

/** Creates an operator of `role` and signs them in for the first time (enrolling the second factor). */
export async function signedInOperator(app: { url: string }, role: `${OperatorRoleName}`): Promise<SignedInOperator> {
  const email = nextOperatorEmail();
  const account = await createOperator(app, role, email);
  const challenge = await request(app.url).post('/api/v1/admin/session').send({ email, password: GOOD_PASSWORD }).expect(200);
  const secret = challenge.body.enrolment.secret as string;
  const signedIn = await request(app.url)
    .post('/api/v1/admin/session/second-factor')
    .send({ challenge: challenge.body.challenge, code: totpCodeAt(secret) })
    .expect(200);
  const body = signedIn.body as OperatorSignedInDto;
  return {
    account,
    email,
    password: GOOD_PASSWORD,
    secret,
    recoveryCodes: body.recoveryCodes!,
    cookie: sessionCookieOf(signedIn),
    csrfToken: body.csrfToken!,
  };
}

/** Requests with the operator's session cookie and CSRF token. */
export function asSession(app: { url: string }, operator: Pick<SignedInOperator, 'cookie' | 'csrfToken'>) {
  const agent = request(app.url);
  const send = (test: request.Test) => test.set('Cookie', operator.cookie).set('X-CSRF-Token', operator.csrfToken);
  return {
    get: (path: string) => agent.get(path).set('Cookie', operator.cookie),
    post: (path: string) => send(agent.post(path)),
    put: (path: string) => send(agent.put(path)),
    patch: (path: string) => send(agent.patch(path)),
    delete: (path: string) => send(agent.delete(path)),
  };
}
