import { generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { CODEF_FAKE_CHECKUP_REFERENCE, CODEF_FAKE_CHECKUP_ROWS } from './codef-fake-checkups-sample.js';
import { CODEF_FAKE_CONTRACTS_SAMPLE, renamed } from './codef-fake-contracts-sample.js';
import {
  CODEF_FAKE_PATHS,
  coded,
  missingParameter,
  pkcs1Decrypt,
  readBody,
  result,
  sameRequest,
  secureNoImage,
  withoutFollowUp,
  type Answer,
  type Product,
} from './codef-fake-wire.js';

export { CODEF_FAKE_CHECKUP_ROWS, CODEF_FAKE_CHECKUP_YEARS } from './codef-fake-checkups-sample.js';
export { CODEF_FAKE_CONTRACTS_SAMPLE } from './codef-fake-contracts-sample.js';
export { CODEF_FAKE_PATHS } from './codef-fake-wire.js';

/*
 * A faithful fake of CODEF on one loopback server: its OAuth service and the two products the service
 * calls. It checks what CODEF checks and answers in CODEF's shapes, as far as public sources show them
 * (docs/sources/codef.md names each source and which codes are assumed). Written from the sources,
 * not from the client: it imports nothing of it. This file has the routes, the tokens and the
 * second step; codef-fake-wire.ts how a body is read and an answer written; the products' default
 * answers are in codef-fake-contracts-sample.ts and codef-fake-checkups-sample.ts.
 *
 * What it checks
 * - `POST /oauth/token`: Basic auth with the fake's client id and secret (else 401
 *   `{error: "invalid_client"}`), form content type and `grant_type=client_credentials&scope=read`
 *   (else 400 `{error: "invalid_request"}`). Answers `{access_token, token_type, expires_in: 604799, scope}`.
 * - the products (`CODEF_FAKE_PATHS`): `Authorization: Bearer` with a token it issued and that has
 *   not expired (else 401 `{error: "invalid_token"}`, plain JSON), the body URL-encoded JSON (plain
 *   JSON is refused with CF-00002), the product's required parameters as strings (CF-00001), the
 *   contracts' `password` decrypting with the fake's private key (RSA PKCS#1 v1.5; else CF-00007).
 *   Answers are URL-encoded JSON as CODEF's (Java's URLEncoder: a space is `+`).
 * - a follow-up (`is2Way: true`): `twoWayInfo` of the customer's open second step with integer
 *   `jobIndex`, `threadIndex`, `twoWayTimestamp` (else CF-00001), the identical first request
 *   (compared on decrypted values; else CF-00001), the step's answer.
 *
 * Control API (tests)
 * - `CodefFake.start({ now? })`, `close()`; `url`, `publicKey` (base64 DER SPKI, as CODEF shows it),
 *   `client` (id, secret), `env()` (CODEF_ENV=demo and the CODEF_* variables that point the service here).
 * - `requests`: every product call, decoded, the password decrypted, with the code answered;
 *   `requestsFor(match)` a customer's. `tokensIssued`, `tokensRefused`, `issuedTokens()`.
 * - customers are matched by `userName` or `phoneNo` (`match`):
 *   `contractsFor(match, 'sample' | data)` the contracts' `data` (default: CODEF_FAKE_CONTRACTS_SAMPLE,
 *   the public sample reworded, contractor and insured renamed to the customer);
 *   `checkupsFor(match, rows)` the check-ups' `resPreviewList` (default: CODEF_FAKE_CHECKUP_ROWS);
 *   `twoStep(match, steps, { approveAfterTries?, cancel?, code? })`: the customer's next first calls
 *   answer CF-03002 for each step in turn, then CF-00000. `simpleAuth` (app approval): a follow-up
 *   with `simpleAuth: "1"` before the customer approved answers CF-03002 again with the same
 *   twoWayInfo; the third such try CF-12872 (start over). `approveAfterTries` n: the customer approves
 *   after n premature follow-ups (default 0: by the first follow-up; `Infinity`: only on `approve`).
 *   `secureNo` (an image, `extraInfo.reqSecureNo` a `data:img/jpeg;base64,` URL; `secureNoRefresh: "1"`
 *   gives a new one) and `smsAuthNo` (a code "sent" by SMS): the answer must be `code` (defaults
 *   CODEF_FAKE_SECURE_NO and CODEF_FAKE_SMS_CODE); a wrong one is CF-12802 and counts as a try.
 *   `cancel: true`: the customer cancels at once (the follow-up answers CF-12102). `legacy: true`: the
 *   steps are asked with CF-00000 and `continue2Way: true`, as codef-java's 2019 sample shows them.
 * - `approve(match)`, `cancel(match)`: the customer acts in their app on the open second step.
 * - the second step lasts 270 s (CODEF_FAKE_TWO_WAY_MS) on the fake's clock, then CF-11021:
 *   `advance(ms)` moves the clock (tokens expire on it too, after `expires_in`).
 * - `expireTokens()`: every token issued so far is refused from now on (401 invalid_token).
 * - `failNext(code, { status?, product?, count? })`: the next product call(s) answer this result code
 *   (with this HTTP status); `code: null` with a 5xx answers an HTML error page, with 401 CODEF's
 *   `invalid_token` (a valid token refused).
 * - `answerSlowly(ms, { firstCallsOnly? })`: product answers wait `ms` (CODEF's blocking first step).
 * - `behaveNormally()`: no failure, no delay, the clock unmoved, no customer scripted, no second step
 *   open (tokens and `requests` are kept).
 */

/** The codes the fake answers with. Third parties report those not marked; docs/sources/codef.md. */
export const CODEF_FAKE_CODES = {
  done: 'CF-00000',
  twoWay: 'CF-03002',
  /** ASSUMED: a required parameter is missing or malformed (also: a follow-up not identical to its first call). */
  missingParameter: 'CF-00001',
  /** ASSUMED: the body is not URL-encoded JSON. */
  unreadableBody: 'CF-00002',
  /** ASSUMED: an RSA-encrypted field does not decrypt with the account's private key. */
  undecryptable: 'CF-00007',
  /** ASSUMED: the second step's 270 s are over. */
  twoWayExpired: 'CF-11021',
  cancelled: 'CF-12102',
  /** ASSUMED: a wrong SMS code or secure number. */
  wrongAnswer: 'CF-12802',
  retryLimit: 'CF-12872',
} as const;

/** The secure number the fake's image "shows", and the code its SMS "sends", unless a test gives another. */
export const CODEF_FAKE_SECURE_NO = '5931';
export const CODEF_FAKE_SMS_CODE = '482913';
/** How long a second step stays open (CODEF's multiple-request guide: simple authentication waits up to 270 s). */
export const CODEF_FAKE_TWO_WAY_MS = 270_000;
const TOKEN_LIFETIME_S = 604_799;
const PREMATURE_TRIES_ALLOWED = 2;

export type CodefFakeStep = 'simpleAuth' | 'secureNo' | 'smsAuthNo';

export interface CodefFakeRequest {
  path: string;
  product: Product;
  /** The parameters as the fake read them, the password decrypted (undefined when it did not decrypt). */
  params: Record<string, unknown>;
  is2Way: boolean;
  status: number;
  /** The result code answered; null for a 401 or an HTML failure. */
  code: string | null;
}

interface Script {
  contracts?: Record<string, unknown>;
  checkups?: Array<Record<string, string>>;
  twoStep?: { steps: CodefFakeStep[]; approveAfterTries: number; cancel: boolean; code?: string; legacy: boolean };
}

interface Session {
  match: string;
  product: Product;
  /** The first request, decrypted, without what a follow-up adds. */
  first: Record<string, unknown>;
  steps: CodefFakeStep[];
  step: number;
  jti: string;
  jobIndex: number;
  threadIndex: number;
  twoWayTimestamp: number;
  openedAt: number;
  tries: number;
  approveAfterTries: number;
  approved: boolean;
  cancelled: boolean;
  code?: string;
  legacy: boolean;
}

export class CodefFake {
  readonly client = { id: 'codef-fake-client-id', secret: 'codef-fake-client-secret' };
  /** Base64 of the DER SubjectPublicKeyInfo, as CODEF shows an account's key. */
  readonly publicKey: string;
  readonly requests: CodefFakeRequest[] = [];
  tokensIssued = 0;
  tokensRefused = 0;

  private readonly privateKey: KeyObject;
  private readonly tokens = new Map<string, { expiresAt: number; revoked: boolean }>();
  private readonly scripts = new Map<string, Script>();
  private readonly sessions = new Map<string, Session>();
  private offsetMs = 0;
  private slow: { ms: number; firstCallsOnly: boolean } = { ms: 0, firstCallsOnly: false };
  private failures: Array<{ code: string | null; status: number; product?: Product }> = [];

  private constructor(
    private readonly server: Server,
    private readonly clock: () => number,
  ) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.publicKey = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    this.privateKey = privateKey;
  }

  static async start(options: { now?: () => number } = {}): Promise<CodefFake> {
    const server = createServer();
    const fake = new CodefFake(server, options.now ?? Date.now);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      fake.handle(request, response).catch(() => request.socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The variables that point the service's CODEF client here (both adapters are the tests' to select). */
  env(): Record<string, string> {
    return {
      CODEF_ENV: 'demo',
      CODEF_API_URL: this.url,
      CODEF_TOKEN_URL: `${this.url}/oauth/token`,
      CODEF_CLIENT_ID: this.client.id,
      CODEF_CLIENT_SECRET: this.client.secret,
      CODEF_PUBLIC_KEY: this.publicKey,
    };
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  /** The fake's clock (CODEF's): the test's clock plus what `advance` added. */
  now(): number {
    return this.clock() + this.offsetMs;
  }

  /** Moves the fake's clock: open second steps and tokens age by `ms`. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  issuedTokens(): string[] {
    return [...this.tokens.keys()];
  }

  expireTokens(): void {
    for (const token of this.tokens.values()) token.revoked = true;
  }

  contractsFor(match: string, answer: 'sample' | Record<string, unknown>): void {
    this.script(match).contracts = answer === 'sample' ? undefined : answer;
  }

  checkupsFor(match: string, rows: Array<Record<string, string>>): void {
    this.script(match).checkups = rows;
  }

  twoStep(
    match: string,
    steps: CodefFakeStep[],
    options: { approveAfterTries?: number; cancel?: boolean; code?: string; legacy?: boolean } = {},
  ): void {
    if (steps.length === 0) throw new Error('twoStep needs at least one step');
    this.script(match).twoStep = {
      steps,
      approveAfterTries: options.approveAfterTries ?? 0,
      cancel: options.cancel ?? false,
      code: options.code,
      legacy: options.legacy ?? false,
    };
  }

  /** The customer approves the open second step in their app. */
  approve(match: string): void {
    for (const session of this.sessionsOf(match)) session.approved = true;
  }

  /** The customer cancels the open second step in their app. */
  cancel(match: string): void {
    for (const session of this.sessionsOf(match)) session.cancelled = true;
  }

  failNext(code: string | null, options: { status?: number; product?: Product; count?: number } = {}): void {
    for (let i = 0; i < (options.count ?? 1); i++) this.failures.push({ code, status: options.status ?? 200, product: options.product });
  }

  answerSlowly(ms: number, options: { firstCallsOnly?: boolean } = {}): void {
    this.slow = { ms, firstCallsOnly: options.firstCallsOnly ?? false };
  }

  behaveNormally(): void {
    this.slow = { ms: 0, firstCallsOnly: false };
    this.failures = [];
    this.offsetMs = 0;
    this.scripts.clear();
    this.sessions.clear();
  }

  /** The product calls made for a customer (matched as the scripts are). */
  requestsFor(match: string): CodefFakeRequest[] {
    return this.requests.filter((request) => request.params.userName === match || request.params.phoneNo === match);
  }

  private script(match: string): Script {
    let script = this.scripts.get(match);
    if (!script) this.scripts.set(match, (script = {}));
    return script;
  }

  private sessionsOf(match: string): Session[] {
    return [...this.sessions.values()].filter((session) => session.match === match);
  }

  private scriptOf(params: Record<string, unknown>): { match: string; script: Script } | undefined {
    for (const key of [params.userName, params.phoneNo]) {
      const script = typeof key === 'string' ? this.scripts.get(key) : undefined;
      if (script) return { match: key as string, script };
    }
    return undefined;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    let answer: Answer;
    if (request.method === 'POST' && path === '/oauth/token') answer = this.token(request, body);
    else {
      const product = (Object.keys(CODEF_FAKE_PATHS) as Product[]).find((name) => CODEF_FAKE_PATHS[name] === path);
      if (request.method !== 'POST' || !product) answer = { status: 404, body: { error: 'not_found' }, plain: true };
      else answer = await this.product(request, product, body);
    }
    if (answer.html) {
      response.writeHead(answer.status, { 'Content-Type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
      return;
    }
    const json = JSON.stringify(answer.body);
    response
      .writeHead(answer.status, { 'Content-Type': 'application/json;charset=UTF-8' })
      .end(answer.plain ? json : encodeURIComponent(json).replace(/%20/g, '+'));
  }

  private token(request: IncomingMessage, body: string): Answer {
    const basic = /^Basic (\S+)$/.exec(request.headers.authorization ?? '');
    const [id, ...secret] = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':') : [];
    if (id !== this.client.id || secret.join(':') !== this.client.secret) {
      this.tokensRefused++;
      return { status: 401, body: { error: 'invalid_client', error_description: 'Bad client credentials' }, plain: true };
    }
    const form = new URLSearchParams(body);
    if (
      !/^application\/x-www-form-urlencoded/i.test(request.headers['content-type'] ?? '') ||
      form.get('grant_type') !== 'client_credentials' ||
      form.get('scope') !== 'read'
    )
      return { status: 400, body: { error: 'invalid_request' }, plain: true };
    const token = randomBytes(48).toString('base64url');
    this.tokens.set(token, { expiresAt: this.now() + TOKEN_LIFETIME_S * 1000, revoked: false });
    this.tokensIssued++;
    return {
      status: 200,
      body: { access_token: token, token_type: 'bearer', expires_in: TOKEN_LIFETIME_S, scope: 'read', jti: randomUUID() },
      plain: true,
    };
  }

  private async product(request: IncomingMessage, product: Product, raw: string): Promise<Answer> {
    const path = CODEF_FAKE_PATHS[product];
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    const token = bearer ? this.tokens.get(bearer[1]!) : undefined;
    if (!token || token.revoked || token.expiresAt <= this.now()) {
      this.requests.push({ path, product, params: {}, is2Way: false, status: 401, code: null });
      return { status: 401, body: { error: 'invalid_token', error_description: 'Invalid access token' }, plain: true };
    }
    const params = readBody(raw);
    const decrypted = params && product === 'contracts' ? this.decrypted(params) : params;
    const is2Way = params?.is2Way === true;
    if (this.slow.ms > 0 && (!is2Way || !this.slow.firstCallsOnly)) await sleep(this.slow.ms, undefined, { ref: false });
    const answer = this.productAnswer(product, request, params, decrypted, is2Way);
    const result = (answer.body as { result?: { code?: string } } | undefined)?.result;
    this.requests.push({
      path,
      product,
      params: decrypted ?? params ?? {},
      is2Way,
      status: answer.status,
      code: answer.html ? null : (result?.code ?? null),
    });
    return answer;
  }

  private productAnswer(
    product: Product,
    request: IncomingMessage,
    params: Record<string, unknown> | undefined,
    decrypted: Record<string, unknown> | undefined,
    is2Way: boolean,
  ): Answer {
    const failure = this.failures.findIndex((f) => !f.product || f.product === product);
    if (failure >= 0) {
      const [{ code, status }] = this.failures.splice(failure, 1) as [{ code: string | null; status: number }];
      if (status === 401) return { status, body: { error: 'invalid_token', error_description: 'Invalid access token' }, plain: true };
      if (code === null) return { status, body: undefined, html: true };
      return { status, body: result(code, '실패', 'The fake was told to fail this call') };
    }
    if (!/^application\/json/i.test(request.headers['content-type'] ?? '') || !params)
      return coded(CODEF_FAKE_CODES.unreadableBody, '요청 본문을 읽을 수 없습니다.');
    if (!decrypted) return coded(CODEF_FAKE_CODES.undecryptable, '암호화된 값을 복호화할 수 없습니다.');
    const missing = missingParameter(product, decrypted);
    if (missing) return coded(CODEF_FAKE_CODES.missingParameter, `필수 입력값이 누락되었습니다. (${missing})`);
    const scripted = this.scriptOf(decrypted);
    if (is2Way) return this.followUp(product, decrypted, scripted);
    const twoStep = scripted?.script.twoStep;
    if (!twoStep) return this.done(product, decrypted, scripted?.script);
    const session: Session = {
      match: scripted.match,
      product,
      first: withoutFollowUp(decrypted),
      steps: twoStep.steps,
      step: 0,
      jti: randomBytes(12).toString('hex'),
      jobIndex: 0,
      threadIndex: 0,
      twoWayTimestamp: this.now(),
      openedAt: this.now(),
      tries: 0,
      approveAfterTries: twoStep.approveAfterTries,
      approved: false,
      cancelled: twoStep.cancel,
      code: twoStep.code,
      legacy: twoStep.legacy,
    };
    // One open second step per customer and product: a new first call starts over.
    for (const open of this.sessionsOf(session.match)) if (open.product === product) this.sessions.delete(open.jti);
    this.sessions.set(session.jti, session);
    return this.askStep(session);
  }

  private followUp(product: Product, params: Record<string, unknown>, scripted: { match: string; script: Script } | undefined): Answer {
    const info = params.twoWayInfo as Record<string, unknown> | undefined;
    const integers = ['jobIndex', 'threadIndex', 'twoWayTimestamp'].every((key) => Number.isSafeInteger(info?.[key]));
    if (!info || !integers || typeof info.jti !== 'string')
      return coded(CODEF_FAKE_CODES.missingParameter, '추가인증 정보(twoWayInfo)가 올바르지 않습니다.');
    const session = this.sessions.get(info.jti);
    if (
      !session ||
      session.product !== product ||
      session.match !== scripted?.match ||
      info.jobIndex !== session.jobIndex ||
      info.threadIndex !== session.threadIndex ||
      info.twoWayTimestamp !== session.twoWayTimestamp
    )
      return coded(CODEF_FAKE_CODES.missingParameter, '추가인증 정보(twoWayInfo)가 진행 중인 요청과 다릅니다.');
    if (!sameRequest(session.first, withoutFollowUp(params)))
      return coded(CODEF_FAKE_CODES.missingParameter, '추가인증 요청이 최초 요청과 다릅니다.');
    const end = (code: string, message: string) => {
      this.sessions.delete(session.jti);
      return coded(code, message);
    };
    if (this.now() - session.openedAt > CODEF_FAKE_TWO_WAY_MS)
      return end(CODEF_FAKE_CODES.twoWayExpired, '추가인증 입력 시간이 초과되었습니다.');
    if (session.cancelled) return end(CODEF_FAKE_CODES.cancelled, '사용자가 인증을 취소하였습니다.');
    const step = session.steps[session.step]!;
    const retry = (code: string, message: string, again: () => Answer) => {
      session.tries++;
      if (session.tries > PREMATURE_TRIES_ALLOWED)
        return end(CODEF_FAKE_CODES.retryLimit, '추가인증 재시도 횟수를 초과하였습니다. 처음부터 다시 시도하세요.');
      return code === CODEF_FAKE_CODES.twoWay ? again() : coded(code, message);
    };
    switch (step) {
      case 'simpleAuth':
        if (params.simpleAuth !== '1') return coded(CODEF_FAKE_CODES.missingParameter, '간편인증 완료 여부(simpleAuth)가 없습니다.');
        if (!session.approved && session.tries >= session.approveAfterTries) session.approved = true;
        if (!session.approved) {
          // Not yet approved in the app: the same step again, the same twoWayInfo.
          return retry(CODEF_FAKE_CODES.twoWay, '', () => this.askStep(session));
        }
        break;
      case 'secureNo':
        if (params.secureNoRefresh === '1') return this.askStep(session);
        if (params.secureNo !== (session.code ?? CODEF_FAKE_SECURE_NO))
          return retry(CODEF_FAKE_CODES.wrongAnswer, '보안문자가 일치하지 않습니다.', () => this.askStep(session));
        break;
      case 'smsAuthNo':
        if (params.smsAuthNo !== (session.code ?? CODEF_FAKE_SMS_CODE))
          return retry(CODEF_FAKE_CODES.wrongAnswer, 'SMS 인증번호가 일치하지 않습니다.', () => this.askStep(session));
        break;
    }
    session.step++;
    session.tries = 0;
    if (session.step < session.steps.length) {
      // The next step: CODEF's sample gives it a new timestamp.
      session.twoWayTimestamp = this.now() + session.step;
      return this.askStep(session);
    }
    this.sessions.delete(session.jti);
    return this.done(product, params, scripted?.script);
  }

  private askStep(session: Session): Answer {
    const method = session.steps[session.step]!;
    const extraInfo: Record<string, unknown> =
      method === 'secureNo'
        ? { reqSecureNo: secureNoImage(), reqSecureNoRefresh: '0' }
        : method === 'smsAuthNo'
          ? { reqSMSAuthNo: '' }
          : { commSimpleAuth: '' };
    return {
      status: 200,
      body: {
        ...result(
          session.legacy ? CODEF_FAKE_CODES.done : CODEF_FAKE_CODES.twoWay,
          '성공',
          'API 요청 처리가 정상 진행 중입니다. 추가 정보를 입력하세요.',
        ),
        data: {
          continue2Way: true,
          method,
          jobIndex: session.jobIndex,
          threadIndex: session.threadIndex,
          jti: session.jti,
          twoWayTimestamp: session.twoWayTimestamp,
          extraInfo,
        },
      },
    };
  }

  private done(product: Product, params: Record<string, unknown>, script: Script | undefined): Answer {
    const name = typeof params.userName === 'string' ? params.userName : '';
    const data =
      product === 'contracts'
        ? (script?.contracts ?? renamed(CODEF_FAKE_CONTRACTS_SAMPLE, name))
        : {
            resPreviewList: script?.checkups ?? CODEF_FAKE_CHECKUP_ROWS,
            resReferenceList: CODEF_FAKE_CHECKUP_REFERENCE,
            resCheckupTarget: name,
            resResultList: [],
          };
    return { status: 200, body: { ...result(CODEF_FAKE_CODES.done, '성공', ''), data } };
  }

  /** The parameters with the contracts' password decrypted; undefined when it does not decrypt. */
  private decrypted(params: Record<string, unknown>): Record<string, unknown> | undefined {
    if (typeof params.password !== 'string') return params;
    const plain = pkcs1Decrypt(this.privateKey, params.password);
    return plain === undefined ? undefined : { ...params, password: plain };
  }
}
