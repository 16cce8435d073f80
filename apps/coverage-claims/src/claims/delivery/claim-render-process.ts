import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ClaimAttachment, ClaimFormContent, RenderedClaim } from './claim-pdf.js';

/** What the render process is asked (claim-render.child.ts). */
export interface RenderRequest {
  content: ClaimFormContent;
  attachments: Array<Pick<ClaimAttachment, 'mimeType'> & { bytes: Uint8Array }>;
}

/**
 * What it says: that it is ready (its fonts parsed); then, per request, the fax and the bytes of
 * ArrayBuffers the process holds after rendering it (garbage included, until V8 next collects), or the
 * error renderClaimPdf threw (its name and message).
 */
export type RenderChildMessage =
  { ready: true } | { ok: true; pdf: Uint8Array; pages: number; arrayBuffers: number } | { ok: false; name: string; message: string };

/**
 * V8's heap limit in the render process. A render's own objects (pdfkit's pages, pdf-lib's parsed
 * objects) take tens of MiB of heap; its images and streams are ArrayBuffers, which this does not
 * bound: the process's resident memory is watched for them (ClaimRenderer).
 */
export const RENDER_HEAP_MIB = 192;

/** Why the render process ended before it answered, in words for the claim's status (no client data). */
export class RenderProcessExit extends Error {
  override readonly name = 'RenderProcessExit';
}

/**
 * The process's compiled entry: beside this module in dist/ (production, `npm start`). Run from the
 * TypeScript sources (jest, through SWC) there is no .js beside this module and node cannot fork
 * TypeScript, so the copy in dist/ is used: `npm test` builds it first. The literal `new URL('./….js',
 * import.meta.url)` is also what scripts/app-bundle.ts follows to put the entry in the image.
 */
export function renderProcessEntry(): string {
  const entry = new URL('./claim-render.child.js', import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return fileURLToPath(entry);
  const root = new URL('../../../../../', import.meta.url); // the repository, from apps/coverage-claims/src/claims/delivery/
  const built = fileURLToPath(new URL(`dist/${entry.href.slice(root.href.length)}`, root));
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build`);
  return built;
}

/** Whether a process's resident memory can be read (/proc, Linux: the image and CI). */
export const CAN_MEASURE_RENDER_MEMORY = existsSync('/proc/self/status');

/**
 * The child's environment: what a render reads (the time zone, the locale) and the libraries preloaded
 * into the service (libfaketime when CI moves the clock: docs/operations/runtime.md), none of the
 * service's secrets.
 */
function renderEnvironment(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name, value]) => value !== undefined && /^(TZ|LANG|LC_ALL|NODE_ENV|LD_PRELOAD|FAKETIME\w*)$/.test(name),
    ),
  );
}

/** A render waiting for its process's answer. */
interface Pending {
  resolve(rendered: RenderedClaim): void;
  reject(error: Error): void;
}

/**
 * One render process (node:child_process fork of claim-render.child.js): started when a claim is to
 * be rendered, kept for the next until it fails, is stopped or is retired. It leaves with the service:
 * killed on shutdown, and it exits by itself when its IPC channel closes (the service died).
 */
export class RenderProcess {
  private readonly child: ChildProcess;
  /** Settles once the child has parsed its fonts; rejects when it ends first. */
  readonly ready: Promise<void>;
  private readonly exited: Promise<void>;
  /** It ended, or is being stopped: the next render needs a new process. */
  dead = false;
  /** Bytes of ArrayBuffers the process held after its last render. */
  buffersAfterRender = 0;
  private pending: Pending | undefined;

  constructor(entry: string) {
    this.child = fork(entry, [], {
      execArgv: [`--max-old-space-size=${RENDER_HEAP_MIB}`],
      env: renderEnvironment(),
      serialization: 'advanced',
      // Its output is the service's (V8's fatal errors); a pipe would hold the event loop open.
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.exited = new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      // A process that never started has no exit to wait for.
      this.child.once('error', () => this.child.pid === undefined && resolve());
    });
    let markReady: () => void = () => undefined;
    let failStart: (error: Error) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failStart = reject;
    });
    // Nobody may be waiting for it (the render was aborted meanwhile): not an unhandled rejection.
    this.ready.catch(() => undefined);
    this.child.on('message', (message: RenderChildMessage) => {
      if ('ready' in message) {
        markReady();
        if (!this.pending) this.idle();
      } else this.settle(message);
    });
    this.child.on('error', (error) => {
      // Could not be started, or signalled: 'exit' follows when it ran.
      this.dead = true;
      failStart(new RenderProcessExit(`its render process failed (${error.name})`));
      this.fail(new RenderProcessExit(`its render process failed (${error.name})`));
    });
    this.child.on('exit', (code, signal) => {
      this.dead = true;
      const why = new RenderProcessExit(this.exitReason(code, signal));
      failStart(why);
      this.fail(why);
    });
    // Starting, it holds the event loop open like a render does.
    this.busy();
  }

  /** Its resident memory in bytes (/proc/<pid>/status, VmRSS), or undefined when it cannot be read. */
  residentBytes(): number | undefined {
    try {
      const status = readFileSync(`/proc/${this.child.pid}/status`, 'latin1');
      const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
      return kib === undefined ? undefined : Number(kib) * 1024;
    } catch {
      return undefined;
    }
  }

  render(request: RenderRequest): Promise<RenderedClaim> {
    return new Promise<RenderedClaim>((resolve, reject) => {
      if (this.dead) {
        reject(new RenderProcessExit('its render process had ended'));
        return;
      }
      this.pending = { resolve, reject };
      this.busy();
      this.child.send(request);
    });
  }

  /** Ends the process once it has nothing to do (a new one renders the next claim). */
  retire(): Promise<void> {
    this.dead = true;
    return this.kill();
  }

  /** Kills the process at once; the render in flight fails with `why`. Resolves when it has exited. */
  stop(why: Error): Promise<void> {
    this.dead = true;
    this.fail(why);
    return this.kill();
  }

  /** SIGKILL: nothing in it needs a clean stop. Whoever waits for its exit is kept waiting until it comes. */
  private kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.ref();
      this.child.kill('SIGKILL');
    }
    return this.exited;
  }

  private exitReason(code: number | null, signal: NodeJS.Signals | null): string {
    // V8 aborts a process whose heap is full.
    if (signal === 'SIGABRT') return `its render ran out of memory (a heap of ${RENDER_HEAP_MIB} MiB)`;
    if (signal) return `its render process was ended (${signal})`;
    return `its render stopped unexpectedly (exit code ${code})`;
  }

  private settle(reply: Exclude<RenderChildMessage, { ready: true }>): void {
    const pending = this.take();
    if (!pending) return;
    if (reply.ok) {
      this.buffersAfterRender = reply.arrayBuffers;
      pending.resolve({ pdf: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength), pages: reply.pages });
      return;
    }
    pending.reject(Object.assign(new Error(reply.message), { name: reply.name }));
  }

  private fail(error: Error): void {
    this.take()?.reject(error);
  }

  private take(): Pending | undefined {
    const pending = this.pending;
    this.pending = undefined;
    if (pending) this.idle();
    return pending;
  }

  /** While it renders, the child keeps the service's event loop alive; idle, it does not. */
  private busy(): void {
    this.child.ref();
    this.child.channel?.ref();
  }

  private idle(): void {
    this.child.unref();
    this.child.channel?.unref();
  }
}
