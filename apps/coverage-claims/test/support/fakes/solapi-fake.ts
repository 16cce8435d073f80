import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A faithful fake of SOLAPI's send API (`POST /messages/v4/send-many/detail`) on 127.0.0.1: it checks
 * what SOLAPI checks and answers as SOLAPI answers, as far as public sources show it
 * (docs/sources/solapi-sms.md names each source and what is uncertain):
 *
 * - the `Authorization` header `HMAC-SHA256 apiKey=…, date=…, salt=…, signature=…`: 403
 *   `InvalidAPIKey` for another key, `RequestTimeTooSkewed` for a date more than 15 minutes off,
 *   `SignatureDoesNotMatch` unless the signature is the hex HMAC-SHA256 of date + salt under the
 *   account's secret, `DuplicatedSignature` for a signature seen within 15 minutes (errors are
 *   `{errorCode, errorMessage}`);
 * - per message, in `failedMessageList` of a 200 answer: status `1062` for a `from` not registered
 *   with the account, `1031` for an SMS over 90 bytes (Korean 2, ASCII 1), and the code a test told it
 *   for a number it must refuse;
 * - answers shaped as the `solapi` SDK's `detailGroupMessageResponseSchema` (6.0.1): `groupInfo`,
 *   `failedMessageList`, and `messageList` when the request asked for it (`showMessageList`).
 *
 * A test can make it refuse a number, answer slowly (it still takes the message, as SOLAPI may have),
 * or fail every request with a status of its choice, and reads what it received.
 */
export interface SolapiFakeAccount {
  apiKey: string;
  apiSecret: string;
  /** Sender numbers registered with the account. */
  senders: string[];
}

/** A message the fake received (accepted or refused), with the id it gave it. */
export interface SolapiFakeMessage {
  to: string;
  from: string;
  text: string;
  type: string;
  messageId: string;
  groupId: string;
  /** `2000` accepted, else the refusal's status code. */
  statusCode: string;
}

/** A request the fake received, and its answer's status. */
export interface SolapiFakeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
  status: number;
}

export const SOLAPI_FAKE_ACCOUNT: SolapiFakeAccount = {
  apiKey: 'NCSFAKEKEY0000001',
  apiSecret: 'FAKESECRET0123456789ABCDEFGHIJKLMNOPQRSTU',
  senders: ['0212345678'],
};

const SEND_PATH = '/messages/v4/send-many/detail';
const SKEW_MS = 15 * 60 * 1000;
const SMS_BYTES = 90;
const ACCOUNT_ID = '19000001';
const AUTHORIZATION = /^HMAC-SHA256 apiKey=([^,\s]+), date=([^,\s]+), salt=([^,\s]+), signature=([0-9a-f]+)$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})$/;

/** What SOLAPI's status table says of the codes the fake gives (docs.solapi.com, "메시지 상태 코드"). */
const STATUS_MESSAGES: Readonly<Record<string, string>> = {
  '1031': 'SMS는 90byte LMS, MMS는 2000byte ATA, CTA는 한/영포함 1000자 CTI는 한/영포함 400자까지 사용 가능 합니다.',
  '1060': '차단된 수신번호',
  '1061': '사용자에 의해 수신거부 됨(080무료수신거부)',
  '1062': '발신번호 미등록',
  '2000': '정상 접수(이통사로 접수 예정) ',
};

class Refusal {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly errorMessage: string,
  ) {}
}

export class SolapiFake {
  /** Every message received, oldest first. */
  readonly messages: SolapiFakeMessage[] = [];
  /** Every request received, oldest first. */
  readonly requests: SolapiFakeRequest[] = [];

  private readonly refusedNumbers = new Map<string, string>();
  private readonly signaturesSeen = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private delayMs = 0;
  private failure: { status: number; body: string; contentType: string } | undefined;

  private constructor(
    private readonly server: Server,
    readonly account: SolapiFakeAccount,
  ) {}

