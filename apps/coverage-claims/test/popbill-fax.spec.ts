import { Logger, type LoggerService } from '@nestjs/common';
import { CoverageClaimsConfig } from '../src/config/coverage-claims.config.js';
import { FaxFailureKind, FaxUnavailableError, type FaxDocument } from '../src/integrations/fax/fax.port.js';
import { LinkhubTokenSource } from '../src/integrations/fax/popbill/linkhub-token.js';
import { faxResultOf } from '../src/integrations/fax/popbill/popbill-codes.js';
import { FAX_SCOPES, PopbillFaxAdapter, sendForm, type PopbillFaxOptions } from '../src/integrations/fax/popbill/popbill-fax.adapter.js';
import { describeFaxPortContract, newRequestId, onePagePdf, settledResult } from './support/fax-port-contract.js';
import { POPBILL_FAKE_CODES, POPBILL_FAKE_DEFAULTS, PopbillFake, popbillFakeEnv } from './support/fakes/popbill-fake.js';

/** Insurers' claims fax numbers, and what the fake's carrier does with them. */
const FINE = '0505181234';
const BUSY = '0505180001';
const INVALID = '0505180003';
const NO_ANSWER = '0505180004';

/** Everything the adapter logs, to check that no secret, token or document goes there. */
const logged: string[] = [];
const capture: LoggerService = {
  log: (...args: unknown[]) => void logged.push(JSON.stringify(args)),
  warn: (...args: unknown[]) => void logged.push(JSON.stringify(args)),
  error: (...args: unknown[]) => void logged.push(JSON.stringify(args)),
  debug: (...args: unknown[]) => void logged.push(JSON.stringify(args)),
  verbose: (...args: unknown[]) => void logged.push(JSON.stringify(args)),
};

let fake: PopbillFake;
let url: string;
let pdf: Buffer;
/** The adapter most tests share (its token cached across them, as in a process). */
let sender: PopbillFaxAdapter;

function popbill(options: Partial<PopbillFaxOptions> = {}, at = url): PopbillFaxAdapter {
  return new PopbillFaxAdapter({
    linkId: POPBILL_FAKE_DEFAULTS.linkId,
    secretKey: POPBILL_FAKE_DEFAULTS.secretKey,
    corpNum: POPBILL_FAKE_DEFAULTS.corpNum,
    senderNum: POPBILL_FAKE_DEFAULTS.senderNum,
    senderName: '보험금청구',
    isTest: true,
    baseUrl: at,
    authUrl: at,
    timeoutMs: 2_000,
    ...options,
  });
}

/** LinkHub's token source as the adapter builds it for the fake's default member, on the test bed (`now`: its clock). */
function tokenSource(now?: () => number): LinkhubTokenSource {
  return new LinkhubTokenSource(
    {
      linkId: POPBILL_FAKE_DEFAULTS.linkId,
      secretKey: POPBILL_FAKE_DEFAULTS.secretKey,
      corpNum: POPBILL_FAKE_DEFAULTS.corpNum,
      serviceId: 'POPBILL_TEST',
      scopes: FAX_SCOPES,
      authUrl: url,
      timeoutMs: 2_000,
    },
    now,
  );
}

const document = (to = FINE, requestId = 'x', body = pdf): FaxDocument => ({
  to,
  pdf: body,
  pages: 1,
  reference: `claim-${requestId}`,
  title: `보험금 청구서 ${requestId}`,
});
const signal = () => AbortSignal.timeout(10_000);

beforeAll(async () => {
  Logger.overrideLogger(capture);
  fake = new PopbillFake({ stepMs: 20 });
  url = await fake.start();
  fake.setOutcome(BUSY, 'busy');
  fake.setOutcome(INVALID, 'invalid');
  fake.setOutcome(NO_ANSWER, 'no-answer');
  pdf = await onePagePdf();
  sender = popbill();
});
afterAll(async () => {
  await fake.close();
  Logger.overrideLogger(new Logger());
});

describeFaxPortContract('popbill against its fake', {
  sender: () => sender,
  numbers: () => ({ fine: FINE, busy: BUSY, invalid: INVALID }),
  transmissionsOf: (requestId) => fake.transmissionsOf(requestId),
});

