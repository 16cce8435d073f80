import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import type { ClaimAttachment, ClaimFormContent, RenderedClaim } from './claim-pdf.js';

/** What the render thread is asked (claim-render.thread.ts). */
export interface RenderRequest {
  content: ClaimFormContent;
  attachments: Array<{ mimeType: string; bytes: Uint8Array }>;
}

/**
 * What it answers: the fax and the bytes of ArrayBuffers the thread holds after rendering it (garbage
 * included, until V8 next collects), or the error renderClaimPdf threw (its name and message).
 */
export type RenderReply = { ok: true; pdf: Uint8Array; pages: number; arrayBuffers: number } | { ok: false; name: string; message: string };

/**
 * Why a claim could not be rendered: an attachment that cannot go (`unreadable`, `too-large`) or too
 * many pages (`too-long`), all permanent; the render thread died or was stopped for memory or time
 * (`thread-failed`); the attempt was cut off while its claim waited or rendered (`aborted`). Messages
 * name attachments by position and type only.
 */
export class ClaimRenderError extends Error {
  override readonly name = 'ClaimRenderError';

  constructor(
    readonly reason: 'unreadable' | 'too-large' | 'too-long' | 'thread-failed' | 'aborted' | 'busy',
    message: string,
  ) {
    super(message);
  }
}

/** renderClaimPdf's refusals, by the name of the error the thread reports. */
const REFUSALS: Record<string, ClaimRenderError['reason']> = {
  ClaimAttachmentError: 'unreadable',
  ClaimAttachmentTooLargeError: 'too-large',
  ClaimTooLongError: 'too-long',
};

/** How often the watchdog reads the process's resident memory while a claim renders. */
const SAMPLE_MS = 10;

/**
 * V8 heap limits of the render thread. A render's own objects (pdfkit's pages, pdf-lib's parsed
 * objects) take tens of MiB of heap; its images and streams are ArrayBuffers, which these limits do
 * not bound: the watchdog does.
 */
const HEAP_LIMITS = { maxOldGenerationSizeMb: 192, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 };

const MIB = 2 ** 20;

/**
 * A thread left holding more ArrayBuffers than this after a render is retired (see renderNow). An idle
 * thread holds about 16 MiB (the two font files); a render's decoded images stay behind as garbage V8
 * does not collect until it must (200 MiB after a 12-megapixel RGBA PNG, still there renders later).
 */
const RETIRE_ABOVE_BUFFERS_MIB = 48;

/**
 * The thread's compiled entry: beside this module in dist/ (production, `npm start`). Run from the
 * TypeScript sources (jest, through SWC) there is no .js beside this module and a Worker cannot load
 * TypeScript, so the copy in dist/ is used: `npm test` builds it first. The literal `new URL('./….js',
 * import.meta.url)` is also what scripts/app-bundle.ts follows to put the entry in the image.
 */
