import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoggerService } from '@nestjs/common';
import { SmsDeliveryError, type SmsReceipt } from '../src/integrations/sms/sms.port.js';
import { SOLAPI_SEND_PATH, SolapiSmsAdapter, type SolapiSettings } from '../src/integrations/sms/solapi/solapi-sms.adapter.js';
import { SOLAPI_FAKE_ACCOUNT, SolapiFake } from './support/fakes/solapi-fake.js';

/** What the adapter logged, level by level. */
class LogLines implements LoggerService {
  readonly lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  log = (fields: Record<string, unknown>, message: string) => this.lines.push({ level: 'info', fields, message });
  warn = (fields: Record<string, unknown>, message: string) => this.lines.push({ level: 'warn', fields, message });
  error = (fields: Record<string, unknown>, message: string) => this.lines.push({ level: 'error', fields, message });

  at(level: string) {
    return this.lines.filter((line) => line.level === level);
  }
}

/** Signs as SOLAPI documents it, written apart from the adapter so that the fake's checks are tested on their own. */
function authorization(key: string, secret: string, date: string, salt: string): string {
  const signature = createHmac('sha256', secret)
    .update(date + salt)
    .digest('hex');
  return `HMAC-SHA256 apiKey=${key}, date=${date}, salt=${salt}, signature=${signature}`;
}

const PHONE = '01098765432';
const TEXT = '[보장분석] 본인확인 인증번호는 [482913]입니다. 3분 안에 입력해 주세요.';
const reference = 'verification-0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10';

