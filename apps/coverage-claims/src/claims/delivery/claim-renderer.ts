import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import type { ClaimAttachment, ClaimFormContent, RenderedClaim } from './claim-pdf.js';
import {
  CAN_MEASURE_RENDER_MEMORY,
  RenderProcess,
  RenderProcessExit,
  renderProcessEntry,
  type RenderRequest,
} from './claim-render-process.js';

/**
 * Why a claim could not be rendered: an attachment that cannot go (`unreadable`, `too-large`) or too
 * many pages (`too-long`), all permanent; the render process died, or was stopped for memory or time,
 * or did not start (`render-failed`); the attempt was cut off while its claim waited or rendered
 * (`aborted`); too many readers wait (`busy`). Messages name attachments by position and type only.
 */
export class ClaimRenderError extends Error {
  override readonly name = 'ClaimRenderError';

  constructor(
    readonly reason: 'unreadable' | 'too-large' | 'too-long' | 'render-failed' | 'aborted' | 'busy',
    message: string,
  ) {
    super(message);
  }
}

/** renderClaimPdf's refusals, by the name of the error the render process reports. */
const REFUSALS: Record<string, ClaimRenderError['reason']> = {
  ClaimAttachmentError: 'unreadable',
  ClaimAttachmentTooLargeError: 'too-large',
  ClaimTooLongError: 'too-long',
};

/** How often the watchdog reads the render process's resident memory while a claim renders. */
const SAMPLE_MS = 10;

/** How long a new render process may take to start and parse its fonts (about 0.3 s alone). */
const START_LIMIT_MS = 30_000;

const MIB = 2 ** 20;

/**
 * A process left holding more ArrayBuffers than this after a render is retired (see renderNow). An idle
 * one holds about 16 MiB (the two font files); a render's decoded images stay behind as garbage V8
 * does not collect until it must (200 MiB after a 12-megapixel RGBA PNG, still there renders later).
 */
const RETIRE_ABOVE_BUFFERS_MIB = 48;

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
 * Renders claims' faxes (renderClaimPdf) in a child process, one claim at a time per service process,
 * so that an attachment that defeats the budgets of claim-attachments.ts fails its claim alone and the
 * service keeps serving (docs/decisions/claims.md, "Rendering"):
 *
 * - a **watchdog** reads the render process's resident memory (/proc/<pid>/status) every 10 ms while a
 *   claim renders and kills it when it passes CLAIM_DELIVERY_RENDER_MAX_RSS_MB. The limit is on the
 *   render, not on the service: a service holding memory from its other requests never refuses a
 *   small fax. V8's heap limit in the child bounds only its objects; decoded images and inflated PDF
 *   streams are ArrayBuffers outside it;
 * - a render longer than CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS is stopped; the clock starts when a
 *   ready process is handed the claim, so a new process's start on a loaded machine does not count;
 * - renders queue: the image budgets are sized for one render at a time. Deliveries go first: a
 *   reader's render (GET …/document) waits for every delivery queued before it is taken, and at most
 *   MAX_WAITING_READS readers wait (another is told the renderer is busy), so no number of readers can
 *   hold a claim's fax past its attempt's deadline.
 *
 * The process is kept between renders (the fonts are parsed once per process; a new one takes about
 * 0.3 s to start, a render in a warm one tens of ms), and replaced after it died, was stopped, or was
 * left holding a heavy render's buffers. It is killed when the application shuts down.
 */
@Injectable()
export class ClaimRenderer implements OnApplicationShutdown {
  private readonly logger = new Logger('ClaimDelivery');
  private readonly entry = renderProcessEntry();
  private process: RenderProcess | undefined;
  /** Renders waiting their turn, per lane; one renders at a time, deliveries first. */
  private readonly lanes: Record<RenderLane, RenderJob[]> = { delivery: [], reading: [] };
  private draining = false;
  private closed = false;

  constructor(private readonly config: CoverageClaimsConfig) {
    if (!CAN_MEASURE_RENDER_MEMORY) {
      this.logger.warn('No /proc here: a claim render is limited by its heap and its time, not by CLAIM_DELIVERY_RENDER_MAX_RSS_MB');
    }
  }