  static async start(account: Partial<SolapiFakeAccount> = {}): Promise<SolapiFake> {
    const server = createServer();
    const fake = new SolapiFake(server, { ...SOLAPI_FAKE_ACCOUNT, ...account });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => void fake.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** The base URL to give the adapter (SOLAPI_BASE_URL). */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The configuration that points the service at this fake with the account's credentials. */
  get env(): Record<string, string> {
    return {
      SMS_ADAPTER: 'solapi',
      SOLAPI_BASE_URL: this.url,
      SOLAPI_API_KEY: this.account.apiKey,
      SOLAPI_API_SECRET: this.account.apiSecret,
      SOLAPI_SENDER: this.account.senders[0]!,
    };
  }

  /** Messages to `to` are refused with this status code (default 1060, a blocked number). */
  refuse(to: string, statusCode = '1060'): void {
    this.refusedNumbers.set(to, statusCode);
  }

  /** Answers take this long (the message is taken at once, as SOLAPI may take it before a client gives up). */
  answerSlowly(delayMs: number): void {
    this.delayMs = delayMs;
  }

  /** Every request is answered with this status and body (default: SOLAPI's error shape), and takes nothing. */
  failWith(
    status: number,
    body = JSON.stringify({ errorCode: 'InternalError', errorMessage: 'Internal server error' }),
    contentType = 'application/json',
  ): void {
    this.failure = { status, body, contentType };
  }

  /** Back to answering at once and taking every message (refused numbers stay refused). */
  behaveNormally(): void {
    this.delayMs = 0;
    this.failure = undefined;
  }

  /** The newest message received for `to`, accepted or refused. */
  lastMessageTo(to: string): SolapiFakeMessage {
    const message = this.messages.findLast((candidate) => candidate.to === to);
    if (!message) throw new Error(`The SOLAPI fake received no message to ${to}`);
    return message;
  }

  /** The six-digit number of the newest message accepted for `to`, read as the customer reads it. */
  codeSentTo(to: string): string {
    const message = this.messages.findLast((candidate) => candidate.to === to && candidate.statusCode === '2000');
    const code = message?.text.match(/\[(\d{6})\]/)?.[1];
    if (!code) throw new Error(`The SOLAPI fake took no message with a six-digit number to ${to}`);
    return code;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const record: SolapiFakeRequest = {
      method: request.method ?? '',
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body,
      status: 0,
    };
    this.requests.push(record);
    const answer = this.answer(record);
    record.status = answer.status;
    const send = () => {
      if (response.destroyed) return;
      response.writeHead(answer.status, { 'Content-Type': answer.contentType }).end(answer.body);
    };
    if (this.delayMs === 0) return send();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      send();
    }, this.delayMs);
    this.timers.add(timer);
  }

  private answer(request: SolapiFakeRequest): { status: number; body: string; contentType: string } {
    if (this.failure) return this.failure;
    try {
      if (request.method !== 'POST' || request.path.split('?')[0] !== SEND_PATH) {
        throw new Refusal(404, 'NotFound', 'Not found');
      }
      this.authenticate(request.authorization);
      return { status: 200, body: JSON.stringify(this.send(request.body)), contentType: 'application/json' };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return {
        status: error.status,
        body: JSON.stringify({ errorCode: error.errorCode, errorMessage: error.errorMessage }),
        contentType: 'application/json',
      };
    }
  }

  private authenticate(header: string | undefined): void {
    const parts = header?.match(AUTHORIZATION);
    if (!parts) throw new Refusal(403, 'Forbidden', 'Authorization 헤더가 올바르지 않습니다.');
    const [, apiKey, date, salt, signature] = parts as unknown as [string, string, string, string, string];
    if (apiKey !== this.account.apiKey) throw new Refusal(403, 'InvalidAPIKey', '유효한 API Key가 아닙니다.');
    const at = ISO_8601.test(date) ? Date.parse(date) : Number.NaN;
    if (Number.isNaN(at) || Math.abs(Date.now() - at) > SKEW_MS) {
      throw new Refusal(403, 'RequestTimeTooSkewed', '시간 값이 서버 시간을 15분 이상 벗어났습니다.');
    }
    if (salt.length < 12 || salt.length > 64) throw new Refusal(403, 'SignatureDoesNotMatch', 'salt는 12 ~ 64바이트여야 합니다.');
    const expected = createHmac('sha256', this.account.apiSecret)
      .update(date + salt)
      .digest();
    const presented = Buffer.from(signature, 'hex');
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      throw new Refusal(403, 'SignatureDoesNotMatch', '생성한 Signature가 일치하지 않습니다.');
    }
    const now = Date.now();
    for (const [seen, until] of this.signaturesSeen) if (until <= now) this.signaturesSeen.delete(seen);
    if (this.signaturesSeen.has(signature))
      throw new Refusal(403, 'DuplicatedSignature', '15분 안에 동일한 signature 값이 사용되었습니다.');
    this.signaturesSeen.set(signature, now + SKEW_MS);
  }

  private send(text: string) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Refusal(400, 'ValidationError', 'JSON 형식이 올바르지 않습니다.');
    }
    const request = body as { messages?: unknown; showMessageList?: unknown };
    if (!Array.isArray(request.messages) || request.messages.length === 0) {
      throw new Refusal(400, 'ValidationError', '데이터가 반드시 1건 이상 기입되어 있어야 합니다.');
    }
    const groupId = solapiId('G4V');
    const taken = (request.messages as unknown[]).map((message) => this.take(message, groupId));
    const failed = taken.filter((message) => message.statusCode !== '2000');
    const accepted = taken.filter((message) => message.statusCode === '2000');
    const now = new Date().toISOString();
    return {
      groupInfo: groupInfo(groupId, accepted.length, failed.length, now),
      failedMessageList: failed.map((message) => ({
        to: message.to,
        from: message.from,
        type: message.type,
        statusMessage: STATUS_MESSAGES[message.statusCode] ?? '',
        country: '82',
        messageId: message.messageId,
        statusCode: message.statusCode,
        accountId: ACCOUNT_ID,
      })),
      ...(request.showMessageList === true
        ? {
            messageList: accepted.map((message) => ({
              messageId: message.messageId,
              statusCode: message.statusCode,
              statusMessage: STATUS_MESSAGES['2000'],
            })),
          }
        : {}),
    };
  }

  private take(input: unknown, groupId: string): SolapiFakeMessage {
    const message = input as { to?: unknown; from?: unknown; text?: unknown; type?: unknown };
    if (typeof message.to !== 'string' || !/^\d+$/.test(message.to.replace(/-/g, ''))) {
      throw new Refusal(400, 'ValidationError', '수신번호가 올바르지 않습니다.');
    }
    if (typeof message.text !== 'string') throw new Refusal(400, 'ValidationError', 'text는 문자열이어야 합니다.');
    // This fake knows SMS only; SOLAPI itself also sends LMS, MMS and more.
    if (message.type !== 'SMS') throw new Refusal(400, 'ValidationError', 'The SOLAPI fake takes type SMS only');
    const to = message.to.replace(/-/g, '');
    const from = typeof message.from === 'string' ? message.from.replace(/-/g, '') : '';
    const statusCode = !this.account.senders.includes(from)
      ? '1062'
      : carrierBytes(message.text) > SMS_BYTES
        ? '1031'
        : (this.refusedNumbers.get(to) ?? '2000');
    const taken = { to, from, text: message.text, type: message.type, messageId: solapiId('M4V'), groupId, statusCode };
    this.messages.push(taken);
    return taken;
  }
}