describe('popbill fax: the LinkHub token', () => {
  it('is asked for once, signed with the SecretKey, and serves every call until it nears its expiration', async () => {
    const adapter = popbill();
    const issued = fake.tokensIssued;
    expect(await adapter.submit(document(FINE, 'token-1'), newRequestId('token'), signal())).toMatchObject({ outcome: 'ACCEPTED' });
    expect(await adapter.resultOf(newRequestId('token'), signal())).toEqual({ state: 'UNKNOWN' });
    expect(await adapter.submit(document(FINE, 'token-2'), newRequestId('token'), signal())).toMatchObject({ outcome: 'ACCEPTED' });
    expect(fake.tokensIssued - issued).toBe(1);
  });

  it('is asked for once by callers that need it at the same time', async () => {
    const adapter = popbill();
    const issued = fake.tokensIssued;
    fake.answerSlowly(150, 'token');
    try {
      const results = await Promise.all(Array.from({ length: 5 }, () => adapter.resultOf(newRequestId('together'), signal())));
      expect(results).toEqual(Array.from({ length: 5 }, () => ({ state: 'UNKNOWN' })));
    } finally {
      fake.answerSlowly(0);
    }
    expect(fake.tokensIssued - issued).toBe(1);
  });

  it('is renewed when it has less than a minute left', async () => {
    const shortLived = new PopbillFake({ tokenTtlMs: 30_000 });
    const at = await shortLived.start();
    try {
      const adapter = popbill({}, at);
      await adapter.resultOf(newRequestId('short'), signal());
      await adapter.resultOf(newRequestId('short'), signal());
      expect(shortLived.tokensIssued).toBe(2);
    } finally {
      await shortLived.close();
    }
  });

  it('is renewed once when Popbill answers that it expired, and the call goes through', async () => {
    const adapter = popbill();
    await adapter.resultOf(newRequestId('renew'), signal());
    const issued = fake.tokensIssued;
    fake.expireTokens();
    const requestId = newRequestId('renew');
    expect(await adapter.submit(document(FINE, requestId), requestId, signal())).toMatchObject({ outcome: 'ACCEPTED' });
    expect(fake.tokensIssued - issued).toBe(1);
    expect(fake.transmissionsOf(requestId)).toBe(1);
  });

  it('is renewed only once per call: a token Popbill keeps refusing is the account’s problem', async () => {
    const neverValid = new PopbillFake({ tokenTtlMs: 0 });
    const at = await neverValid.start();
    try {
      const adapter = popbill({}, at);
      const requestId = newRequestId('refused');
      expect(await adapter.submit(document(FINE, requestId), requestId, signal())).toEqual({
        outcome: 'REFUSED',
        kind: FaxFailureKind.AccountRefused,
        message: expect.stringContaining(String(POPBILL_FAKE_CODES.badToken)),
      });
      // Two tokens for the send, two for the look-up that checks the refusal.
      expect(neverValid.tokensIssued).toBe(4);
      expect(neverValid.transmissionsOf(requestId)).toBe(0);
      await expect(adapter.resultOf(requestId, signal())).rejects.toThrow(FaxUnavailableError);
    } finally {
      await neverValid.close();
    }
  });

  it('signed with another SecretKey is refused by the fake, and the adapter answers ACCOUNT_REFUSED with nothing sent', async () => {
    const wrongKey = popbill({ secretKey: Buffer.from('another-secret-key-of-32-bytes!!').toString('base64') });
    const refused = fake.tokensRefused;
    const sends = fake.sends.length;
    const requestId = newRequestId('wrongkey');
    expect(await wrongKey.submit(document(FINE, requestId), requestId, signal())).toEqual({
      outcome: 'REFUSED',
      kind: FaxFailureKind.AccountRefused,
      message: expect.stringContaining('LinkHub refused the token'),
    });
    expect(fake.tokensRefused - refused).toBe(1);
    expect(fake.sends.length).toBe(sends);
    await expect(wrongKey.resultOf(requestId, signal())).rejects.toThrow(FaxUnavailableError);
  });

  it('for an unknown LinkID or a business number that is not a Popbill member is refused: ACCOUNT_REFUSED', async () => {
    for (const options of [{ linkId: 'NOBODY' }, { corpNum: '9999999999' }]) {
      const requestId = newRequestId('account');
      expect(await popbill(options).submit(document(FINE, requestId), requestId, signal())).toMatchObject({
        outcome: 'REFUSED',
        kind: FaxFailureKind.AccountRefused,
      });
    }
  });

  it('asked with a date ten minutes off is refused by the fake (the signature covers the date)', async () => {
    const skewed = tokenSource(() => Date.now() - 10 * 60_000);
    expect(await skewed.get(signal())).toEqual({
      kind: 'refused',
      error: { status: 401, code: POPBILL_FAKE_CODES.tokenRefused, message: expect.stringContaining('x-lh-date') },
    });
  });

  it('that LinkHub does not give means nothing was sent: REFUSED UNAVAILABLE, a failure worth another try', async () => {
    const adapter = popbill();
    fake.failNext(1, { only: 'token' });
    const requestId = newRequestId('notoken');
    expect(await adapter.submit(document(FINE, requestId), requestId, signal())).toEqual({
      outcome: 'REFUSED',
      kind: FaxFailureKind.Unavailable,
      message: expect.stringContaining('LinkHub gave no token'),
    });
    fake.failNext(1, { only: 'token', json: { code: -10000000, message: 'server error' } });
    expect(await adapter.submit(document(FINE, requestId), requestId, signal())).toMatchObject({
      outcome: 'REFUSED',
      kind: FaxFailureKind.Unavailable,
    });
    expect(fake.transmissionsOf(requestId)).toBe(0);
  });
});