describe('SOLAPI SMS adapter, against the SOLAPI fake', () => {
  let fake: SolapiFake;
  let logs: LogLines;

  const settings = (overrides: Partial<SolapiSettings> = {}): SolapiSettings => ({
    SOLAPI_API_KEY: fake.account.apiKey,
    SOLAPI_API_SECRET: fake.account.apiSecret,
    SOLAPI_SENDER: fake.account.senders[0]!,
    SOLAPI_BASE_URL: fake.url,
    SOLAPI_TIMEOUT_MS: 1_000,
    ...overrides,
  });
  const sender = (overrides: Partial<SolapiSettings> = {}) => new SolapiSmsAdapter(settings(overrides), logs);
  const send = (overrides: Partial<SolapiSettings> = {}, to = PHONE, text = TEXT) => sender(overrides).send({ to, text, reference });
  const refusal = (sent: Promise<SmsReceipt>) =>
    sent.then(
      () => {
        throw new Error('expected an SmsDeliveryError');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(SmsDeliveryError);
        return error as SmsDeliveryError;
      },
    );
  const post = (
    headers: Record<string, string>,
    body: unknown = { messages: [{ to: PHONE, from: fake.account.senders[0], text: 'x', type: 'SMS' }] },
  ) =>
    fetch(`${fake.url}${SOLAPI_SEND_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    fake = await SolapiFake.start();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    logs = new LogLines();
    fake.behaveNormally();
  });
  afterEach(() => {
    // Nothing logged ever holds the phone, the text or the number in it.
    const logged = JSON.stringify(logs.lines);
    expect(logged).not.toContain(PHONE);
    expect(logged).not.toContain('482913');
    expect(logged).not.toContain('인증번호');
  });

  it('sends one SMS from the registered sender, signed for the account, and answers the message’s id', async () => {
    const receipt = await send();
    const request = fake.requests.at(-1)!;
    expect(request.authorization).toMatch(
      new RegExp(
        `^HMAC-SHA256 apiKey=${fake.account.apiKey}, date=\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z, salt=[0-9a-f]{32}, signature=[0-9a-f]{64}$`,
      ),
    );
    expect(JSON.parse(request.body)).toEqual({
      messages: [{ to: PHONE, from: fake.account.senders[0], text: TEXT, type: 'SMS' }],
      showMessageList: true,
    });
    expect(request.status).toBe(200);
    const message = fake.lastMessageTo(PHONE);
    expect(message).toMatchObject({ statusCode: '2000', text: TEXT, messageId: expect.stringMatching(/^M4V\d{14}[A-Z0-9]{15}$/) });
    expect(receipt).toEqual({ messageId: message.messageId });
    expect(logs.lines).toEqual([]);
  });

  it('signs every request afresh: two sends in the same second are both taken', async () => {
    const [first, second] = await Promise.all([send(), send()]);
    expect(first.messageId).not.toBe(second.messageId);
  });

  it('is refused by the fake when signed with another secret (SignatureDoesNotMatch), and rejects with SmsDeliveryError logged as an error', async () => {
    const error = await refusal(send({ SOLAPI_API_SECRET: 'another-secret-0123456789abcdef' }));
    expect(fake.requests.at(-1)!.status).toBe(403);
    expect(error.message).toBe('SOLAPI answered 403 SignatureDoesNotMatch');
    expect(error.messageId).toBeUndefined();
    expect(logs.at('error')).toEqual([
      {
        level: 'error',
        fields: { reference, solapiStatus: 403, solapiCode: 'SignatureDoesNotMatch' },
        message: expect.stringContaining('SOLAPI_API_SECRET'),
      },
    ]);
  });

  it('logs an unknown API key as an error too (InvalidAPIKey)', async () => {
    await refusal(send({ SOLAPI_API_KEY: 'NCSUNKNOWNKEY0001' }));
    expect(logs.at('error').map((line) => line.fields.solapiCode)).toEqual(['InvalidAPIKey']);
  });

  it('rejects a message from an unregistered sender with SOLAPI’s message id, logged as an error naming SOLAPI_SENDER', async () => {
    const error = await refusal(send({ SOLAPI_SENDER: '0299998888' }));
    const message = fake.lastMessageTo(PHONE);
    expect(message.statusCode).toBe('1062');
    expect(error.messageId).toBe(message.messageId);
    expect(logs.at('error')).toEqual([
      {
        level: 'error',
        fields: { reference, messageId: message.messageId, solapiCode: '1062' },
        message: expect.stringContaining('SOLAPI_SENDER'),
      },
    ]);
  });

  it('rejects a number SOLAPI refuses with its message id, as a warning (nothing for an operator to fix)', async () => {
    const refused = '01011112222';
    fake.refuse(refused);
    const error = await refusal(send({}, refused));
    expect(error.messageId).toBe(fake.lastMessageTo(refused).messageId);
    expect(logs.at('error')).toEqual([]);
    expect(logs.at('warn').map((line) => line.fields.solapiCode)).toEqual(['1060']);
    expect(JSON.stringify(logs.lines)).not.toContain(refused);
  });

  it('is refused a text over 90 bytes as carriers count them (status 1031)', async () => {
    await refusal(send({}, PHONE, `${TEXT} ${'가'.repeat(10)}`));
    expect(fake.lastMessageTo(PHONE).statusCode).toBe('1031');
    expect(logs.at('error').map((line) => line.fields.solapiCode)).toEqual(['1031']);
  });

  it('rejects a 500, and an answer that is not JSON, as warnings', async () => {
    fake.failWith(500);
    expect((await refusal(send())).message).toBe('SOLAPI answered 500 InternalError');
    fake.failWith(502, '<html><body>Bad Gateway</body></html>', 'text/html');
    expect((await refusal(send())).message).toBe('SOLAPI answered 502');
    fake.failWith(200, 'OK', 'text/plain');
    expect((await refusal(send())).message).toBe('SOLAPI answered 200 with something that is not a send result');
    expect(logs.at('error')).toEqual([]);
    expect(logs.at('warn')).toHaveLength(3);
  });

  it('gives up after SOLAPI_TIMEOUT_MS with one request only, never retried (the message may still have gone out)', async () => {
    fake.answerSlowly(1_500);
    const before = fake.requests.length;
    const started = Date.now();
    const error = await refusal(send({ SOLAPI_TIMEOUT_MS: 300 }));
    expect(Date.now() - started).toBeLessThan(1_200);
    expect(error.message).toBe('SOLAPI did not answer within 300 ms');
    // Past the fake's answer: still the one request, and SOLAPI took the message.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fake.requests.length - before).toBe(1);
    expect(fake.lastMessageTo(PHONE).statusCode).toBe('2000');
    expect(logs.at('warn')).toEqual([{ level: 'warn', fields: { reference, timeoutMs: 300 }, message: 'SOLAPI did not answer in time' }]);
  });

  it('rejects when SOLAPI cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const error = await refusal(send({ SOLAPI_BASE_URL: `http://127.0.0.1:${port}` }));
    expect(error.message).toBe('SOLAPI could not be reached (ECONNREFUSED)');
  });

  it('answers the group’s id when SOLAPI lists no message', async () => {
    const groupId = 'G4V20261127104500ABCDEFGHIJKLMNO';
    const server = createServer((_request, response) => {
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ groupInfo: { groupId }, failedMessageList: [] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      expect(await send({ SOLAPI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })).toEqual({ messageId: groupId });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('forgets nothing: SOLAPI’s records are SOLAPI’s, and nothing is asked of it', async () => {
    const before = fake.requests.length;
    await sender().forget();
    expect(fake.requests.length).toBe(before);
  });

  describe('the fake checks what SOLAPI checks', () => {
    const { apiKey, apiSecret } = SOLAPI_FAKE_ACCOUNT;
    const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    const errorOf = async (response: Response) => ({ status: response.status, ...((await response.json()) as object) });

    it('refuses a date more than 15 minutes off, either way (RequestTimeTooSkewed)', async () => {
      for (const offset of [-16, 16]) {
        const date = new Date(Date.now() + offset * 60_000).toISOString();
        expect(await errorOf(await post({ Authorization: authorization(apiKey, apiSecret, date, `skew${offset}saltsalt`) }))).toMatchObject(
          {
            status: 403,
            errorCode: 'RequestTimeTooSkewed',
          },
        );
      }
      const fourteen = new Date(Date.now() - 14 * 60_000).toISOString();
      expect((await post({ Authorization: authorization(apiKey, apiSecret, fourteen, 'fourteenminutes') })).status).toBe(200);
    });

    it('refuses a date and salt used twice (DuplicatedSignature)', async () => {
      const header = authorization(apiKey, apiSecret, now(), 'onceonlysalt0001');
      expect((await post({ Authorization: header })).status).toBe(200);
      expect(await errorOf(await post({ Authorization: header }))).toMatchObject({ status: 403, errorCode: 'DuplicatedSignature' });
    });

    it('refuses another key, another secret, and a header it cannot read', async () => {
      expect(await errorOf(await post({ Authorization: authorization('NCSOTHER', apiSecret, now(), 'anotherkeysalt') }))).toMatchObject({
        errorCode: 'InvalidAPIKey',
      });
      expect(await errorOf(await post({ Authorization: authorization(apiKey, 'wrong', now(), 'anothersecret') }))).toMatchObject({
        errorCode: 'SignatureDoesNotMatch',
      });
      expect(await errorOf(await post({ Authorization: `Bearer ${apiSecret}` }))).toMatchObject({ status: 403, errorCode: 'Forbidden' });
      expect(await errorOf(await post({}))).toMatchObject({ status: 403 });
    });

    it('answers as the SDK’s detailGroupMessageResponseSchema, listing messages only when asked', async () => {
      const from = fake.account.senders[0];
      const messages = [
        { to: '01000000001', from, text: '안녕하세요', type: 'SMS' },
        { to: '01000000002', from: '0299990000', text: '안녕하세요', type: 'SMS' },
      ];
      const answer = (await (
        await post({ Authorization: authorization(apiKey, apiSecret, now(), 'schemashape0001') }, { messages })
      ).json()) as Record<string, unknown>;
      expect(Object.keys(answer).sort()).toEqual(['failedMessageList', 'groupInfo']);
      expect(answer.failedMessageList).toEqual([
        {
          to: '01000000002',
          from: '0299990000',
          type: 'SMS',
          statusMessage: '발신번호 미등록',
          country: '82',
          messageId: expect.any(String),
          statusCode: '1062',
          accountId: expect.any(String),
        },
      ]);
      expect(answer.groupInfo).toMatchObject({
        groupId: expect.stringMatching(/^G4V/),
        count: { total: 2, registeredSuccess: 1, registeredFailed: 1 },
        accountId: expect.any(String),
        apiVersion: '4',
        status: 'SENDING',
      });
      const listed = (await (
        await post(
          { Authorization: authorization(apiKey, apiSecret, now(), 'schemashape0002') },
          { messages: [messages[0]], showMessageList: true },
        )
      ).json()) as { messageList: unknown };
      expect(listed.messageList).toEqual([{ messageId: expect.any(String), statusCode: '2000', statusMessage: expect.any(String) }]);
    });
  });
});
