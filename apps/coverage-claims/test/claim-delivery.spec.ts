import { randomBytes } from 'node:crypto';
import type { ClaimHistoryRecordDto, ProblemDto } from '#contracts';
import { AttemptLog } from '#platform';
import { CLAIM_DELIVERY_WORK } from '../src/claims/delivery/claim-delivery.repository.js';
import { startCoverageClaims, withToken, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { LogCapture } from '../../../test/support/log-capture.js';
import { QUICK_DELIVERY, deliveryState, fileClaim, fixture, transmissionsOf, upload, waitForDelivery } from './support/claim-delivery.js';
import { given } from './support/given.js';
import { claimBody } from './support/claim-body.js';

/** One insurer per sandbox fax number (docs/decisions/claims.md, "Delivery"): a claim keeps the number of its insurer at filing. */
const RECEIVES = { insurer: 'N03', fax: '05051811234' };
const ALWAYS_BUSY = { insurer: 'N01', fax: '05051810001' };
const BUSY_TWICE = { insurer: 'N02', fax: '05051810002' };
const INVALID = { insurer: 'N04', fax: '05051810003' };
const MAX_ATTEMPTS = 3;
// Well above the poll (20 ms), so that a wait that does not double cannot pass for one that does.
const RETRY_BASE_MS = 200;

describe('claim delivery: the outbox worker faxes filed claims through the sandbox fax', () => {
  const logs = new LogCapture();
  let app: CoverageClaimsTestApp;
  let planner: string;

  beforeAll(async () => {
    app = await startCoverageClaims({
      env: {
        LOG_LEVEL: 'info',
        ...QUICK_DELIVERY,
        CLAIM_DELIVERY_RETRY_BASE_MS: String(RETRY_BASE_MS),
        CLAIM_DELIVERY_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
      },
      logDestination: logs,
    });
    planner = await given(app).planner({ organisation: '전송 에셋', name: '박설계' }).token();
    for (const { insurer, fax } of [RECEIVES, ALWAYS_BUSY, BUSY_TWICE, INVALID]) await given(app).insurerFax(insurer, fax);
  });
  afterAll(() => app.close());

  const statusInHistory = async (claimId: number) => {
    const records = (await withToken(app, planner).post('/api/v1/claim/histories').send({ pageSize: 100 }).expect(200))
      .body as ClaimHistoryRecordDto[];
    return records.find((record) => record.claimReqId === claimId)?.claimStatusCd;
  };

  it('faxes a claim with a JPEG, a PNG and a two-page PDF: SENT with the gateway job id, the outbox row gone, every page sent', async () => {
    const fileIds = [
      await upload(app, planner, await fixture('claim-receipt-photo.jpg'), 'image/jpeg', '홍길동 영수증.jpg'),
      await upload(app, planner, await fixture('claim-diagnosis-scan.png'), 'image/png'),
      await upload(app, planner, await fixture('claim-diagnosis.pdf'), 'application/pdf'),
    ];
    const claimId = await fileClaim(app, planner, claimBody(RECEIVES.insurer, { fileIds }));

    const state = await waitForDelivery(app, claimId);
    expect(state).toMatchObject({ status: 'SENT', statusReason: null, attempts: null, faxJobId: expect.any(String) });
    expect(state.sentAt).toBeInstanceOf(Date);
    expect(await statusInHistory(claimId)).toBe('SENT');
    const transmissions = await transmissionsOf(app, claimId);
    // The form, the consent (one page at least), a page per image and the PDF's two pages.
    expect(transmissions).toEqual([{ id: expect.any(String), result: 'SENT', pages: expect.any(Number), toNumber: RECEIVES.fax }]);
    expect(transmissions[0]!.pages).toBeGreaterThanOrEqual(1 + 1 + 2 + 2);
  });

  it('retries a fax that is busy twice and then free: SENT at the third attempt, SENDING in between', async () => {
    const claimId = await fileClaim(app, planner, claimBody(BUSY_TWICE.insurer));
    const retrying = await waitForDelivery(app, claimId, (state) => state.statusReason !== null || state.status === 'SENT');
    if (retrying.status !== 'SENT') {
      expect(retrying.status).toBe('SENDING');
      expect(retrying.statusReason).toMatch(/^BUSY: The line was busy/);
    }
    const state = await waitForDelivery(app, claimId);
    expect(state).toMatchObject({ status: 'SENT', statusReason: null, attempts: null });
    expect((await transmissionsOf(app, claimId)).map((transmission) => transmission.result)).toEqual(['BUSY', 'BUSY', 'SENT']);
  });

  it('keeps every attempt of a claim that failed twice and then went through in the attempt log, oldest first', async () => {
    const claimId = await fileClaim(app, planner, claimBody(BUSY_TWICE.insurer));
    expect((await waitForDelivery(app, claimId)).status).toBe('SENT');
    const attempts = await app.app.get(AttemptLog).list(CLAIM_DELIVERY_WORK, String(claimId));
    // Each attempt handed over, then its end: busy (a retry due later), busy, sent.
    expect(attempts.map((attempt) => attempt.outcome)).toEqual(['HANDED_OVER', 'RETRY', 'HANDED_OVER', 'RETRY', 'HANDED_OVER', 'SENT']);
    const request = (attempt: number) => new RegExp(`^request c${claimId}-${attempt}-[0-9a-f]{12}\\b`);
    attempts.forEach((entry, index) => expect(entry.detail).toMatch(request(Math.floor(index / 2) + 1)));
    expect(attempts[0]!.detail).toMatch(/, [0-9]+ pages, receipt /);
    for (const retry of [attempts[1]!, attempts[3]!]) {
      expect(retry.error).toMatch(/^BUSY: The line was busy .*\(attempt [12] of 3\)$/);
      expect(retry.nextAttemptAt!.getTime()).toBeGreaterThan(retry.attemptedAt.getTime());
    }
    expect(attempts[5]).toMatchObject({ error: null, nextAttemptAt: null, detail: expect.stringMatching(/, job /) });
    // The claim's own columns still say the same (the API is unchanged): SENT at the third attempt.
    expect(await deliveryState(app, claimId)).toMatchObject({ status: 'SENT', statusReason: null });
  });

  it('gives a fax that is always busy up after CLAIM_DELIVERY_MAX_ATTEMPTS: FAILED with the reason', async () => {
    const claimId = await fileClaim(app, planner, claimBody(ALWAYS_BUSY.insurer));
    const state = await waitForDelivery(app, claimId);
    expect(state).toMatchObject({ status: 'FAILED', attempts: null, faxJobId: null, sentAt: null });
    expect(state.statusReason).toMatch(new RegExp(`^BUSY: The line was busy .*\\(gave up after ${MAX_ATTEMPTS} attempts\\)$`));
    expect(await statusInHistory(claimId)).toBe('FAILED');
    expect((await transmissionsOf(app, claimId)).map((transmission) => transmission.result)).toEqual(Array(MAX_ATTEMPTS).fill('BUSY'));
    // Backoff: the waits between attempts double from CLAIM_DELIVERY_RETRY_BASE_MS (200 ms): ≥ 200, then ≥ 400.
    const sentAt = (
      await app.dataSource.query<Array<{ at: Date }>>(
        `SELECT created_at AS at FROM sandbox_fax_transmissions WHERE reference = $1 ORDER BY created_at, id`,
        [`claim-${claimId}`],
      )
    ).map((row) => row.at.getTime());
    const waits = sentAt.slice(1).map((at, index) => at - sentAt[index]!);
    expect(waits).toHaveLength(MAX_ATTEMPTS - 1);
    waits.forEach((wait, index) => expect(wait).toBeGreaterThanOrEqual(RETRY_BASE_MS * 2 ** index));
  });

  it('does not retry a number that is not a fax number: FAILED at the first attempt', async () => {
    const claimId = await fileClaim(app, planner, claimBody(INVALID.insurer));
    const state = await waitForDelivery(app, claimId);
    expect(state.status).toBe('FAILED');
    expect(state.statusReason).toMatch(/^INVALID_NUMBER: /);
    expect(await transmissionsOf(app, claimId)).toHaveLength(1);
  });

  it('fails a claim whose attachment is not a readable PDF, naming the attachment by position and type, and faxes nothing', async () => {
    const good = await upload(app, planner, await fixture('claim-receipt-photo.jpg'), 'image/jpeg');
    const broken = await upload(app, planner, randomBytes(2000), 'application/pdf', '홍길동 진단서.pdf');
    const claimId = await fileClaim(app, planner, claimBody(RECEIVES.insurer, { fileIds: [good, broken] }));
    const state = await waitForDelivery(app, claimId);
    expect(state).toMatchObject({
      status: 'FAILED',
      statusReason: 'ATTACHMENT_UNREADABLE: Attachment 2 (application/pdf) could not be read as a PDF',
    });
    expect(await transmissionsOf(app, claimId)).toEqual([]);
  });

  it('refuses at filing an image attachment that is not an image of its type: 400 FILE_NOT_USABLE naming it', async () => {
    const broken = await upload(app, planner, Buffer.from('not a png at all'), 'image/png');
    const jpegAsPng = await upload(app, planner, await fixture('claim-receipt-photo.jpg'), 'image/png');
    const answer = await withToken(app, planner)
      .post('/api/v1/claim/requests')
      .send(claimBody(RECEIVES.insurer, { fileIds: [broken, jpegAsPng] }))
      .expect(400);
    expect((answer.body as ProblemDto).errors).toEqual([
      { field: 'fileIds.0', message: 'could not be read as a PNG image' },
      { field: 'fileIds.1', message: 'could not be read as a PNG image' },
    ]);
  });

  it.each([
    ['image/webp', 'photo.webp'],
    ['image/heic', 'photo.heic'],
    ['audio/mpeg', 'call.mp3'],
  ])('refuses at filing a file a fax cannot carry (%s): 400 FILE_NOT_USABLE naming it', async (mimeType, name) => {
    const pdf = await upload(app, planner, await fixture('claim-diagnosis.pdf'), 'application/pdf');
    const other = await upload(app, planner, randomBytes(300), mimeType, name);
    const answer = await withToken(app, planner)
      .post('/api/v1/claim/requests')
      .send(claimBody(RECEIVES.insurer, { fileIds: [pdf, other] }))
      .expect(400);
    expect((answer.body as ProblemDto).code).toBe('FILE_NOT_USABLE');
    expect((answer.body as ProblemDto).errors).toEqual([
      { field: 'fileIds.1', message: `is ${mimeType}; a claim is faxed, which carries JPEG, PNG and PDF files only` },
    ]);
  });

  it('logs outcomes by claim id and kind, never the client’s data, the account or a file name', async () => {
    const secrets = ['홍길동', '01012345678', '010-1234-5678', '123401234567', '19850314', '발목 골절', '영수증', '진단서'];
    const text = logs.raw.join('\n');
    expect(text).toMatch(/Claim faxed/);
    expect(text).toMatch(/Claim fax FAILED/);
    for (const secret of secrets) expect(text).not.toContain(secret);
    // The worker's lines belong to no request (not to the filing that woke it).
    const workerLines = logs.lines.filter((line) => line.context === 'ClaimDelivery');
    expect(workerLines.length).toBeGreaterThan(0);
    expect(workerLines.filter((line) => 'requestId' in line)).toEqual([]);
  });

  it('leaves a FAILED or SENT claim alone: its outbox row is gone', async () => {
    const rows = (await app.dataSource.query(
      `SELECT c.id FROM claims c JOIN claim_deliveries d ON d.claim_id = c.id WHERE c.status IN ('SENT', 'FAILED')`,
    )) as unknown[];
    expect(rows).toEqual([]);
    const claimId = await fileClaim(app, planner, claimBody(RECEIVES.insurer));
    expect((await waitForDelivery(app, claimId)).status).toBe('SENT');
    expect((await deliveryState(app, claimId)).attempts).toBeNull();
  });
});
