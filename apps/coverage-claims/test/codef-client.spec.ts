import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MetricsRegistry } from '#platform';
import { CODEF_UNDECRYPTABLE } from '../src/integrations/codef/codef-codes.js';
import { decodeAnswer } from '../src/integrations/codef/codef-client.js';
import { CODEF_FAKE_CODES, CODEF_FAKE_PATHS, type CodefFake } from './support/fakes/codef-fake.js';
import { BIRTH, codefClientSetUp, failure, NAME, PHONE, SIGN_IN, type LogLines } from './support/codef-client.js';

describe('CODEF client, against the CODEF fake', () => {
  const setUp = codefClientSetUp();
  const { client, contractsParams, checkupParams } = setUp;
  // The fake and the logs of the running test, as the set-up's hooks left them.
  let fake: CodefFake;
  let logs: LogLines;
  beforeEach(() => ({ fake, logs } = setUp));

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