describe('popbill fax: submit', () => {
  it('posts the multipart form FaxService.js writes: the JSON form with the RequestNum, then the PDF', async () => {
    const requestId = newRequestId('form');
    const submitted = await sender.submit(document(FINE, requestId), requestId, signal());
    expect(submitted).toEqual({ outcome: 'ACCEPTED', receiptId: expect.stringMatching(/^0\d{17}$/) });
    const send = fake.sends.find((s) => s.requestNum === requestId)!;
    expect(send).toMatchObject({
      corpNum: POPBILL_FAKE_DEFAULTS.corpNum,
      receivers: [FINE],
      fileNames: [`${requestId}.pdf`],
      outcome: 'stored',
    });
    expect(send.form).toEqual({
      snd: POPBILL_FAKE_DEFAULTS.senderNum,
      sndnm: '보험금청구',
      fCnt: 1,
      title: `보험금 청구서 ${requestId}`,
      requestNum: requestId,
      rcvs: [{ rcv: FINE }],
    });
  });

  it('answers a request id Popbill already holds with its first receipt (Popbill refuses the duplicate; one transmission)', async () => {
    const requestId = newRequestId('twice');
    const first = await sender.submit(document(FINE, requestId), requestId, signal());
    const again = await sender.submit(document(FINE, requestId), requestId, signal());
    expect(again).toEqual(first);
    expect(fake.sends.filter((s) => s.requestNum === requestId).map((s) => s.outcome)).toEqual([
      'stored',
      POPBILL_FAKE_CODES.requestNumInUse,
    ]);
    expect(fake.transmissionsOf(requestId)).toBe(1);
    expect(fake.transmissionsTo(FINE)).toBe(fake.sends.filter((s) => s.receivers.includes(FINE) && s.outcome === 'stored').length);
  });

  it('answers UNCONFIRMED when the connection drops after Popbill took the fax; resultOf then finds it, and a new submit sends nothing', async () => {
    const requestId = newRequestId('dropped');
    fake.dropConnectionAfterNextSend();
    const submitted = await sender.submit(document(FINE, requestId), requestId, signal());
    expect(submitted).toEqual({ outcome: 'UNCONFIRMED', message: expect.stringContaining('Popbill gave no answer') });
    expect(fake.transmissionsOf(requestId)).toBe(1);
    const result = await settledResult(sender, requestId);
    expect(result).toEqual({ state: 'SENT', jobId: expect.stringMatching(/^0\d{17}$/) });
    const again = await sender.submit(document(FINE, requestId), requestId, signal());
    expect(again).toEqual({ outcome: 'ACCEPTED', receiptId: result.state === 'SENT' ? result.jobId : '' });
    expect(fake.transmissionsOf(requestId)).toBe(1);
  });

  it('answers UNCONFIRMED past POPBILL_TIMEOUT_MS (the fax may have gone through), and UNCONFIRMED soon after the caller aborts', async () => {
    const quick = popbill({ timeoutMs: 300 });
    await quick.resultOf(newRequestId('warm'), signal());
    fake.answerSlowly(5_000, 'send');
    try {
      const requestId = newRequestId('slow');
      const started = Date.now();
      expect(await quick.submit(document(FINE, requestId), requestId, signal())).toEqual({
        outcome: 'UNCONFIRMED',
        message: expect.stringContaining('no answer within 300 ms'),
      });
      // Well before the fake's answer (5 s), with room for a loaded machine.
      expect(Date.now() - started).toBeLessThan(3_000);
      // The slow answer came after Popbill had taken it: the result finds it.
      expect(await settledResult(quick, requestId)).toMatchObject({ state: 'SENT' });

      const aborted = newRequestId('aborted');
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 100);
      expect(await sender.submit(document(FINE, aborted), aborted, controller.signal)).toEqual({
        outcome: 'UNCONFIRMED',
        message: expect.stringContaining('the caller gave up'),
      });
    } finally {
      fake.answerSlowly(0);
    }
  });

  it('answers UNCONFIRMED to a 500 that is not Popbill’s JSON, and REFUSED UNAVAILABLE to Popbill’s own error with a 5xx', async () => {
    const requestId = newRequestId('500');
    fake.failNext(1, { only: 'send' });
    expect(await sender.submit(document(FINE, requestId), requestId, signal())).toEqual({
      outcome: 'UNCONFIRMED',
      message: expect.stringContaining('500'),
    });
    expect(await sender.resultOf(requestId, signal())).toEqual({ state: 'UNKNOWN' });
    fake.refuseNextSends(1, { status: 500, code: -16099999, message: '서버 오류' });
    expect(await sender.submit(document(FINE, requestId), requestId, signal())).toMatchObject({
      outcome: 'REFUSED',
      kind: FaxFailureKind.Unavailable,
    });
    expect(await sender.submit(document(FINE, requestId), requestId, signal())).toMatchObject({ outcome: 'ACCEPTED' });
    expect(fake.transmissionsOf(requestId)).toBe(1);
  });

  it.each([
    ['a sender number Popbill does not know', { senderNum: '0299999999' }, undefined, FaxFailureKind.AccountRefused],
    [
      'a member Popbill does not know (-99003008)',
      {},
      { code: -99003008, message: '연동회원으로 가입된 사업자 번호가 존재하지 않습니다.' },
      FaxFailureKind.AccountRefused,
    ],
    ['Popbill’s common user errors (-100…)', {}, { code: -10000018, message: 'Disabled ID' }, FaxFailureKind.AccountRefused],
    ['a code the adapter does not know', {}, { code: -16099998, message: '?' }, FaxFailureKind.Unavailable],
  ])('maps a refusal for %s to %s', async (_, options, refusal, kind) => {
    const requestId = newRequestId('refusal');
    if (refusal) fake.refuseNextSends(1, refusal);
    expect(await popbill(options).submit(document(FINE, requestId), requestId, signal())).toEqual({
      outcome: 'REFUSED',
      kind,
      message: expect.stringContaining('Popbill refused the fax'),
    });
    expect(fake.transmissionsOf(requestId)).toBe(0);
  });

  it('answers UNCONFIRMED, not REFUSED, when a refusal leaves a doubt: "in use" while Popbill lists nothing yet, or a look-up that fails', async () => {
    // A REFUSED fax is sent again under a new number: only a plain refusal may say so.
    const inUse = newRequestId('inuse');
    fake.refuseNextSends(1, { code: POPBILL_FAKE_CODES.requestNumInUse, message: '이미 사용 중인 전송요청번호입니다.' });
    expect(await sender.submit(document(FINE, inUse), inUse, signal())).toEqual({
      outcome: 'UNCONFIRMED',
      message: expect.stringContaining(String(POPBILL_FAKE_CODES.requestNumInUse)),
    });
    const lookUpFails = newRequestId('lookup');
    fake.refuseNextSends(1, { code: -16099998, message: '?' });
    fake.failNext(1, { only: 'result', json: { code: -10000000, message: 'server error' } });
    expect(await sender.submit(document(FINE, lookUpFails), lookUpFails, signal())).toMatchObject({ outcome: 'UNCONFIRMED' });
    expect(fake.transmissionsOf(inUse) + fake.transmissionsOf(lookUpFails)).toBe(0);
  });

  it('maps a receiving number Popbill refuses to INVALID_NUMBER', async () => {
    const requestId = newRequestId('badnumber');
    expect(await sender.submit(document('05-O5-18', requestId), requestId, signal())).toMatchObject({
      outcome: 'REFUSED',
      kind: FaxFailureKind.InvalidNumber,
    });
  });

  it('refuses what Popbill would not take without calling it: a request id that is not a RequestNum, a file that is not a PDF', async () => {
    const sends = fake.sends.length;
    expect(await sender.submit(document(), 'has spaces', signal())).toMatchObject({ outcome: 'REFUSED', kind: FaxFailureKind.Rejected });
    expect(await sender.submit(document(FINE, 'x', Buffer.from('\x89PNG')), newRequestId(), signal())).toMatchObject({
      outcome: 'REFUSED',
      kind: FaxFailureKind.Rejected,
    });
    expect(fake.sends.length).toBe(sends);
  });
});

