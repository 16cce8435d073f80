import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/*
 * A faithful fake of LinkHub's auth service and Popbill's fax API on one loopback server: it checks what
 * they check (the LINKHUB signature with the partner's SecretKey, the date's skew, the session token, the
 * multipart form, the sender number, the request number) and answers in their shapes. What each answer is
 * based on, and which codes are assumed: docs/sources/popbill.md. Written from the sources, not from the
 * adapter: it imports nothing of it.
 */

/** Popbill's and LinkHub's error codes the fake answers with. Documented in Popbill's common error table unless marked. */
export const POPBILL_FAKE_CODES = {
  /** Partner information does not exist (an unknown LinkID). */
  unknownPartner: -10000010,
  /** No user for this business number (an unknown member, LinkHub's access_id). */
  unknownMember: -10000014,
  /** Token generation failed: the fake's answer to a bad signature, a skewed date, a bad request. Its use here is assumed. */
  tokenRefused: -10000032,
  /** Token interpretation failed: an unknown, expired or other service's token (assumed use). */
  badToken: -10000033,
  /** No auth token. */
  noToken: -10000034,
  /** ASSUMED (fax scope 160): no transmission under this request number. */
  requestNumNotFound: -16000003,
  /** ASSUMED: the request number is already in use by this member. */
  requestNumInUse: -16000004,
  /** ASSUMED: the sender number is not registered. */
  senderNotRegistered: -16001001,
  /** ASSUMED: a receiving number is not a number. */
  badReceiver: -16001002,
  /** ASSUMED: no file, more than 20, or not fCnt of them. */
  badFileCount: -16001003,
  /** ASSUMED: a file Popbill does not convert (the fake takes PDFs only). */
  badFile: -16001004,
  /** ASSUMED: the form part is missing or not the JSON Popbill reads. */
  badForm: -16001005,
} as const;

/** How a receiving number's transmissions end: the carrier's result code (developers.popbill.com), or a name for one. */
export type PopbillFakeOutcome = 'sent' | 'busy' | 'no-answer' | 'invalid' | number;
const OUTCOME_RESULTS: Record<Exclude<PopbillFakeOutcome, number>, number> = { sent: 100, busy: 503, 'no-answer': 505, invalid: 504 };

export interface PopbillFakeOptions {
  /** Partners: LinkID → SecretKey (base64). */
  partners?: Record<string, string>;
  /** Members (business numbers) and the fax sender numbers each has registered. */
  members?: Record<string, string[]>;
  /** How long a session token lives, in ms (LinkHub's are hours; tests shorten them). */
  tokenTtlMs?: number;
  /** How far `x-lh-date` may be from the fake's clock, in ms. ASSUMED: LinkHub publishes no tolerance. */
  maxSkewMs?: number;
  /** How long each state of a transmission lasts: received (0), converting (1), sending (2), then finished (3). */
  stepMs?: number;
  /** What getFaxResultRN answers for a request number it holds nothing under: an error (assumed) or `[]`. */
  unknownRequestAnswer?: 'error' | 'empty';
}

export const POPBILL_FAKE_DEFAULTS = {
  linkId: 'TESTER',
  secretKey: Buffer.from('popbill-fake-secret-key-32-bytes').toString('base64'),
  corpNum: '1234567890',
  senderNum: '0212345678',
} as const;

/** The service's variables that point FAX_ADAPTER=popbill at a fake listening on `url`, with its default member. */
export function popbillFakeEnv(url: string) {
  return {
    FAX_ADAPTER: 'popbill',
    POPBILL_LINK_ID: POPBILL_FAKE_DEFAULTS.linkId,
    POPBILL_SECRET_KEY: POPBILL_FAKE_DEFAULTS.secretKey,
    POPBILL_CORP_NUM: POPBILL_FAKE_DEFAULTS.corpNum,
    POPBILL_SENDER_NUM: POPBILL_FAKE_DEFAULTS.senderNum,
    POPBILL_BASE_URL: url,
    POPBILL_AUTH_URL: url,
  } as const;
}