function renderThreadEntry(): URL {
  const entry = new URL('./claim-render.thread.js', import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return entry;
  const root = new URL('../../../../../', import.meta.url); // the repository, from apps/coverage-claims/src/claims/delivery/
  const built = new URL(`dist/${entry.href.slice(root.href.length)}`, root);
  if (!existsSync(fileURLToPath(built))) throw new Error(`${fileURLToPath(built)} is missing: run npm run build`);
  return built;
}

/** A render waiting for its thread's answer. */
interface Pending {
  resolve(rendered: RenderedClaim): void;
  reject(error: Error): void;
}

/** One render thread: started when a claim is to be rendered, kept for the next until it fails or is stopped. */
class RenderThread {
  readonly worker: Worker;
  /** It died, or is being stopped: the next render needs a new thread. */
  dead = false;
  /** Bytes of ArrayBuffers the thread held after its last render. */
  buffersAfterRender = 0;
  private pending: Pending | undefined;

  constructor(entry: URL) {
    this.worker = new Worker(entry, { resourceLimits: HEAP_LIMITS });
    this.worker.unref();
    this.worker.on('message', (reply: RenderReply) => this.settle(reply));
    this.worker.on('error', (error: Error & { code?: string }) => {
      this.dead = true;
      this.fail(
        new ClaimRenderError(
          'thread-failed',
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `its render ran out of memory (a heap of ${HEAP_LIMITS.maxOldGenerationSizeMb} MiB)`
            : `its render crashed (${error.name})`,
        ),
      );
    });
    this.worker.on('exit', (code) => {
      this.dead = true;
      this.fail(new ClaimRenderError('thread-failed', `its render stopped unexpectedly (exit code ${code})`));
    });
  }

  render(request: RenderRequest, transfer: ArrayBuffer[]): Promise<RenderedClaim> {
    return new Promise<RenderedClaim>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.ref();
      this.worker.postMessage(request, transfer);
    });
  }

  /** Ends the thread once it has nothing to do (a new one renders the next claim). */
  retire(): void {
    this.dead = true;
    void this.worker.terminate();
  }

  /** Ends the thread; the render in flight fails with `why`. */
  stop(why: ClaimRenderError): void {
    this.dead = true;
    this.fail(why);
    void this.worker.terminate();
  }

  private settle(reply: RenderReply): void {
    const pending = this.take();
    if (!pending) return;
    if (reply.ok) {
      this.buffersAfterRender = reply.arrayBuffers;
      pending.resolve({ pdf: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength), pages: reply.pages });
      return;
    }
    const refusal = REFUSALS[reply.name];
    // Anything else is a bug or the unexpected: its message is not passed on (it could quote the claim).
    pending.reject(refusal ? new ClaimRenderError(refusal, reply.message) : new Error(`Rendering the claim threw ${reply.name}`));
  }

  private fail(error: Error): void {
    this.take()?.reject(error);
  }

  private take(): Pending | undefined {
    const pending = this.pending;
    this.pending = undefined;
    if (pending) this.worker.unref();
    return pending;
  }
}

/** Whose render it is: a delivery's (the fax to send) or a reader's (GET …/document). */
export type RenderLane = 'delivery' | 'reading';

/** Readers' renders that may wait at once per process; another reader is answered `busy` (503, Retry-After). */
export const MAX_WAITING_READS = 2;

interface RenderJob {
  run: () => Promise<RenderedClaim>;
  resolve: (rendered: RenderedClaim) => void;
  reject: (error: unknown) => void;
}

/**
 * Renders claims' faxes (renderClaimPdf) in a worker thread, one claim at a time per process, so that
 * an attachment that defeats the budgets of claim-attachments.ts fails its claim alone and the process
 * keeps serving (docs/decisions/claims.md, "Rendering"):
 *
 * - a **watchdog** reads the process's resident memory every 10 ms while a claim renders and stops the
 *   thread when it passes CLAIM_DELIVERY_RENDER_MAX_RSS_MB. The thread's `resourceLimits` bound only
 *   its V8 heap; decoded images and inflated PDF streams are ArrayBuffers outside it (a thread with a
 *   64 MB heap allocates gigabytes of them). The whole process is measured, as the container's limit
 *   counts it, including memory the allocator keeps after earlier renders;
 * - a render longer than CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS is stopped;
 * - renders queue: the limit leaves room for one render, and the image budgets are sized for one.
 *   Deliveries go first: a reader's render (GET …/document) waits for every delivery queued before
 *   it is taken, and at most MAX_WAITING_READS readers wait (another is told the renderer is busy),
 *   so no number of readers can hold a claim's fax past its attempt's deadline.
 *
 * The thread is kept between renders (the fonts are parsed once per thread; a new thread and its first
 * render take about 350 ms of CPU, a render in a warm one about 27 ms), and replaced after it died, was
 * stopped, or was left holding a heavy render's buffers.
 */
@Injectable()
export class ClaimRenderer implements OnApplicationShutdown {
  private readonly logger = new Logger('ClaimDelivery');
  private readonly entry = renderThreadEntry();
  private thread: RenderThread | undefined;
  /** Renders waiting their turn, per lane; one renders at a time, deliveries first. */
  private readonly lanes: Record<RenderLane, RenderJob[]> = { delivery: [], reading: [] };
  private draining = false;