describe('popbill fax: the fake checks the form as Popbill does', () => {
  const tokens = () => tokenSource();
  const post = async (contentType: string, body: Buffer, bearer?: string) => {
    const headers: Record<string, string> = { 'Content-Type': contentType };
    if (bearer !== '') {
      const token = await tokens().get(signal());
      if (token.kind !== 'token') throw new Error('no token');
      headers.Authorization = `Bearer ${bearer ?? token.value}`;
    }
    const response = await fetch(`${url}/FAX`, { method: 'POST', headers, body });
    return { status: response.status, body: (await response.json()) as { code?: number; receiptNum?: string } };
  };
  /** A form as the SDK writes it, with `files` file parts and the form's fCnt. */
  const multipart = (files: Buffer[], fCnt = files.length, requestNum = newRequestId('raw')) => {
    const boundary = 'fake-test-boundary';
    const form = JSON.stringify({ snd: POPBILL_FAKE_DEFAULTS.senderNum, fCnt, requestNum, rcvs: [{ rcv: FINE, rcvnm: '보험사' }] });
    const chunks: Buffer[] = [Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="form"\r\n\r\n${form}\r\n`)];
    files.forEach((file, i) =>
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f${i}.pdf";\r\nContent-Type: Application/octet-stream\r\n\r\n`,
        ),
        file,
        Buffer.from('\r\n'),
      ),
    );
    chunks.push(Buffer.from(`--${boundary}--\r\n\r\n`));
    return { contentType: `multipart/form-data;charset=utf-8; boundary=${boundary}`, body: Buffer.concat(chunks) };
  };

  it('takes 1 to 20 PDFs whose number fCnt gives, and refuses other forms, files and tokens', async () => {
    const ok = multipart([pdf, pdf]);
    expect(await post(ok.contentType, ok.body)).toEqual({ status: 200, body: { receiptNum: expect.any(String) } });
    const twenty = multipart(Array.from({ length: 20 }, () => pdf));
    expect((await post(twenty.contentType, twenty.body)).status).toBe(200);
    const refusals: Array<[{ contentType: string; body: Buffer }, number]> = [
      [multipart(Array.from({ length: 21 }, () => pdf)), POPBILL_FAKE_CODES.badFileCount],
      [multipart([pdf], 2), POPBILL_FAKE_CODES.badFileCount],
      [multipart([]), POPBILL_FAKE_CODES.badFileCount],
      [multipart([pdf, Buffer.from('GIF89a')]), POPBILL_FAKE_CODES.badFile],
      [{ contentType: 'application/json', body: Buffer.from('{}') }, POPBILL_FAKE_CODES.badForm],
      [
        {
          contentType: 'multipart/form-data; boundary=x',
          body: Buffer.from('--x\r\nContent-Disposition: form-data; name="form"\r\n\r\nnot json\r\n--x--'),
        },
        POPBILL_FAKE_CODES.badForm,
      ],
    ];
    for (const [request, code] of refusals)
      expect(await post(request.contentType, request.body)).toEqual({ status: 400, body: { code, message: expect.any(String) } });
    const form = sendForm(document(FINE, 'sdk'), newRequestId('sdk'), {
      senderNum: POPBILL_FAKE_DEFAULTS.senderNum,
      senderName: '보험금청구',
    });
    expect((await post(form.contentType, form.body)).status).toBe(200);
    expect(await post(form.contentType, form.body, '')).toEqual({
      status: 401,
      body: { code: POPBILL_FAKE_CODES.noToken, message: expect.any(String) },
    });
    expect(await post(form.contentType, form.body, 'forged')).toEqual({
      status: 401,
      body: { code: POPBILL_FAKE_CODES.badToken, message: expect.any(String) },
    });
  });
});