export interface PopbillFakeSend {
  at: number;
  corpNum: string;
  requestNum: string | undefined;
  receivers: string[];
  /** The `form` part as sent (parsed), when there was one. */
  form: Record<string, unknown> | undefined;
  /** The `file` parts' file names. */
  fileNames: string[];
  /** `stored`: Popbill holds it (a transmission); otherwise the code it was refused with. */
  outcome: 'stored' | number;
}

interface Token {
  corpNum: string;
  serviceId: string;
  scope: string[];
  expiresAt: number;
}

interface Transmission {
  corpNum: string;
  receiptNum: string;
  requestNum: string | undefined;
  senderNum: string;
  senderName: string;
  receiver: string;
  receiverName: string;
  title: string;
  fileNames: string[];
  pages: number;
  receivedAt: number;
  result: number;
}

interface Part {
  name: string;
  filename?: string;
  data: Buffer;
}

const LINKHUB_VERSION = '2.0';
const MAX_FILES = 20;
const REQUEST_NUM = /^[A-Za-z0-9_-]{1,36}$/;

export class PopbillFake {
  /** Every `POST /FAX` that reached the fake with a valid token, in order. */
  readonly sends: PopbillFakeSend[] = [];
  /** Token requests answered with a token. */
  tokensIssued = 0;
  /** Token requests refused (signature, skew, unknown partner or member). */
  tokensRefused = 0;

  private readonly partners: Map<string, Buffer>;
  private readonly members: Map<string, Set<string>>;
  private readonly tokens = new Map<string, Token>();
  private readonly transmissions = new Map<string, Transmission[]>();
  private readonly outcomes = new Map<string, PopbillFakeOutcome>();
  private readonly server: Server;
  private readonly options: Required<Pick<PopbillFakeOptions, 'tokenTtlMs' | 'maxSkewMs' | 'unknownRequestAnswer'>>;
  /** How long each state of a transmission lasts, in ms (0: finished at once); changing it replays every transmission at the new pace. */
  stepMs: number;
  private receiptSeq = 0;
  private slow: { ms: number; only?: 'token' | 'send' | 'result' } = { ms: 0 };
  private dropNextSend = false;
  private failures: { left: number; only?: 'token' | 'send' | 'result'; json?: { code: number; message: string } } = { left: 0 };
  private refusals: { left: number; code: number; message: string; status: number } = { left: 0, code: 0, message: '', status: 400 };

  constructor(options: PopbillFakeOptions = {}) {
    this.partners = new Map(
      Object.entries(options.partners ?? { [POPBILL_FAKE_DEFAULTS.linkId]: POPBILL_FAKE_DEFAULTS.secretKey }).map(([id, key]) => [
        id,
        Buffer.from(key, 'base64'),
      ]),
    );
    this.members = new Map(
      Object.entries(options.members ?? { [POPBILL_FAKE_DEFAULTS.corpNum]: [POPBILL_FAKE_DEFAULTS.senderNum] }).map(([corp, senders]) => [
        corp,
        new Set(senders),
      ]),
    );
    this.options = {
      tokenTtlMs: options.tokenTtlMs ?? 3 * 3600_000,
      maxSkewMs: options.maxSkewMs ?? 5 * 60_000,
      unknownRequestAnswer: options.unknownRequestAnswer ?? 'error',
    };
    this.stepMs = options.stepMs ?? 20;
    this.server = createServer((request, response) => {
      this.handle(request, response).catch(() => request.socket.destroy());
    });
  }

  /** Starts listening on 127.0.0.1 and gives the base URL (both LinkHub's and Popbill's). */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Transmissions of `number` end with `outcome` from now on ('sent' by default). */
  setOutcome(number: string, outcome: PopbillFakeOutcome): void {
    this.outcomes.set(number, outcome);
  }