  constructor(private readonly config: CoverageClaimsConfig) {}

  /**
   * The claim's fax, once the renders queued before it are done; rejects with ClaimRenderError (or
   * what `attachments` rejects with). The attachments are read when the claim's turn comes, so that a
   * queued claim holds none of its files while another renders under the watchdog, which counts the
   * whole process; their bytes are handed to the thread (their buffers are detached when they own them).
   * `lane`: a delivery's render, or a reader's (taken only when no delivery waits; rejected with
   * `busy` when MAX_WAITING_READS readers wait already).
   */
  render(
    claimId: number,
    content: ClaimFormContent,
    attachments: () => Promise<ClaimAttachment[]>,
    signal: AbortSignal,
    lane: RenderLane = 'delivery',
  ): Promise<RenderedClaim> {
    if (lane === 'reading' && this.lanes.reading.length >= MAX_WAITING_READS) {
      return Promise.reject(new ClaimRenderError('busy', `${MAX_WAITING_READS} readers' renders wait already`));
    }
    return new Promise<RenderedClaim>((resolve, reject) => {
      this.lanes[lane].push({ run: () => this.renderNow(claimId, content, attachments, signal), resolve, reject });
      void this.drain();
    });
  }

  /** Renders the waiting claims one at a time, deliveries first, until none waits. */
  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (let job = this.next(); job; job = this.next()) await job.run().then(job.resolve, job.reject);
    } finally {
      this.draining = false;
    }
  }

  private next(): RenderJob | undefined {
    return this.lanes.delivery.shift() ?? this.lanes.reading.shift();
  }

  onApplicationShutdown(): Promise<number> | undefined {
    return this.thread?.worker.terminate();
  }

  private async renderNow(
    claimId: number,
    content: ClaimFormContent,
    loadAttachments: () => Promise<ClaimAttachment[]>,
    signal: AbortSignal,
  ): Promise<RenderedClaim> {
    if (signal.aborted) throw new ClaimRenderError('aborted', 'The attempt was cut off before its claim was rendered');
    const attachments = await loadAttachments();
    const transfer: ArrayBuffer[] = [];
    const request: RenderRequest = {
      content,
      attachments: attachments.map(({ mimeType, bytes }) => {
        // A buffer of its own is handed over; a view into a larger one (a pooled slice) is copied first.
        const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
        transfer.push(owned.buffer as ArrayBuffer);
        return { mimeType, bytes: owned };
      }),
    };
    if (!this.thread || this.thread.dead) this.thread = new RenderThread(this.entry);
    const thread = this.thread;

    const maxRss = this.config.CLAIM_DELIVERY_RENDER_MAX_RSS_MB;
    const startRss = process.memoryUsage.rss();
    let peakRss = startRss;
    let stopped = false;
    const stop = (reason: 'memory' | 'time' | 'aborted', message: string) => {
      if (stopped) return;
      stopped = true;
      this.logger.warn(
        { claimId, reason, startRssMiB: Math.round(startRss / MIB), peakRssMiB: Math.round(peakRss / MIB) },
        'Claim render thread stopped',
      );
      thread.stop(new ClaimRenderError(reason === 'aborted' ? 'aborted' : 'thread-failed', message));
    };
    const watchdog = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      if (peakRss > maxRss * MIB)
        stop(
          'memory',
          `the process's memory passed ${maxRss} MiB (CLAIM_DELIVERY_RENDER_MAX_RSS_MB) while it rendered, and the render was stopped`,
        );
    }, SAMPLE_MS);
    const seconds = this.config.CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS;
    const timer = setTimeout(
      () => stop('time', `its render took longer than ${seconds} s (CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS) and was stopped`),
      seconds * 1000,
    );
    const onAbort = () => stop('aborted', 'The attempt was cut off while its claim was rendered');
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const rendered = await thread.render(request, transfer);
      // What a heavy render leaves is freed with its thread, rather than under the next claim's render.
      if (thread.buffersAfterRender > RETIRE_ABOVE_BUFFERS_MIB * MIB) thread.retire();
      return rendered;
    } finally {
      stopped = true;
      clearInterval(watchdog);
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }
}