describe('popbill fax: resultOf', () => {
  it('plays received, converting, sending, then SENT with Popbill’s receipt number', async () => {
    const requestId = newRequestId('play');
    fake.stepMs = 60_000;
    try {
      const submitted = await sender.submit(document(FINE, requestId), requestId, signal());
      expect(await sender.resultOf(requestId, signal())).toEqual({ state: 'PENDING' });
      fake.stepMs = 0;
      expect(await sender.resultOf(requestId, signal())).toEqual({
        state: 'SENT',
        jobId: submitted.outcome === 'ACCEPTED' ? submitted.receiptId : '',
      });
    } finally {
      fake.stepMs = 20;
    }
  });

  it.each([
    ['busy', BUSY, FaxFailureKind.Busy, 503],
    ['no answer', NO_ANSWER, FaxFailureKind.NoAnswer, 505],
    ['not a fax number', INVALID, FaxFailureKind.InvalidNumber, 504],
  ])('ends FAILED for a number the carrier finds %s', async (_, number, kind, code) => {
    const requestId = newRequestId('ends');
    await sender.submit(document(number, requestId), requestId, signal());
    expect(await settledResult(sender, requestId)).toEqual({
      state: 'FAILED',
      kind,
      message: expect.stringContaining(`Popbill result ${code}`),
    });
  });

  it.each([
    [507, FaxFailureKind.InvalidNumber],
    [508, FaxFailureKind.Busy],
    [506, FaxFailureKind.NoAnswer],
    [502, FaxFailureKind.Unavailable],
    [499, FaxFailureKind.AccountRefused],
    [301, FaxFailureKind.AccountRefused],
    [414, FaxFailureKind.Rejected],
    [599, FaxFailureKind.Unavailable],
  ])('maps the carrier’s result %i to %s', async (code, kind) => {
    const number = `0505189${String(code).padStart(3, '0')}`;
    fake.setOutcome(number, code);
    const requestId = newRequestId('code');
    await sender.submit(document(number, requestId), requestId, signal());
    expect(await settledResult(sender, requestId)).toEqual({
      state: 'FAILED',
      kind,
      message: expect.stringContaining(`Popbill result ${code}`),
    });
  });

  it('answers UNKNOWN for a request number Popbill holds nothing under, whether it says so with an error or an empty list', async () => {
    expect(await sender.resultOf(newRequestId('unknown'), signal())).toEqual({ state: 'UNKNOWN' });
    expect(await sender.resultOf('not a request number', signal())).toEqual({ state: 'UNKNOWN' });
    const emptyList = new PopbillFake({ unknownRequestAnswer: 'empty' });
    const at = await emptyList.start();
    try {
      expect(await popbill({}, at).resultOf(newRequestId('unknown'), signal())).toEqual({ state: 'UNKNOWN' });
    } finally {
      await emptyList.close();
    }
  });

  it('rejects FaxUnavailableError when Popbill gives no answer, answers 500, or an error that is not “no such request”', async () => {
    const quick = popbill({ timeoutMs: 300 });
    const requestId = newRequestId('unavailable');
    await quick.submit(document(FINE, requestId), requestId, signal());
    fake.answerSlowly(1_000, 'result');
    try {
      await expect(quick.resultOf(requestId, signal())).rejects.toThrow(
        new FaxUnavailableError(`Popbill's result of ${requestId} is unknown: no answer within 300 ms`),
      );
    } finally {
      fake.answerSlowly(0);
    }
    fake.failNext(1, { only: 'result' });
    await expect(quick.resultOf(requestId, signal())).rejects.toThrow(FaxUnavailableError);
    fake.failNext(1, { only: 'result', json: { code: -10000000, message: 'server error' } });
    await expect(quick.resultOf(requestId, signal())).rejects.toThrow(FaxUnavailableError);
    const aborted = new AbortController();
    aborted.abort();
    await expect(quick.resultOf(requestId, aborted.signal)).rejects.toThrow(FaxUnavailableError);
    expect(await settledResult(quick, requestId)).toMatchObject({ state: 'SENT' });
  });

  it.each([
    [{ state: 0 }, { state: 'PENDING' }],
    [{ state: 1 }, { state: 'PENDING' }],
    [{ state: 2 }, { state: 'PENDING' }],
    [
      { state: 3, result: 100, receiptNum: 'R1' },
      { state: 'SENT', jobId: 'R1' },
    ],
    [
      { state: 3, result: 503 },
      { state: 'FAILED', kind: FaxFailureKind.Busy },
    ],
    [
      { state: 3, result: '504' },
      { state: 'FAILED', kind: FaxFailureKind.InvalidNumber },
    ],
    // Finished, but no result to read: asked again (a failure would be sent again).
    [{ state: 3 }, { state: 'PENDING' }],
    [{ state: 4 }, { state: 'FAILED', kind: FaxFailureKind.Unavailable }],
    [{ sendState: 0 }, { state: 'PENDING' }],
    [{ sendState: 1 }, { state: 'PENDING' }],
    [{ sendState: 2 }, { state: 'PENDING' }],
    [
      { sendState: 3, receiptNum: 'R2' },
      { state: 'SENT', jobId: 'R2' },
    ],
    [
      { sendState: 3, sendResult: 100, receiptNum: 'R3' },
      { state: 'SENT', jobId: 'R3' },
    ],
    [
      { sendState: 3, sendResult: 505 },
      { state: 'FAILED', kind: FaxFailureKind.NoAnswer },
    ],
    [{ sendState: 4 }, { state: 'FAILED', kind: FaxFailureKind.Rejected }],
    [{ sendState: 5 }, { state: 'FAILED', kind: FaxFailureKind.Unavailable }],
    [
      { sendState: 5, sendResult: 503 },
      { state: 'FAILED', kind: FaxFailureKind.Busy },
    ],
    [{ sendState: 6 }, { state: 'FAILED', kind: FaxFailureKind.AccountRefused }],
    [{ sendState: 7 }, { state: 'FAILED', kind: FaxFailureKind.Unavailable }],
    [{ sendState: 9 }, { state: 'PENDING' }],
    [{}, { state: 'PENDING' }],
  ])('maps the record %j to %j', (record, expected) => {
    expect(faxResultOf(record, 'request-1')).toMatchObject(expected);
  });
});