/** Bytes as Korean carriers count an SMS: 1 for ASCII, 2 for anything else (EUC-KR). */
function carrierBytes(text: string): number {
  let bytes = 0;
  for (const character of text) bytes += character.codePointAt(0)! < 0x80 ? 1 : 2;
  return bytes;
}

/** An id shaped as SOLAPI's (`M4V20211116140950FNBDVHMD64V2SO0`): prefix, time in Korea, 15 random characters. */
function solapiId(prefix: 'M4V' | 'G4V'): string {
  const time = new Date(Date.now() + 9 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const random = [...randomBytes(15)].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${prefix}${time}${random}`;
}

function groupInfo(groupId: string, accepted: number, failed: number, now: string) {
  const none = { sms: 0, lms: 0, mms: 0, ata: 0, cta: 0, cti: 0, nsa: 0, rcs_sms: 0, rcs_lms: 0, rcs_mms: 0, rcs_tpl: 0 };
  const byCountry = Object.fromEntries(Object.keys(none).map((type) => [type, {}])) as Record<string, Record<string, number>>;
  if (accepted > 0) byCountry.sms = { 82: accepted };
  return {
    count: {
      total: accepted + failed,
      sentTotal: 0,
      sentFailed: 0,
      sentSuccess: 0,
      sentPending: 0,
      sentReplacement: 0,
      refund: 0,
      registeredFailed: failed,
      registeredSuccess: accepted,
    },
    countForCharge: byCountry,
    balance: { requested: 0, replacement: 0, refund: 0, sum: 0 },
    point: { requested: accepted * 20, replacement: 0, refund: 0, sum: 0 },
    app: { profit: none, appId: null },
    log: [{ createAt: now, message: '메시지 그룹이 생성되었습니다.' }],
    // What SOLAPI calls a group none of whose messages was taken is not public: FAILED is a guess.
    status: accepted > 0 ? 'SENDING' : 'FAILED',
    allowDuplicates: false,
    isRefunded: false,
    accountId: ACCOUNT_ID,
    masterAccountId: null,
    apiVersion: '4',
    groupId,
    price: {},
    dateCreated: now,
    dateUpdated: now,
    scheduledDate: null,
    dateSent: accepted > 0 ? now : null,
    dateCompleted: null,
  };
}