  /**
   * The claim's fax, once the renders queued before it are done; rejects with ClaimRenderError (or
   * what `attachments` rejects with). The attachments are read when the claim's turn comes, so that a
   * queued claim holds none of its files while another renders; their bytes are copied to the render
   * process. `lane`: a delivery's render, or a reader's (taken only when no delivery waits; rejected
   * with `busy` when MAX_WAITING_READS readers wait already).
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

  /** Kills the render process (a render in flight fails `aborted`); no new one starts after. */
  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.process?.stop(new ClaimRenderError('aborted', 'The service stopped while its claim was rendered'));
  }

  private async renderNow(
    claimId: number,
    content: ClaimFormContent,
    loadAttachments: () => Promise<ClaimAttachment[]>,
    signal: AbortSignal,
  ): Promise<RenderedClaim> {
    if (signal.aborted || this.closed) throw new ClaimRenderError('aborted', 'The attempt was cut off before its claim was rendered');
    const child = await this.readyProcess(signal);
    const attachments = await loadAttachments();
    // An abort while the child started or the attachments loaded has fired already: its listener below would never run.
    if (signal.aborted || this.closed) throw new ClaimRenderError('aborted', 'The attempt was cut off before its claim was rendered');
    const request: RenderRequest = { content, attachments: attachments.map(({ mimeType, bytes }) => ({ mimeType, bytes })) };

    const maxRss = this.config.CLAIM_DELIVERY_RENDER_MAX_RSS_MB;
    const startRss = child.residentBytes() ?? 0;
    let peakRss = startRss;
    let stopped = false;
    const stop = (reason: 'memory' | 'time' | 'aborted', message: string) => {
      if (stopped) return;
      stopped = true;
      this.logger.warn(
        {
          claimId,
          reason,
          startRssMiB: Math.round(startRss / MIB),
          peakRssMiB: Math.round(peakRss / MIB),
          serviceRssMiB: Math.round(process.memoryUsage.rss() / MIB),
        },
        'Claim render process stopped',
      );
      void child.stop(new ClaimRenderError(reason === 'aborted' ? 'aborted' : 'render-failed', message));
    };
    const watchdog = setInterval(() => {
      peakRss = Math.max(peakRss, child.residentBytes() ?? 0);
      if (peakRss > maxRss * MIB)
        stop('memory', `its render passed ${maxRss} MiB of memory (CLAIM_DELIVERY_RENDER_MAX_RSS_MB) and was stopped`);
    }, SAMPLE_MS);
    const seconds = this.config.CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS;
    const timer = setTimeout(
      () => stop('time', `its render took longer than ${seconds} s (CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS) and was stopped`),
      seconds * 1000,
    );
    const onAbort = () => stop('aborted', 'The attempt was cut off while its claim was rendered');
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const rendered = await child.render(request).catch((error: unknown) => {
        throw renderFailure(error);
      });
      // What a heavy render leaves is freed with its process, rather than counted in the next claim's render.
      if (child.buffersAfterRender > RETIRE_ABOVE_BUFFERS_MIB * MIB) void child.retire();
      return rendered;
    } finally {
      stopped = true;
      clearInterval(watchdog);
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** The render process, started if there is none, once it is ready; its start is not the render's time. */
  private async readyProcess(signal: AbortSignal): Promise<RenderProcess> {
    if (!this.process || this.process.dead) this.process = new RenderProcess(this.entry);
    const child = this.process;
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    try {
      await Promise.race([
        child.ready,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            const why = new ClaimRenderError('render-failed', `its render process did not start within ${START_LIMIT_MS / 1000} s`);
            void child.stop(why);
            reject(why);
          }, START_LIMIT_MS);
          // Left starting: the next claim renders in it.
          onAbort = () => reject(new ClaimRenderError('aborted', 'The attempt was cut off before its claim was rendered'));
          signal.addEventListener('abort', onAbort, { once: true });
        }),
      ]);
    } catch (error) {
      throw renderFailure(error);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
    return child;
  }
}

/** What a render's rejection means for its claim. */
function renderFailure(error: unknown): Error {
  if (error instanceof ClaimRenderError) return error;
  if (error instanceof RenderProcessExit) return new ClaimRenderError('render-failed', error.message);
  const name = error instanceof Error ? error.name : 'a non-error';
  const refusal = REFUSALS[name];
  // Anything else is a bug or the unexpected: its message is not passed on (it could quote the claim).
  return refusal && error instanceof Error ? new ClaimRenderError(refusal, error.message) : new Error(`Rendering the claim threw ${name}`);
}
