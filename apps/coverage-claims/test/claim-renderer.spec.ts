import { readFileSync } from 'node:fs';
import { CoverageClaimsConfig } from '../src/config/coverage-claims.config.js';
import { ClaimRenderError, ClaimRenderer, MAX_WAITING_READS } from '../src/claims/delivery/claim-renderer.js';
import { fixture, minimalClaimForm } from './support/claim-delivery.js';
import { pdfWithInflatingPage, transparentPng } from './support/hostile-evidence.js';

// The render process's limits and its replacement after a stop, on the renderer alone (the memory
// watchdog through HTTP: claim-render-limits.spec.ts).

const content = minimalClaimForm(9);
const MIB = 2 ** 20;

/** The pids of this process's children (Linux: the render processes a renderer started). */
const childPids = () => readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'latin1').split(' ').filter(Boolean).map(Number);

describe('ClaimRenderer', () => {
  const config = Object.assign(new CoverageClaimsConfig(), {
    // Out of the way here: this test is about the time limit, whatever three seconds of inflating take.
    CLAIM_DELIVERY_RENDER_MAX_RSS_MB: 65_536,
    // The clock starts once a process is ready, so a new one's start on a loaded machine does not count.
    CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS: 3,
  });
  const renderer = new ClaimRenderer(config);
  afterAll(() => renderer.onApplicationShutdown());

  it('stops a render longer than CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS, and renders the next claim in a new process', async () => {
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
      reason: 'render-failed',
      message: 'its render took longer than 3 s (CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS) and was stopped',
    });
    expect(Date.now() - started).toBeLessThan(9_000);
    expect((await next).pages).toBe(4);
  });

  it('renders deliveries before the readers waiting, and tells a reader beyond MAX_WAITING_READS the renderer is busy', async () => {
    const done: string[] = [];
    const diagnosis = async () => [{ mimeType: 'application/pdf', bytes: await fixture('claim-diagnosis.pdf') }];
    const render = (name: string, lane: 'delivery' | 'reading') =>
      renderer.render(20, content, diagnosis, new AbortController().signal, lane).then((rendered) => {
        done.push(name);
        return rendered;
      });
    // one renders; two readers wait; a delivery queued after them goes before them
    const first = render('first delivery', 'delivery');
    const readers = Array.from({ length: MAX_WAITING_READS }, (_, index) => render(`reader ${index + 1}`, 'reading'));
    const delivery = render('second delivery', 'delivery');
    await expect(renderer.render(21, content, diagnosis, new AbortController().signal, 'reading')).rejects.toMatchObject({
      reason: 'busy',
    });
    await Promise.all([first, delivery, ...readers]);
    expect(done).toEqual(['first delivery', 'second delivery', 'reader 1', 'reader 2']);
    // once they are done, a reader is taken again
    expect((await render('reader 3', 'reading')).pages).toBe(4);
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

describe('ClaimRenderer in a service process that holds memory from its other work', () => {
  // The defaults: CLAIM_DELIVERY_RENDER_MAX_RSS_MB is the render process's own limit.
  const config = new CoverageClaimsConfig();
  const limit = config.CLAIM_DELIVERY_RENDER_MAX_RSS_MB * MIB;
  const renderer = new ClaimRenderer(config);
  /** What a busy service holds (written to, so resident): a few hundred MiB, and the process past the render limit. */
  const held: Buffer[] = [];
  beforeAll(() => {
    while (held.length < 16 || process.memoryUsage.rss() < limit + 128 * MIB) held.push(Buffer.alloc(16 * MIB, 1));
  });
  afterAll(async () => {
    held.length = 0;
    await renderer.onApplicationShutdown();
  });

  it('renders a one-page claim with a 1-pixel image while the process is past CLAIM_DELIVERY_RENDER_MAX_RSS_MB', async () => {
    expect(process.memoryUsage.rss()).toBeGreaterThan(limit + 128 * MIB);
    const pixel = await transparentPng(1, 1);
    const rendered = await renderer.render(
      30,
      content,
      async () => [{ mimeType: 'image/png', bytes: pixel }],
      new AbortController().signal,
    );
    expect(rendered.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(rendered.pages).toBe((await renderer.render(31, content, async () => [], new AbortController().signal)).pages + 1);
  });

  it('stops a render that passes CLAIM_DELIVERY_RENDER_MAX_RSS_MB itself (a PDF inflating to 2 GiB), its memory not the service’s, and renders the next claim', async () => {
    const startRss = process.memoryUsage.rss();
    let peakRss = startRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 5);
    const error = await renderer
      .render(32, content, async () => [{ mimeType: 'application/pdf', bytes: pdfWithInflatingPage(2048) }], new AbortController().signal)
      .catch((caught: unknown) => caught);
    clearInterval(sampler);
    expect(error).toBeInstanceOf(ClaimRenderError);
    expect(error).toMatchObject({
      reason: 'render-failed',
      message: `its render passed ${config.CLAIM_DELIVERY_RENDER_MAX_RSS_MB} MiB of memory (CLAIM_DELIVERY_RENDER_MAX_RSS_MB) and was stopped`,
    });
    // The inflating happened in the render process: the service's own memory hardly moved.
    expect(peakRss - startRss).toBeLessThan(64 * MIB);
    const next = await renderer.render(
      33,
      content,
      async () => [{ mimeType: 'application/pdf', bytes: await fixture('claim-diagnosis.pdf') }],
      new AbortController().signal,
    );
    expect(next.pages).toBe(4);
  });

  it('leaves no render process behind once the service shuts down', async () => {
    await renderer.render(34, content, async () => [], new AbortController().signal);
    // the one it renders in (the other describe's renderer has shut down)
    expect(childPids()).toHaveLength(1);
    await renderer.onApplicationShutdown();
    expect(childPids()).toEqual([]);
    await expect(renderer.render(35, content, async () => [], new AbortController().signal)).rejects.toMatchObject({ reason: 'aborted' });
  });
});
