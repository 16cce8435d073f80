import { writeFile } from 'node:fs/promises';
import request from 'supertest';
import { AttemptLog, FILE_STORAGE, type LocalFileStorage } from '#platform';
import { CLAIM_DELIVERY_WORK } from '../src/claims/delivery/claim-delivery.repository.js';
import { startCoverageClaims, withToken, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { LogCapture } from '../../../test/support/log-capture.js';
import { deliveryState, fileClaim, fixture, startReplica, transmissionsOf, upload, waitForDelivery } from './support/claim-delivery.js';
import { pdfWithInflatingPage, transparentPng } from './support/hostile-evidence.js';
import { given } from './support/given.js';
import { claimBody } from './support/claim-body.js';

const RECEIVES = { insurer: 'N03', fax: '05051811234' };
const MAX_ATTEMPTS = 3;
const MIB = 2 ** 20;

/** The test process's resident memory (it is the service's process: the apps run in it), sampled every 5 ms while `work` runs. */
async function peakRssWhile<T>(work: () => Promise<T>): Promise<{ result: T; startMiB: number; peakMiB: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    const result = await work();
    return { result, startMiB: Math.round(start / MIB), peakMiB: Math.round(Math.max(peak, process.memoryUsage.rss()) / MIB) };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * What the renderer does with evidence that costs far more than its size (docs/decisions/claims.md,
 * "Rendering"): the claim fails, the process serves on. Each test files its claim on a replica whose
 * worker is off, so that it can arrange the claim before a delivering replica (started by the test,
 * on the same database and files) takes it; both are closed at the end of the test.
 */
describe('claim rendering within limits: a claim whose evidence defeats the renderer fails alone', () => {
  const logs = new LogCapture();
  /** The lines this test's replicas logged about the claim (each test has a database of its own, so claim ids repeat). */
  let firstLine = 0;
  const logsOf = (claimId: number) => logs.lines.slice(firstLine).filter((line) => line.claimId === claimId);
  let filing: CoverageClaimsTestApp;
  let planner: string;
  let worker: CoverageClaimsTestApp | undefined;

  const startWorker = async (env: Record<string, string> = {}) => {
    worker = await startReplica(filing, {
      env: {
        LOG_LEVEL: 'info',
        CLAIM_DELIVERY_RETRY_BASE_MS: '50',
        CLAIM_DELIVERY_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
        ...env,
      },
      logDestination: logs,
    });
    return worker;
  };

  beforeEach(async () => {
    firstLine = logs.lines.length;
    filing = await startCoverageClaims({ env: { CLAIM_DELIVERY_ENABLED: 'false' } });
    planner = await given(filing).planner({ organisation: '한도 에셋', name: '조설계' }).token();
    await given(filing).insurerFax(RECEIVES.insurer, RECEIVES.fax);
  });
  afterEach(async () => {
    await worker?.close();
    worker = undefined;
    await filing.close();
  });

  it('fails a claim whose PDF inflates to 2 GiB (a decompression bomb) with RENDER_FAILED after the last attempt, the process serving throughout', async () => {
    const bomb = pdfWithInflatingPage(2048);
    expect(bomb.length).toBeLessThan(3 * MIB);
    const fileId = await upload(filing, planner, bomb, 'application/pdf', '홍길동 진단서.pdf');
    const claimId = await fileClaim(filing, planner, claimBody(RECEIVES.insurer, { fileIds: [fileId] }));

    // The render process's own limit, whatever the test process (jest and the replicas) holds.
    const replica = await startWorker();
    const maxRssMiB = replica.config.CLAIM_DELIVERY_RENDER_MAX_RSS_MB;
    // While the claim is tried, the service answers its health probe and its API.
    const answers: Array<{ health: number; history: number; ms: number }> = [];
    let done = false;
    const serving = (async () => {
      while (!done) {
        const started = Date.now();
        const [health, history] = await Promise.all([
          request(replica.url).get('/health/ready'),
          withToken(replica, planner).post('/api/v1/claim/histories').send({ pageSize: 5 }),
        ]);
        answers.push({ health: health.status, history: history.status, ms: Date.now() - started });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const { result: state, startMiB, peakMiB } = await peakRssWhile(() => waitForDelivery(filing, claimId, undefined, 120_000));
    done = true;
    await serving;

    expect(state).toMatchObject({ status: 'FAILED', attempts: null });
    expect(state.statusReason).toBe(
      `RENDER_FAILED: The fax could not be rendered: its render passed ${maxRssMiB} MiB of memory (CLAIM_DELIVERY_RENDER_MAX_RSS_MB) ` +
        `and was stopped (gave up after ${MAX_ATTEMPTS} attempts)`,
    );
    expect(await transmissionsOf(filing, claimId)).toEqual([]);
    const stopped = logsOf(claimId).filter((line) => line.message === 'Claim render process stopped');
    expect(stopped.map((line) => line.reason)).toEqual(Array(MAX_ATTEMPTS).fill('memory'));
    // The render process never went far past its limit (sampled every 10 ms), nor anywhere near the 2 GiB.
    for (const line of stopped) expect(line.peakRssMiB).toBeLessThan(maxRssMiB + 128);
    // Served during: every probe and every API call answered 200.
    expect(answers.length).toBeGreaterThan(MAX_ATTEMPTS);
    expect(answers.filter((answer) => answer.health !== 200 || answer.history !== 200)).toEqual([]);
    // The inflating happened in the render process, not in the service's.
    expect(peakMiB - startMiB).toBeLessThan(128);
    process.stdout.write(
      `claim-render-limits: decompression bomb: service RSS ${startMiB} MiB before, peak ${peakMiB} MiB; render process peaks ` +
        `${stopped.map((line) => String(line.peakRssMiB)).join(', ')} MiB (limit ${maxRssMiB} MiB); ` +
        `${answers.length} health + API rounds during, slowest ${Math.max(...answers.map((answer) => answer.ms))} ms\n`,
    );

    // And after: the next claim is rendered (by a new process) and faxed.
    await request(replica.url).get('/health/ready').expect(200);
    const next = await fileClaim(
      filing,
      planner,
      claimBody(RECEIVES.insurer, { fileIds: [await upload(filing, planner, await fixture('claim-diagnosis.pdf'), 'application/pdf')] }),
    );
    expect((await waitForDelivery(filing, next)).status).toBe('SENT');
  }, 180_000);

  it('faxes a one-page claim with a 1-pixel image, and shows its fax, while the service holds more than CLAIM_DELIVERY_RENDER_MAX_RSS_MB', async () => {
    const pixel = await upload(filing, planner, await transparentPng(1, 1), 'image/png', '홍길동 영수증.png');
    const claimId = await fileClaim(filing, planner, claimBody(RECEIVES.insurer, { fileIds: [pixel] }));
    const replica = await startWorker();
    const limitMiB = replica.config.CLAIM_DELIVERY_RENDER_MAX_RSS_MB;
    // What a busy service holds from its other requests (written to, so resident): the process past the render limit.
    const held: Buffer[] = [];
    while (held.length < 16 || process.memoryUsage.rss() < (limitMiB + 128) * MIB) held.push(Buffer.alloc(16 * MIB, 1));
    expect(process.memoryUsage.rss()).toBeGreaterThan((limitMiB + 128) * MIB);

    expect(await waitForDelivery(filing, claimId)).toMatchObject({ status: 'SENT', attempts: null });
    expect(await transmissionsOf(filing, claimId)).toHaveLength(1);
    const fax = await withToken(replica, planner)
      .get(`/api/v1/claim/requests/${claimId}/document`)
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    expect(fax.status).toBe(200);
    expect((fax.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(logsOf(claimId).filter((line) => line.message === 'Claim render process stopped')).toEqual([]);
    held.length = 0;
  });

  it('fails a claim whose stored PNG is over the image budgets at once (ATTACHMENT_TOO_LARGE), without decoding it', async () => {
    const photo = await upload(filing, planner, await fixture('claim-receipt-photo.jpg'), 'image/jpeg');
    // A claim filed before the budgets were checked at filing: its PNG, swapped on disk after filing,
    // is the 8000 × 8000 RGBA one of 249 KB that took pdfkit 1 GiB and 11 s.
    const scan = await upload(filing, planner, await fixture('claim-diagnosis-scan.png'), 'image/png', '홍길동 스캔.png');
    const claimId = await fileClaim(filing, planner, claimBody(RECEIVES.insurer, { fileIds: [photo, scan] }));
    const huge = await transparentPng(8000, 8000);
    expect(huge.length).toBeLessThan(250_000);
    // The bytes the renderer reads: the file's copy frozen at filing (the local driver's is its own key).
    const [{ key }] = (await filing.dataSource.query(`SELECT f.frozen_key AS key FROM stored_files f WHERE f.id = $1`, [scan])) as Array<{
      key: string;
    }>;
    const storage = filing.app.get<LocalFileStorage>(FILE_STORAGE);
    await writeFile(storage.pathOf({ key }), huge);

    const {
      result: state,
      startMiB,
      peakMiB,
    } = await peakRssWhile(async () => {
      await startWorker();
      return waitForDelivery(filing, claimId);
    });
    expect(state).toMatchObject({
      status: 'FAILED',
      attempts: null,
      statusReason:
        'ATTACHMENT_TOO_LARGE: Attachment 2 (image/png) is 8000 × 8000 pixels (64.0 megapixels); an image may have at most 40.0 megapixels',
    });
    expect(await transmissionsOf(filing, claimId)).toEqual([]);
    // A replica's start, not the gigabyte of decoding.
    expect(peakMiB - startMiB).toBeLessThan(300);
    process.stdout.write(`claim-render-limits: 8000 × 8000 RGBA PNG: RSS ${startMiB} MiB before, peak ${peakMiB} MiB\n`);
  }, 60_000);

  it('does not take a delivery whose attempts are used and whose last attempt never finished: FAILED (UNFINISHED), nothing faxed', async () => {
    const claimId = await fileClaim(filing, planner, claimBody(RECEIVES.insurer));
    // What a worker killed during the last attempt leaves: the attempt counted when taken, the claim
    // SENDING, the lease run out.
    await filing.dataSource.query(
      `UPDATE claim_deliveries SET attempts = $2, next_attempt_at = now() - interval '1 second' WHERE claim_id = $1`,
      [claimId, MAX_ATTEMPTS],
    );
    await filing.dataSource.query(`UPDATE claims SET status = 'SENDING', status_reason = 'BUSY: earlier (attempt 2 of 3)' WHERE id = $1`, [
      claimId,
    ]);

    await startWorker();
    const state = await waitForDelivery(filing, claimId);
    expect(state).toMatchObject({
      status: 'FAILED',
      attempts: null,
      faxJobId: null,
      statusReason: `UNFINISHED: Attempt ${MAX_ATTEMPTS} of ${MAX_ATTEMPTS} never finished (its process stopped before recording an outcome, e.g. killed for lack of memory); no attempts are left`,
    });
    expect(await transmissionsOf(filing, claimId)).toEqual([]);
    expect(logsOf(claimId).map((line) => [line.kind, line.message])).toEqual([
      ['UNFINISHED', 'Claim fax FAILED: its last attempt never finished'],
    ]);
    // The attempt log has its end, with the claim's reason.
    expect(await filing.app.get(AttemptLog).list(CLAIM_DELIVERY_WORK, String(claimId))).toEqual([
      expect.objectContaining({ outcome: 'UNFINISHED', error: state.statusReason, detail: null, nextAttemptAt: null }),
    ]);
    // A claim still within its attempts is taken as before.
    const other = await fileClaim(filing, planner, claimBody(RECEIVES.insurer));
    expect((await waitForDelivery(filing, other)).status).toBe('SENT');
    expect((await deliveryState(filing, other)).attempts).toBeNull();
  });
});