  /** Transmissions Popbill holds under `requestNum` (a duplicate never adds one). */
  transmissionsOf(requestNum: string): number {
    return [...this.transmissions.values()].flat().filter((t) => t.requestNum === requestNum).length;
  }

  /** Transmissions Popbill holds to `number`. */
  transmissionsTo(number: string): number {
    return [...this.transmissions.values()].flat().filter((t) => t.receiver === number).length;
  }

  /** Answers take `ms` longer (all of them, or one kind); 0 stops it. A send is stored before the wait. */
  answerSlowly(ms: number, only?: 'token' | 'send' | 'result'): void {
    this.slow = { ms, only };
  }

  /** The next send that Popbill takes is stored, then its connection is dropped without an answer. */
  dropConnectionAfterNextSend(): void {
    this.dropNextSend = true;
  }

  /** The next `count` requests (of one kind) fail with 500, nothing done: a plain-text body, or `json`. */
  failNext(count: number, options: { only?: 'token' | 'send' | 'result'; json?: { code: number; message: string } } = {}): void {
    this.failures = { left: count, ...options };
  }

  /** The next `count` sends with a valid token are refused with this error (points, a server error, ...), nothing stored. */
  refuseNextSends(count: number, error: { code: number; message: string; status?: number }): void {
    this.refusals = { left: count, code: error.code, message: error.message, status: error.status ?? 400 };
  }

  /** The session tokens issued so far (to check that none is logged). */
  sessionTokens(): string[] {
    return [...this.tokens.keys()];
  }

  /** Every session token issued so far expires now. */
  expireTokens(): void {
    for (const token of this.tokens.values()) token.expiresAt = 0;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const route = routeOf(request.method, path);
    if (!route) return answer(response, 404, { code: -99999999, message: 'Not found' });
    if (this.failures.left > 0 && (!this.failures.only || this.failures.only === route.kind)) {
      this.failures.left--;
      if (this.failures.json) return answer(response, 500, this.failures.json);
      response.writeHead(500, { 'Content-Type': 'text/html' }).end('<html><body>500 Internal Server Error</body></html>');
      return;
    }
    let result: { status: number; body: unknown; drop?: boolean };
    switch (route.kind) {
      case 'token':
        result = this.token(request, route.serviceId, path, body);
        break;
      case 'send':
        result = this.send(request, body);
        break;
      case 'result':
        result = this.result(request, route.requestNum);
        break;
    }
    if (result.drop) {
      request.socket.destroy();
      return;
    }
    if (this.slow.ms > 0 && (!this.slow.only || this.slow.only === route.kind)) await sleep(this.slow.ms, undefined, { ref: false }); // A slow answer never keeps the test process alive.
    answer(response, result.status, result.body);
  }

