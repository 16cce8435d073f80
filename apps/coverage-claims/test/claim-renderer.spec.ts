import { CoverageClaimsConfig } from '../src/config/coverage-claims.config.js';
import { ClaimRenderError, ClaimRenderer, MAX_WAITING_READS } from '../src/claims/delivery/claim-renderer.js';
import { fixture, minimalClaimForm } from './support/claim-delivery.js';
import { pdfWithInflatingPage } from './support/hostile-evidence.js';

// The render thread's time limit and its replacement after a stop, on the renderer alone (the memory
// watchdog through HTTP: claim-render-limits.spec.ts).

const content = minimalClaimForm(9);

describe('ClaimRenderer', () => {
  const config = Object.assign(new CoverageClaimsConfig(), {
    // Out of the way here: this test is about the time limit, whatever three seconds of inflating take.
    CLAIM_DELIVERY_RENDER_MAX_RSS_MB: 65_536,
    // The next claim has the same limit for a new thread's start and its render: 1 s was passed at
    // times by a loaded suite (two test files at once on two cores), 3 s leaves it room.
    CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS: 3,
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
