import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Global, Module, type LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig, MetricsRegistry } from '#platform';
import { CoverageClaimsConfig } from '../src/config/coverage-claims.config.js';
import { CODEF_CLIENT, CodefModule } from '../src/integrations/codef/codef.module.js';
import { CODEF_FAILURES, CODEF_UNDECRYPTABLE } from '../src/integrations/codef/codef-codes.js';
import {
  CodefClient,
  CodefError,
  decodeAnswer,
  type CodefClientOptions,
  type CodefOutcome,
  type CodefTwoWay,
} from '../src/integrations/codef/codef-client.js';
import { CODEF_FAKE_CODES, CODEF_FAKE_PATHS, CODEF_FAKE_SECURE_NO, CODEF_FAKE_SMS_CODE, CodefFake } from './support/fakes/codef-fake.js';

/** What the client logged, level by level. */
class LogLines implements LoggerService {
  readonly lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
  log = (fields: Record<string, unknown>, message: string) => this.lines.push({ level: 'info', fields, message });
  warn = (fields: Record<string, unknown>, message: string) => this.lines.push({ level: 'warn', fields, message });
  error = (fields: Record<string, unknown>, message: string) => this.lines.push({ level: 'error', fields, message });

  at(level: string) {
    return this.lines.filter((line) => line.level === level);
  }
}

// A customer, with a space in the name (a `+` in CODEF's URL-encoded answers).
const NAME = '김코드 테스트';
const PHONE = '01077665544';
const BIRTH = '19850314';
const SIGN_IN = { id: 'credit4u-user-7', password: 'pässwörd-1!' };

