import { CoverageClaimsConfig } from '../src/config/coverage-claims.config.js';
import type { ClaimFormContent } from '../src/claims/delivery/claim-pdf.js';
import { ClaimRenderError, ClaimRenderer } from '../src/claims/delivery/claim-renderer.js';
import { fixture } from './support/claim-delivery.js';
import { pdfWithInflatingPage } from './support/hostile-evidence.js';

// The render thread's time limit and its replacement after a stop, on the renderer alone (the memory
// watchdog through HTTP: claim-render-limits.spec.ts).

const content: ClaimFormContent = {
  claimReqId: 9,
  claimDate: '2026-11-23',
  insurerName: '삼성화재',
  insurerFax: '05051811234',
  organisationName: '청구 에셋',
  plannerName: '김설계',
  client: { name: '홍길동', birthday: '19850314', tel: '01012345678', jobName: '사무직', welfare: false },
  event: { typeLabel: '상해', date: '2026-11-02', place: null, text: '골절' },
  bank: null,
  directDebitAccount: false,
  callback: { whoLabel: '고객 본인', name: '홍길동', tel: '01012345678' },
  memo: '',
  terms: [],
  generatedAt: new Date('2026-11-23T03:04:05Z'),
};

describe('ClaimRenderer', () => {
  const config = Object.assign(new CoverageClaimsConfig(), {
    // Out of the way here: this test is about the time limit, whatever a second of inflating takes.
    CLAIM_DELIVERY_RENDER_MAX_RSS_MB: 65_536,
    CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS: 1,
  });
  const renderer = new ClaimRenderer(config);
  afterAll(() => renderer.onApplicationShutdown());

  it('stops a render longer than CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS, and renders the next claim in a new thread', async () => {
    const started = Date.now();
    const slow = renderer.render(
      9,
      content,
      async () => [{ mimeType: 'application/pdf', bytes: pdfWithInflatingPage(4096) }],
      new AbortController().signal,
    );
    // Queued behind it: rendered once the slow one is stopped.
    const next = renderer.render(
      10,
      content,
      async () => [{ mimeType: 'application/pdf', bytes: await fixture('claim-diagnosis.pdf') }],
      new AbortController().signal,
    );
    const error = (await slow.catch((caught: unknown) => caught)) as ClaimRenderError;
    expect(error).toBeInstanceOf(ClaimRenderError);
    expect(error).toMatchObject({
      reason: 'thread-failed',
      message: 'its render took longer than 1 s (CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS) and was stopped',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await next).pages).toBe(4);
  });

  it('gives up a render whose attempt is aborted while it waits or renders', async () => {
    const aborted = new AbortController();
    aborted.abort();
    await expect(renderer.render(11, content, async () => [], aborted.signal)).rejects.toMatchObject({ reason: 'aborted' });
    const cut = new AbortController();
    const rendering = renderer.render(
      12,
      content,
      async () => [{ mimeType: 'application/pdf', bytes: pdfWithInflatingPage(4096) }],
      cut.signal,
    );
    setTimeout(() => cut.abort(), 200);
    await expect(rendering).rejects.toMatchObject({ reason: 'aborted' });
  });
});