  /** LinkHub's `POST /{ServiceID}/Token`, as TokenBuilder.js signs it. */
  private token(request: IncomingMessage, serviceId: string, uri: string, body: Buffer): { status: number; body: unknown } {
    const refuse = (code: number, message: string) => {
      this.tokensRefused++;
      return { status: 401, body: { code, message } };
    };
    const authorization = /^LINKHUB (\S+) (\S+)$/.exec(header(request, 'authorization') ?? '');
    if (!authorization) return refuse(POPBILL_FAKE_CODES.tokenRefused, 'Authorization is not LINKHUB <LinkID> <signature>');
    const [, linkId, signature] = authorization;
    const secret = this.partners.get(linkId!);
    if (!secret) return refuse(POPBILL_FAKE_CODES.unknownPartner, '연동정보가 존재하지 않습니다.');
    if (header(request, 'x-lh-version') !== LINKHUB_VERSION) return refuse(POPBILL_FAKE_CODES.tokenRefused, 'x-lh-version must be 2.0');
    const date = header(request, 'x-lh-date') ?? '';
    const sentAt = Date.parse(date);
    if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > this.options.maxSkewMs)
      return refuse(POPBILL_FAKE_CODES.tokenRefused, 'x-lh-date is missing or too far from the server time');
    const forwarded = header(request, 'x-lh-forwarded');
    const target = [
      'POST',
      createHash('sha256').update(body).digest('base64'),
      date,
      ...(forwarded ? [forwarded] : []),
      LINKHUB_VERSION,
      uri,
    ].join('\n');
    const expected = createHmac('sha256', secret).update(target).digest();
    const given = Buffer.from(signature!, 'base64');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return refuse(POPBILL_FAKE_CODES.tokenRefused, 'The signature does not match');
    const request_ = parse(body) as { access_id?: unknown; scope?: unknown } | undefined;
    if (typeof request_?.access_id !== 'string' || !Array.isArray(request_.scope) || !request_.scope.every((s) => typeof s === 'string'))
      return refuse(POPBILL_FAKE_CODES.tokenRefused, 'The body must be {access_id, scope: [...]}');
    if (!this.members.has(request_.access_id))
      return refuse(POPBILL_FAKE_CODES.unknownMember, '연동회원으로 가입된 사업자번호가 아닙니다.');
    const sessionToken = randomBytes(24).toString('base64url');
    const expiresAt = Date.now() + this.options.tokenTtlMs;
    this.tokens.set(sessionToken, { corpNum: request_.access_id, serviceId, scope: request_.scope as string[], expiresAt });
    this.tokensIssued++;
    return {
      status: 200,
      body: {
        session_token: sessionToken,
        serviceID: serviceId,
        linkID: linkId,
        usercode: 'fake-user',
        ipaddress: '*',
        expiration: new Date(expiresAt).toISOString(),
        scope: request_.scope,
      },
    };
  }

  /** The Bearer token Popbill's test bed takes: issued for POPBILL_TEST, with the fax scope, not expired. */
  private session(request: IncomingMessage): Token | { status: number; body: unknown } {
    const bearer = /^Bearer (\S+)$/.exec(header(request, 'authorization') ?? '');
    if (!bearer) return { status: 401, body: { code: POPBILL_FAKE_CODES.noToken, message: '인증 토큰이 입력되지 않았습니다.' } };
    const token = this.tokens.get(bearer[1]!);
    if (!token || token.expiresAt <= Date.now() || token.serviceId !== 'POPBILL_TEST' || !token.scope.includes('160'))
      return { status: 401, body: { code: POPBILL_FAKE_CODES.badToken, message: '토큰 해석에 실패하였습니다.' } };
    return token;
  }

  /** Popbill's `POST /FAX` (sendFax): multipart, a `form` part and 1 to 20 `file` parts. */
  private send(request: IncomingMessage, body: Buffer): { status: number; body: unknown; drop?: boolean } {
    const token = this.session(request);
    if (!('corpNum' in token)) return token;
    const parts = parseMultipart(body, header(request, 'content-type') ?? '');
    const formParts = parts?.filter((p) => p.name === 'form' && p.filename === undefined) ?? [];
    const files = parts?.filter((p) => p.name === 'file' && p.filename !== undefined) ?? [];
    const parsed = formParts.length === 1 ? parse(formParts[0]!.data) : undefined;
    const form = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    const requestNum = typeof form?.requestNum === 'string' && form.requestNum !== '' ? form.requestNum : undefined;
    const rcvs = Array.isArray(form?.rcvs) ? (form.rcvs as Array<{ rcv?: unknown; rcvnm?: unknown } | null>) : [];
    const receivers = rcvs.map((r) => (typeof r?.rcv === 'string' ? r.rcv : ''));
    const record = (outcome: PopbillFakeSend['outcome']) =>
      this.sends.push({
        at: Date.now(),
        corpNum: token.corpNum,
        requestNum,
        receivers,
        form,
        fileNames: files.map((f) => f.filename!),
        outcome,
      });
    const refuse = (code: number, message: string, status = 400) => {
      record(code);
      return { status, body: { code, message } };
    };
    if (!parts) return refuse(POPBILL_FAKE_CODES.badForm, 'The body is not multipart/form-data with a boundary');
    if (!form) return refuse(POPBILL_FAKE_CODES.badForm, 'One form part with the JSON form is required');
    if (this.refusals.left > 0) {
      this.refusals.left--;
      return refuse(this.refusals.code, this.refusals.message, this.refusals.status);
    }
    if (requestNum !== undefined && !REQUEST_NUM.test(requestNum))
      return refuse(POPBILL_FAKE_CODES.badForm, '전송요청번호는 영문, 숫자, -, _ 조합 최대 36자입니다.');
    const senderNum = form.snd;
    if (typeof senderNum !== 'string' || !this.members.get(token.corpNum)?.has(senderNum))
      return refuse(POPBILL_FAKE_CODES.senderNotRegistered, '등록되지 않은 발신번호입니다.');
    if (receivers.length === 0 || receivers.some((r) => !/^\d{7,14}$/.test(r.replaceAll('-', ''))))
      return refuse(POPBILL_FAKE_CODES.badReceiver, '수신번호가 올바르지 않습니다.');
    if (files.length < 1 || files.length > MAX_FILES || form.fCnt !== files.length)
      return refuse(POPBILL_FAKE_CODES.badFileCount, `파일은 1~${MAX_FILES}개, fCnt와 같은 수여야 합니다.`);
    if (files.some((f) => !f.data.subarray(0, 5).equals(Buffer.from('%PDF-'))))
      return refuse(POPBILL_FAKE_CODES.badFile, '지원하지 않는 파일입니다.');
    const held = this.transmissions.get(token.corpNum) ?? [];
    if (requestNum !== undefined && held.some((t) => t.requestNum === requestNum))
      return refuse(POPBILL_FAKE_CODES.requestNumInUse, '이미 사용중인 전송요청번호입니다.');
    const receiptNum = this.nextReceiptNum();
    for (const [i, receiver] of receivers.entries()) {
      const outcome = this.outcomes.get(receiver) ?? 'sent';
      const receiverName = rcvs[i]?.rcvnm;
      held.push({
        corpNum: token.corpNum,
        receiptNum,
        requestNum,
        senderNum,
        senderName: typeof form.sndnm === 'string' ? form.sndnm : '',
        receiver,
        receiverName: typeof receiverName === 'string' ? receiverName : '',
        title: typeof form.title === 'string' ? form.title : '',
        fileNames: files.map((f) => f.filename!),
        pages: files.reduce((sum, f) => sum + pdfPages(f.data), 0),
        receivedAt: Date.now(),
        result: typeof outcome === 'number' ? outcome : OUTCOME_RESULTS[outcome],
      });
    }
    this.transmissions.set(token.corpNum, held);
    record('stored');
    if (this.dropNextSend) {
      this.dropNextSend = false;
      return { status: 0, body: undefined, drop: true };
    }
    return { status: 200, body: { receiptNum } };
  }

  /** Popbill's `GET /FAX/Get/{requestNum}` (getFaxResultRN): the member's transmissions under it, as FaxResult. */
  private result(request: IncomingMessage, requestNum: string): { status: number; body: unknown } {
    const token = this.session(request);
    if (!('corpNum' in token)) return token;
    const found = (this.transmissions.get(token.corpNum) ?? []).filter((t) => t.requestNum === requestNum);
    if (found.length === 0)
      return this.options.unknownRequestAnswer === 'empty'
        ? { status: 200, body: [] }
        : {
            status: 400,
            body: { code: POPBILL_FAKE_CODES.requestNumNotFound, message: '해당 전송요청번호의 전송내역이 존재하지 않습니다.' },
          };
    return { status: 200, body: found.map((t) => this.record(t)) };
  }

  /** One transmission as FaxResult.java names it, its state played over time from its receipt. */
  private record(t: Transmission): Record<string, unknown> {
    const step = this.stepMs <= 0 ? 3 : Math.min(3, Math.floor((Date.now() - t.receivedAt) / this.stepMs));
    const finished = step === 3;
    const sent = finished && t.result === 100;
    const failedPages = finished && !sent ? t.pages : 0;
    return {
      state: step,
      result: finished ? t.result : null,
      sendState: finished ? (sent ? 3 : t.result < 500 ? 4 : 5) : step,
      convState: step >= 2 ? 2 : step,
      sendResult: finished ? t.result : null,
      sendNum: t.senderNum,
      senderName: t.senderName,
      receiveNum: t.receiver,
      receiveName: t.receiverName,
      sendPageCnt: t.pages,
      successPageCnt: sent ? t.pages : 0,
      failPageCnt: failedPages,
      refundPageCnt: failedPages,
      cancelPageCnt: 0,
      reserveDT: '',
      receiptDT: popbillTime(t.receivedAt),
      sendDT: step >= 2 ? popbillTime(t.receivedAt + 2 * this.stepMs) : '',
      resultDT: finished ? popbillTime(t.receivedAt + 3 * this.stepMs) : '',
      fileNames: t.fileNames,
      title: t.title,
      receiptNum: t.receiptNum,
      requestNum: t.requestNum ?? '',
      interOPRefKey: '',
      chargePageCnt: sent ? t.pages : 0,
      tiffFileSize: '',
      iSuccessPageCnt: 0,
      receiveNumType: '일반',
    };
  }

  /** Receipt numbers like Popbill's examples (`016082909435800001`): 0, yyMMddHHmmss, a 5-digit sequence. */
  private nextReceiptNum(): string {
    return `0${popbillTime(Date.now()).slice(2)}${String(++this.receiptSeq % 100_000).padStart(5, '0')}`;
  }
}