describe('CODEF client, against the CODEF fake', () => {
  let fake: CodefFake;
  let logs: LogLines;
  let encrypted: string[];

  const client = (overrides: Partial<CodefClientOptions> = {}) =>
    new CodefClient({
      environment: 'demo',
      apiUrl: fake.url,
      tokenUrl: `${fake.url}/oauth/token`,
      clientId: fake.client.id,
      clientSecret: fake.client.secret,
      publicKey: fake.publicKey,
      timeoutMs: 5_000,
      logger: logs,
      ...overrides,
    });

  /** The contracts' first request for a customer, the password encrypted as the adapter does. */
  const contractsParams = (codef: CodefClient, name = NAME, phone = PHONE) => {
    const password = codef.encrypt(SIGN_IN.password);
    encrypted.push(password);
    return {
      organization: '0001',
      id: SIGN_IN.id,
      password,
      type: '0',
      userName: name,
      identity: BIRTH,
      telecom: '',
      phoneNo: phone,
      timeout: '170',
    };
  };
  const checkupParams = (name = NAME) => ({
    organization: '0002',
    loginType: '5',
    loginTypeLevel: '1',
    identity: BIRTH,
    userName: name,
    phoneNo: PHONE,
    telecom: '',
    id: '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10',
    inquiryType: '0',
    searchStartYear: '2016',
    searchEndYear: '2026',
    type: '0',
  });
  const failure = (call: Promise<unknown>) =>
    call.then(
      () => {
        throw new Error('expected a CodefError');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(CodefError);
        return error as CodefError;
      },
    );
  const twoWayOf = (outcome: CodefOutcome): CodefTwoWay => {
    if (outcome.kind !== 'TWO_WAY') throw new Error(`expected TWO_WAY, got ${outcome.kind}`);
    return outcome.twoWay;
  };

  beforeAll(async () => {
    fake = await CodefFake.start();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    logs = new LogLines();
    encrypted = [];
    fake.behaveNormally();
  });
  afterEach(() => {
    // Nothing logged ever holds the customer, their sign-in, its ciphertext or a token.
    const logged = JSON.stringify(logs.lines);
    for (const secret of [NAME, '김코드', PHONE, BIRTH, SIGN_IN.id, SIGN_IN.password, ...encrypted, ...fake.issuedTokens()])
      expect(logged).not.toContain(secret);
    for (const line of logs.lines)
      expect(Object.keys(line.fields).every((key) => ['product', 'code', 'kind', 'transactionId', 'durationMs'].includes(key))).toBe(true);
  });

  describe('the token', () => {
    it('is asked with Basic auth once and reused while it lives', async () => {
      const codef = client();
      const before = fake.tokensIssued;
      await codef.request('contracts', contractsParams(codef));
      await codef.request('nhis-checkups', checkupParams());
      expect(fake.tokensIssued - before).toBe(1);
    });

    it('is asked once for callers that need it at the same time', async () => {
      const codef = client();
      const before = fake.tokensIssued;
      const outcomes = await Promise.all(Array.from({ length: 6 }, () => codef.request('nhis-checkups', checkupParams())));
      expect(outcomes.map((outcome) => outcome.kind)).toEqual(Array(6).fill('DONE'));
      expect(fake.tokensIssued - before).toBe(1);
    });

    it('is renewed before it expires, on the client’s clock', async () => {
      let now = Date.now();
      const codef = client({ now: () => now });
      const before = fake.tokensIssued;
      await codef.request('nhis-checkups', checkupParams());
      now += 604_799_000 - 11 * 60_000;
      await codef.request('nhis-checkups', checkupParams());
      expect(fake.tokensIssued - before).toBe(1);
      now += 2 * 60_000;
      await codef.request('nhis-checkups', checkupParams());
      expect(fake.tokensIssued - before).toBe(2);
    });

    it('is renewed once after a 401, and the call made again', async () => {
      const codef = client();
      await codef.request('nhis-checkups', checkupParams());
      fake.expireTokens();
      const before = { tokens: fake.tokensIssued, requests: fake.requests.length };
      const outcome = await codef.request('nhis-checkups', checkupParams());
      expect(outcome.kind).toBe('DONE');
      expect(fake.tokensIssued - before.tokens).toBe(1);
      expect(fake.requests.slice(before.requests).map((request) => request.status)).toEqual([401, 200]);
    });

    it('refused twice in a row is CONFIGURATION, logged at error level, after exactly one renewal', async () => {
      const codef = client();
      await codef.request('nhis-checkups', checkupParams());
      const before = { tokens: fake.tokensIssued, requests: fake.requests.length };
      fake.failNext(null, { status: 401, count: 2 });
      const error = await failure(codef.request('nhis-checkups', checkupParams()));
      expect(error).toMatchObject({ kind: 'CONFIGURATION', code: null });
      expect(error.message).toContain('401 twice');
      expect(fake.tokensIssued - before.tokens).toBe(1);
      expect(fake.requests.length - before.requests).toBe(2);
      expect(logs.at('error')).toHaveLength(1);
    });

    it('refused for a wrong client secret is CONFIGURATION naming CODEF_CLIENT_SECRET, and no product is called', async () => {
      const codef = client({ clientSecret: 'not-the-secret' });
      const before = fake.requests.length;
      const error = await failure(codef.request('nhis-checkups', checkupParams()));
      expect(error).toMatchObject({ kind: 'CONFIGURATION', code: null });
      expect(error.message).toMatch(/refused the client \(401 invalid_client\).*CODEF_CLIENT_SECRET/);
      expect(fake.requests.length).toBe(before);
      await expect(codef.checkCredentials()).rejects.toMatchObject({ kind: 'CONFIGURATION' });
      await expect(client().checkCredentials()).resolves.toBeUndefined();
    });
    describe('when the OAuth service itself misbehaves', () => {
      /**
       * An OAuth endpoint in front of the fake's: it answers `script`'s statuses in turn (then `down`'s
       * status while set), and passes every other request on to the fake.
       */
      async function oauthInFront(script: Array<{ status: number; body: string }>) {
        const control = { down: undefined as number | undefined };
        const server = createServer((request, response) => {
          const chunks: Buffer[] = [];
          request.on('data', (chunk: Buffer) => chunks.push(chunk));
          request.on('end', () => {
            const next = script.shift() ?? (control.down ? { status: control.down, body: '{}' } : undefined);
            if (next) {
              response.writeHead(next.status, { 'content-type': 'application/json' }).end(next.body);
              return;
            }
            void fetch(`${fake.url}/oauth/token`, {
              method: 'POST',
              headers: { authorization: request.headers.authorization!, 'content-type': request.headers['content-type']! },
              body: Buffer.concat(chunks),
            }).then(async (answer) => response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()));
          });
        });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        return {
          url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/token`,
          control,
          close: () => server.close(),
        };
      }

      it('a 400 naming invalid_client or unauthorized_client is a refusal of the client (CONFIGURATION)', async () => {
        for (const error of ['invalid_client', 'unauthorized_client']) {
          const oauth = await oauthInFront([{ status: 400, body: JSON.stringify({ error }) }]);
          try {
            await expect(client({ tokenUrl: oauth.url }).checkCredentials()).rejects.toMatchObject({ kind: 'CONFIGURATION' });
          } finally {
            oauth.close();
          }
        }
      });

      it('a 403 of a proxy, a 404 of a maintenance page or a 408 is the way failing (UNAVAILABLE), never a wrong secret', async () => {
        for (const status of [403, 404, 408]) {
          const oauth = await oauthInFront([{ status, body: '<html>not CODEF</html>' }]);
          try {
            await expect(client({ tokenUrl: oauth.url }).checkCredentials()).rejects.toMatchObject({ kind: 'UNAVAILABLE' });
          } finally {
            oauth.close();
          }
        }
      });

      it('down at renewal time, the token still valid serves the calls until it really expires', async () => {
        let now = Date.now();
        const oauth = await oauthInFront([]);
        try {
          const codef = client({ tokenUrl: oauth.url, now: () => now });
          await codef.request('nhis-checkups', checkupParams());
          const issued = fake.tokensIssued;
          // Within the last ten minutes of the week renewal is due, and the OAuth service is down.
          oauth.control.down = 503;
          now += 604_799_000 - 5 * 60_000;
          expect((await codef.request('nhis-checkups', checkupParams())).kind).toBe('DONE');
          expect(fake.tokensIssued).toBe(issued);
          // Past its real expiry there is no token at all.
          now += 6 * 60_000;
          await expect(codef.request('nhis-checkups', checkupParams())).rejects.toMatchObject({ kind: 'UNAVAILABLE' });
        } finally {
          oauth.close();
        }
      });
    });
  });

  describe('the bodies', () => {
    it('are URL-encoded JSON both ways: Korean text and spaces round-trip', async () => {
      const codef = client();
      const outcome = await codef.request('contracts', contractsParams(codef));
      expect(fake.requests.at(-1)).toMatchObject({ status: 200, code: 'CF-00000', params: { userName: NAME, identity: BIRTH } });
      if (outcome.kind !== 'DONE') throw new Error('expected DONE');
      // The fake names the contractor after the customer: CODEF's encoding of the answer carried it.
      const [first] = outcome.data.resFlatRateContractList as Array<Record<string, unknown>>;
      expect(first!.resContractor).toBe(NAME);
      expect(first!.resInsuranceName).toBe('(무)한결 든든건강보험(18.04)');
    });

    it('plain JSON is refused by the fake as by CODEF, and the client reads plain JSON answers too', async () => {
      const token = (await (
        await fetch(`${fake.url}/oauth/token`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            Authorization: `Basic ${Buffer.from(`${fake.client.id}:${fake.client.secret}`).toString('base64')}`,
          },
          body: 'grant_type=client_credentials&scope=read',
        })
      ).json()) as { access_token: string };
      const plain = await fetch(`${fake.url}${CODEF_FAKE_PATHS.checkups}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token.access_token}` },
        body: JSON.stringify(checkupParams()),
      });
      expect(decodeAnswer(await plain.text())).toMatchObject({ result: { code: CODEF_FAKE_CODES.unreadableBody } });
      expect(decodeAnswer('{"result":{"code":"CF-00000"}}')).toEqual({ result: { code: 'CF-00000' } });
      expect(decodeAnswer('%7B%22a%22%3A%22b+c%2Bd%22%7D')).toEqual({ a: 'b c+d' });
      expect(decodeAnswer('<html>')).toBeUndefined();
      const form = await fetch(`${fake.url}/oauth/token`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`${fake.client.id}:${fake.client.secret}`).toString('base64')}` },
        body: JSON.stringify({ grant_type: 'client_credentials' }),
      });
      expect(form.status).toBe(400);
    });

    it('carry the password RSA-encrypted: the fake decrypts it with its private key, and a PEM key works too', async () => {
      const codef = client();
      await codef.request('contracts', contractsParams(codef));
      expect(fake.requests.at(-1)!.params.password).toBe(SIGN_IN.password);
      // RSA PKCS#1 v1.5 is randomised: the same password encrypts differently each time.
      expect(codef.encrypt('x')).not.toBe(codef.encrypt('x'));
      const pem = `-----BEGIN PUBLIC KEY-----\n${fake.publicKey.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
      const fromPem = client({ publicKey: pem });
      await fromPem.request('contracts', contractsParams(fromPem));
      expect(fake.requests.at(-1)).toMatchObject({ code: 'CF-00000', params: { password: SIGN_IN.password } });
    });

    it('encrypted with another key is refused by the fake: CONFIGURATION, logged at error level', async () => {
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
        .publicKey.export({ format: 'der', type: 'spki' })
        .toString('base64');
      const codef = client({ publicKey: other });
      const error = await failure(codef.request('contracts', contractsParams(codef)));
      expect(error).toMatchObject({ kind: 'CONFIGURATION', code: CODEF_UNDECRYPTABLE });
      expect(logs.at('error')).toEqual([expect.objectContaining({ fields: expect.objectContaining({ code: CODEF_UNDECRYPTABLE }) })]);
    });

    it('without a required parameter is refused by the fake (CF-00001, INPUT): PASS needs the telecom', async () => {
      const error = await failure(client().request('nhis-checkups', { ...checkupParams(), loginTypeLevel: '5' }));
      expect(error).toMatchObject({ kind: 'INPUT', code: 'CF-00001' });
      expect(fake.requests.at(-1)!.code).toBe('CF-00001');
      expect((await client().request('nhis-checkups', { ...checkupParams(), loginTypeLevel: '5', telecom: '1' })).kind).toBe('DONE');
    });

    it('refuses a key that is not an RSA public key when the client is built', () => {
      const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
      expect(() => client({ publicKey: ec })).toThrow(/not RSA/);
      expect(() => client({ publicKey: 'bm90IGEga2V5' })).toThrow();
    });
  });

  describe('a second step', () => {
    it('CF-03002 is TWO_WAY with the method and the two-step info; the follow-up repeats the request with is2Way and twoWayInfo', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth']);
      const params = contractsParams(codef);
      const first = await codef.request('contracts', params);
      expect(fake.requests.at(-1)!.code).toBe('CF-03002');
      const twoWay = twoWayOf(first);
      expect(twoWay).toEqual({
        method: 'simpleAuth',
        jobIndex: 0,
        threadIndex: 0,
        jti: expect.any(String),
        twoWayTimestamp: expect.any(Number),
        extraInfo: { commSimpleAuth: '' },
      });
      expect(Number.isSafeInteger(twoWay.twoWayTimestamp)).toBe(true);
      // The password encrypted again (another ciphertext): identical once decrypted, which is what CODEF compares.
      const outcome = await codef.continue('contracts', { ...params, password: codef.encrypt(SIGN_IN.password) }, twoWay, {
        simpleAuth: '1',
      });
      expect(outcome.kind).toBe('DONE');
      const followUp = fake.requests.at(-1)!;
      expect(followUp).toMatchObject({ is2Way: true, code: 'CF-00000' });
      const { jobIndex, threadIndex, jti, twoWayTimestamp } = twoWay;
      expect(followUp.params).toEqual({
        ...params,
        password: SIGN_IN.password,
        simpleAuth: '1',
        is2Way: true,
        twoWayInfo: { jobIndex, threadIndex, jti, twoWayTimestamp },
      });
    });

    it('in the older form (CF-00000 with continue2Way) is TWO_WAY too', async () => {
      const codef = client();
      fake.twoStep(NAME, ['smsAuthNo'], { legacy: true });
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      expect(fake.requests.at(-1)!.code).toBe('CF-00000');
      expect(twoWay).toMatchObject({ method: 'smsAuthNo', extraInfo: { reqSMSAuthNo: '' } });
      expect((await codef.continue('nhis-checkups', params, twoWay, { smsAuthNo: CODEF_FAKE_SMS_CODE })).kind).toBe('DONE');
    });

    it('sends twoWayTimestamp as an integer even when it comes back from storage as a string', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth']);
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      const stored = JSON.parse(JSON.stringify({ ...twoWay, twoWayTimestamp: String(twoWay.twoWayTimestamp) })) as CodefTwoWay;
      expect((await codef.continue('nhis-checkups', params, stored, { simpleAuth: '1' })).kind).toBe('DONE');
      expect((fake.requests.at(-1)!.params.twoWayInfo as { twoWayTimestamp: unknown }).twoWayTimestamp).toBe(twoWay.twoWayTimestamp);
    });

    it('not yet approved is TWO_WAY again with the same info; the third premature try is RETRY_LIMIT', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth'], { approveAfterTries: Infinity });
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      for (let i = 0; i < 2; i++)
        expect(twoWayOf(await codef.continue('nhis-checkups', params, twoWay, { simpleAuth: '1' }))).toEqual(twoWay);
      const error = await failure(codef.continue('nhis-checkups', params, twoWay, { simpleAuth: '1' }));
      expect(error).toMatchObject({ kind: 'RETRY_LIMIT', code: 'CF-12872' });
    });

    it('approved in the app after a premature try is DONE with the check-ups', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth'], { approveAfterTries: Infinity });
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      expect((await codef.continue('nhis-checkups', params, twoWay, { simpleAuth: '1' })).kind).toBe('TWO_WAY');
      fake.approve(NAME);
      const outcome = await codef.continue('nhis-checkups', params, twoWay, { simpleAuth: '1' });
      if (outcome.kind !== 'DONE') throw new Error('expected DONE');
      expect((outcome.data.resPreviewList as unknown[]).length).toBe(2);
    });

    it('cancelled in the app is CANCELLED', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth'], { approveAfterTries: Infinity });
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      fake.cancel(NAME);
      expect(await failure(codef.continue('nhis-checkups', params, twoWay, { simpleAuth: '1' }))).toMatchObject({
        kind: 'CANCELLED',
        code: 'CF-12102',
      });
    });

    it('past its 270 s is AUTH_EXPIRED', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth']);
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      fake.advance(270_001);
      expect(await failure(codef.continue('nhis-checkups', params, twoWay, { simpleAuth: '1' }))).toMatchObject({
        kind: 'AUTH_EXPIRED',
        code: 'CF-11021',
      });
    });

    it('a follow-up that is not the identical request is refused (INPUT)', async () => {
      const codef = client();
      fake.twoStep(NAME, ['simpleAuth']);
      const params = checkupParams();
      const twoWay = twoWayOf(await codef.request('nhis-checkups', params));
      const error = await failure(codef.continue('nhis-checkups', { ...params, searchStartYear: '2017' }, twoWay, { simpleAuth: '1' }));
      expect(error).toMatchObject({ kind: 'INPUT', code: 'CF-00001' });
    });

    it('a secure number then an SMS code: the image as a data URL, a wrong answer INPUT, the right ones DONE', async () => {
      const codef = client();
      fake.twoStep(NAME, ['secureNo', 'smsAuthNo']);
      const params = contractsParams(codef);
      const secure = twoWayOf(await codef.request('contracts', params));
      expect(secure.method).toBe('secureNo');
      expect(secure.extraInfo.reqSecureNo).toMatch(/^data:img\/jpeg;base64,[A-Za-z0-9+/]+=*$/);
      const wrong = await failure(codef.continue('contracts', params, secure, { secureNo: '0000', secureNoRefresh: '0' }));
      expect(wrong).toMatchObject({ kind: 'INPUT', code: 'CF-12802' });
      const sms = twoWayOf(await codef.continue('contracts', params, secure, { secureNo: CODEF_FAKE_SECURE_NO, secureNoRefresh: '0' }));
      expect(sms).toMatchObject({ method: 'smsAuthNo', jti: secure.jti });
      expect(sms.twoWayTimestamp).not.toBe(secure.twoWayTimestamp);
      const done = await codef.continue('contracts', params, sms, { secureNo: CODEF_FAKE_SECURE_NO, smsAuthNo: CODEF_FAKE_SMS_CODE });
      expect(done.kind).toBe('DONE');
    });
  });

  describe('result codes', () => {
    /** The mapping docs/sources/codef.md states, written out apart from the table it checks. */
    const EXPECTED: Array<[string, string]> = [
      ['CF-00001', 'INPUT'],
      ['CF-00003', 'CONFIGURATION'],
      ['CF-00004', 'CONFIGURATION'],
      ['CF-00005', 'CONFIGURATION'],
      [CODEF_UNDECRYPTABLE, 'CONFIGURATION'],
      ['CF-00023', 'UNAVAILABLE'],
      ['CF-01004', 'TIMED_OUT'],
      ['CF-09999', 'UNAVAILABLE'],
      ['CF-11021', 'AUTH_EXPIRED'],
      ['CF-12102', 'CANCELLED'],
      ['CF-12801', 'INPUT'],
      ['CF-12802', 'INPUT'],
      ['CF-12803', 'CREDENTIALS'],
      ['CF-12804', 'LOCKED'],
      ['CF-12872', 'RETRY_LIMIT'],
    ];

    it('the table holds every code the docs state, and no other', () => {
      expect([...CODEF_FAILURES.keys()].sort()).toEqual(EXPECTED.map(([code]) => code).sort());
    });

    it.each(EXPECTED)('%s is %s', async (code, kind) => {
      fake.failNext(code);
      const error = await failure(client().request('nhis-checkups', checkupParams()));
      expect(error).toMatchObject({ kind, code });
      expect(error.message).toContain(code);
    });

    it('keeps CODEF’s own message out of the error and the logs (unpublished text that could echo an input)', async () => {
      fake.failNext('CF-12801');
      const error = await failure(client().request('nhis-checkups', checkupParams()));
      // The fake answers the failure with the message 실패.
      expect(error.message).toBe(`CODEF CF-12801 (${CODEF_FAILURES.get('CF-12801')!.meaning})`);
      expect(JSON.stringify(logs.lines)).not.toContain('실패');
    });

    it('a code the table does not know is UNAVAILABLE, and its log line names it', async () => {
      fake.failNext('CF-98765');
      expect(await failure(client().request('nhis-checkups', checkupParams()))).toMatchObject({ kind: 'UNAVAILABLE', code: 'CF-98765' });
      expect(logs.at('warn')).toEqual([expect.objectContaining({ fields: expect.objectContaining({ code: 'CF-98765' }) })]);
    });

    it.each(['CF-00004', 'CF-00005'])('%s (demo and production keys mixed up) is CONFIGURATION, logged at error level', async (code) => {
      fake.failNext(code);
      const error = await failure(client().request('contracts', contractsParams(client())));
      expect(error).toMatchObject({ kind: 'CONFIGURATION', code });
      expect(error.message).toContain('CODEF_ENV');
      expect(logs.at('error')).toEqual([expect.objectContaining({ fields: expect.objectContaining({ code, kind: 'CONFIGURATION' }) })]);
      expect(logs.at('warn')).toEqual([]);
    });

    it('an HTML 5xx page is UNAVAILABLE; a 404 without a result is CONFIGURATION', async () => {
      fake.failNext(null, { status: 502 });
      expect(await failure(client().request('nhis-checkups', checkupParams()))).toMatchObject({ kind: 'UNAVAILABLE', code: null });
      const wrongPath = client({ apiUrl: `${fake.url}/nowhere` });
      expect(await failure(wrongPath.request('nhis-checkups', checkupParams()))).toMatchObject({ kind: 'CONFIGURATION', code: null });
    });

    it('no server at all is UNAVAILABLE', async () => {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      const codef = client({ apiUrl: `http://127.0.0.1:${port}`, tokenUrl: `http://127.0.0.1:${port}/oauth/token` });
      const error = await failure(codef.request('nhis-checkups', checkupParams()));
      expect(error).toMatchObject({ kind: 'UNAVAILABLE' });
      expect(error.message).toContain('ECONNREFUSED');
    });
  });

  describe('a large answer', () => {
    it('of a customer with a big portfolio (several hundred KiB URL-encoded, past the 256 KiB other providers get) is read whole', async () => {
      const coverage = (n: number) => ({
        resInsuredPerson: NAME,
        resNumber: String(n),
        resCoverageStatus: '정상',
        resCoverageAmount: '10000000',
        resCoverageCode: 'A4199',
        resCoverageName: `[간,폐,신장]단계별질병진단비_중증1단계진단비(간,폐,신장)(20년갱신형) ${n}`,
        resAgreementType: '특정질병진단',
      });
      const contract = (n: number) => ({
        resInsuranceName: `(무)한결 든든건강보험 ${n}`,
        resCompanyNm: '한결손해보험',
        resCompanyNmCode: 'N99',
        resContractStatus: '정상',
        resCoverageLists: Array.from({ length: 40 }, (_, index) => coverage(index)),
      });
      const data = { resFlatRateContractList: Array.from({ length: 30 }, (_, index) => contract(index)), resActualLossContractList: [] };
      fake.contractsFor(PHONE, data);
      const outcome = await client().request('contracts', contractsParams(client()));
      if (outcome.kind !== 'DONE') throw new Error('expected DONE');
      expect(encodeURIComponent(JSON.stringify(data)).length).toBeGreaterThan(512 * 1024);
      expect((outcome.data.resFlatRateContractList as unknown[]).length).toBe(30);
    });
  });

  describe('time', () => {
    it('a call past the timeout is TIMED_OUT within the configured ms', async () => {
      const codef = client({ timeoutMs: 300 });
      await codef.checkCredentials();
      fake.answerSlowly(3_000);
      const started = Date.now();
      expect(await failure(codef.request('nhis-checkups', checkupParams()))).toMatchObject({ kind: 'TIMED_OUT', code: null });
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
      expect(Date.now() - started).toBeLessThan(1_000);
    });

    it('a slow first step within the timeout is answered', async () => {
      fake.answerSlowly(400, { firstCallsOnly: true });
      expect((await client({ timeoutMs: 2_000 }).request('nhis-checkups', checkupParams())).kind).toBe('DONE');
    });

    it('a caller giving up ends the call with its own reason', async () => {
      const codef = client();
      await codef.checkCredentials();
      fake.answerSlowly(3_000);
      const reason = new Error('the request was cancelled');
      const controller = new AbortController();
      setTimeout(() => controller.abort(reason), 100);
      await expect(codef.request('nhis-checkups', checkupParams(), { signal: controller.signal })).rejects.toBe(reason);
    });
  });

  it('counts calls per product and outcome, and times them per product', async () => {
    const metrics = new MetricsRegistry();
    const codef = client({ metrics });
    await codef.request('contracts', contractsParams(codef));
    await codef.request('nhis-checkups', checkupParams());
    await codef.request('nhis-checkups', checkupParams());
    fake.twoStep('두단계 고객', ['simpleAuth']);
    await codef.request('nhis-checkups', checkupParams('두단계 고객'));
    fake.failNext('CF-12102');
    await failure(codef.request('nhis-checkups', checkupParams()));
    fake.failNext('CF-00004');
    await failure(codef.request('contracts', contractsParams(codef)));
    // A second client of the same application shares the metrics.
    await client({ metrics }).request('contracts', contractsParams(codef));
    const counted = await metrics.registry.getSingleMetricAsString('codef_requests_total');
    expect(counted).toContain('codef_requests_total{product="contracts",outcome="done"} 2');
    expect(counted).toContain('codef_requests_total{product="contracts",outcome="configuration"} 1');
    expect(counted).toContain('codef_requests_total{product="nhis-checkups",outcome="done"} 2');
    expect(counted).toContain('codef_requests_total{product="nhis-checkups",outcome="two_way"} 1');
    expect(counted).toContain('codef_requests_total{product="nhis-checkups",outcome="cancelled"} 1');
    const timed = await metrics.registry.getSingleMetricAsString('codef_request_duration_seconds');
    expect(timed).toContain('codef_request_duration_seconds_count{product="contracts"} 3');
    expect(timed).toContain('codef_request_duration_seconds_count{product="nhis-checkups"} 4');
  });
});