describe('popbill fax: configuration', () => {
  it('builds the adapter from POPBILL_* (FAX_ADAPTER=popbill), and refuses to without its credentials', async () => {
    const config = Object.assign(new CoverageClaimsConfig(), popbillFakeEnv(url));
    const requestId = newRequestId('config');
    const configured = PopbillFaxAdapter.fromConfig(config);
    expect(await configured.submit(document(FINE, requestId), requestId, signal())).toMatchObject({ outcome: 'ACCEPTED' });
    expect(fake.sends.find((s) => s.requestNum === requestId)?.form).toMatchObject({ sndnm: config.POPBILL_SENDER_NAME });
    expect(() => PopbillFaxAdapter.fromConfig(Object.assign(new CoverageClaimsConfig(), { FAX_ADAPTER: 'popbill' }))).toThrow(
      /POPBILL_LINK_ID/,
    );
  });
});

describe('popbill fax: logs', () => {
  it('hold no SecretKey, no session token and nothing of a document', () => {
    expect(logged.length).toBeGreaterThan(0);
    const text = logged.join('\n');
    expect(text).not.toContain(POPBILL_FAKE_DEFAULTS.secretKey);
    for (const token of fake.sessionTokens()) expect(text).not.toContain(token);
    expect(text).not.toContain('%PDF');
    expect(text).not.toContain('보험금 청구서');
  });
});