function routeOf(
  method: string | undefined,
  path: string,
): { kind: 'token'; serviceId: string } | { kind: 'send' } | { kind: 'result'; requestNum: string } | undefined {
  const token = /^\/(POPBILL|POPBILL_TEST)\/Token$/.exec(path);
  if (method === 'POST' && token) return { kind: 'token', serviceId: token[1]! };
  if (method === 'POST' && path === '/FAX') return { kind: 'send' };
  const result = /^\/FAX\/Get\/([^/]+)$/.exec(path);
  if (method === 'GET' && result) return { kind: 'result', requestNum: decodeURIComponent(result[1]!) };
  return undefined;
}

/**
 * multipart/form-data as RFC 7578 has it (and as the SDK writes it: a CRLF before the first delimiter,
 * `filename="…";` with a trailing semicolon). Undefined when the body is not that.
 */
export function parseMultipart(body: Buffer, contentType: string): Part[] | undefined {
  if (!/^multipart\/form-data\s*;/i.test(contentType)) return undefined;
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  const text = Buffer.concat([Buffer.from('\r\n'), body]);
  const parts: Part[] = [];
  let at = text.indexOf(delimiter);
  if (at < 0) return undefined;
  for (;;) {
    const after = at + delimiter.length;
    if (text.subarray(after, after + 2).toString() === '--') return parts;
    if (text.subarray(after, after + 2).toString() !== '\r\n') return undefined;
    const next = text.indexOf(delimiter, after);
    if (next < 0) return undefined;
    const part = text.subarray(after + 2, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) return undefined;
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const disposition = /^content-disposition:\s*form-data\s*;(.*)$/im.exec(headers);
    const name = disposition && /\bname="([^"]*)"/.exec(disposition[1]!);
    if (!name) return undefined;
    const filename = /\bfilename="([^"]*)"/.exec(disposition[1]!);
    parts.push({ name: name[1]!, filename: filename?.[1], data: part.subarray(headerEnd + 4) });
    at = next;
  }
}

/** Pages of a PDF, counted as its page objects (at least one): the fake does not render. */
function pdfPages(pdf: Buffer): number {
  return Math.max(1, pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0);
}

/** Popbill's time format, yyyyMMddHHmmss in Korean time. */
function popbillTime(at: number): string {
  return new Date(at + 9 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function parse(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8' }).end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