describe('CodefModule, against the CODEF fake', () => {
  let fake: CodefFake;

  beforeAll(async () => {
    fake = await CodefFake.start();
  });
  afterAll(() => fake.close());

  /** CodefModule in an application of its own, with the configuration and metrics the platform gives the service. */
  async function boot(env: Record<string, string>) {
    // The analysis's wait must cover CODEF's first call once INSURANCE_DATA_ADAPTER=codef.
    const config = loadConfig(CoverageClaimsConfig, { INSURANCE_DATA_TIMEOUT_MS: '200000', ...env });
    @Global()
    @Module({
      providers: [{ provide: CoverageClaimsConfig, useValue: config }, MetricsRegistry],
      exports: [CoverageClaimsConfig, MetricsRegistry],
    })
    class PlatformStandIn {}
    @Module({ imports: [PlatformStandIn, CodefModule] })
    class Root {}
    const app = await NestFactory.createApplicationContext(Root, { logger: false, abortOnError: false });
    try {
      await app.init();
    } catch (error) {
      await app.close();
      throw error;
    }
    return app;
  }

  it('gives one CodefClient when an adapter uses CODEF, and asks for a token at start-up', async () => {
    const before = fake.tokensIssued;
    for (const adapter of [{ INSURANCE_DATA_ADAPTER: 'codef' }, { NHIS_ADAPTER: 'codef' }] as Array<Record<string, string>>) {
      const app = await boot({ ...fake.env(), ...adapter });
      expect(app.get(CODEF_CLIENT)).toBeInstanceOf(CodefClient);
      await app.close();
    }
    expect(fake.tokensIssued - before).toBe(2);
  });

  it('gives null and asks nothing when no adapter uses CODEF', async () => {
    const before = fake.tokensIssued;
    const app = await boot({});
    expect(app.get(CODEF_CLIENT)).toBeNull();
    await app.close();
    expect(fake.tokensIssued).toBe(before);
  });

  it('refuses to start when CODEF refuses the client id and secret, naming them', async () => {
    await expect(boot({ ...fake.env(), INSURANCE_DATA_ADAPTER: 'codef', CODEF_CLIENT_SECRET: 'wrong' })).rejects.toThrow(
      /CODEF refused this service's client at start-up \(CODEF_ENV=demo\).*invalid_client.*CODEF_CLIENT_ID and CODEF_CLIENT_SECRET/,
    );
  });

  it('starts when CODEF cannot be reached (it may be down for a moment)', async () => {
    const app = await boot({ ...fake.env(), NHIS_ADAPTER: 'codef', CODEF_TOKEN_URL: 'http://127.0.0.1:9/oauth/token' });
    expect(app.get(CODEF_CLIENT)).toBeInstanceOf(CodefClient);
    await app.close();
  });
});
