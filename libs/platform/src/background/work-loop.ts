import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from '@nestjs/common';
import type { BackgroundMetrics } from './background-metrics.js';
import { endsWithin } from './ends-within.js';
import { messageOf } from '../logging/message-of.js';

/** Queued work: rows of its owner's outbox, taken due under a lease and handled one by one. */
export interface QueuedWorkOptions<T> {
  /** Names the work in logs and metrics (`storage-deletions`). */
  name: string;
  /** Items handled at once in this process. */
  slots: number;
  /** How often to look for due items besides `wake` (items queued on other replicas, retries coming due). */
  pollMs: number;
  /**
   * Takes up to `free` due items, each for this worker alone: the owner's claim, FOR UPDATE SKIP LOCKED
   * under a lease (a worker that dies leaves its items due again when the lease runs out).
   */
  take(free: number): Promise<readonly T[]>;
  /**
   * Handles one taken item and records its outcome (done, or due again by the work's retry schedule).
   * `signal` aborts when the process stops before the item is done. May answer in how many ms to look
   * again (the item comes due then).
   */
  handle(item: T, signal: AbortSignal): Promise<number | void>;
  /**
   * Gives back, uncounted and due at once, an item whose take ended after the stop began (another
   * replica takes it). Without it such an item is left to its lease.
   */
  release?(item: T): Promise<unknown>;
  /**
   * Whether every item's end looks for due items at once (default). When false, an end does only
   * when the loop was waiting for a free slot or `handle` answered 0: a take costs the owner's claim
   * (webhooks render and plan in it), so work that ends often takes at its poll instead.
   */
  takeAfterEachItem?: boolean;
  /** How long the stop waits for items in flight before aborting them (default: until they end). */
  stopWaitMs?: number;
  /** What to log of an item whose outcome could not be recorded. */
  describe?(item: T): Record<string, unknown>;
  /** The message logged for such an item (default: a generic one). */
  unrecorded?: string;
  /** Where the machine's lines about this work are logged (default: `BackgroundWork`). */
  logger?: Logger;
}

/** A handle on running queued work. */
export interface QueuedWork {
  /** Looks for due items now (one was queued in this process). */
  wake(): void;
}

/**
 * The loop behind queued work: keeps up to `slots` items in flight, taking due ones when a slot
 * frees, on `wake`, and every `pollMs`; stops taking once `serving()` answers false (SIGTERM) and on
 * `stop`, which waits for the items in flight (up to `stopWaitMs`, then aborts them and waits).
 */
export class WorkLoop<T> implements QueuedWork {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly logger: Logger;
  private readonly abort = new AbortController();
  // Takes run outside the context of the request that woke the loop: their logs carry no request id.
  private readonly outsideRequests = AsyncLocalStorage.snapshot();
  private timer: NodeJS.Timeout | undefined;
  private taking: Promise<void> | undefined;
  private takeAgain = false;
  /** The last take stopped for want of a free slot: the next end takes again. */
  private waitingForSlot = false;
  private stopped = false;

  constructor(
    private readonly options: QueuedWorkOptions<T>,
    private readonly serving: () => boolean,
    machineLogger: Logger,
    private readonly metrics: BackgroundMetrics,
  ) {
    this.logger = options.logger ?? machineLogger;
    this.schedule(0);
  }

  wake(): void {
    if (this.stopped) return;
    // During a take (a take may wake it itself: it found work, there may be more): once it ends. Not
    // through a timer, which the take's end would replace by the poll's.
    if (this.taking) this.takeAgain = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    await this.taking;
    if (this.inFlight.size === 0) return;
    const waitMs = this.options.stopWaitMs;
    if (waitMs !== undefined) {
      if (await endsWithin(Promise.allSettled([...this.inFlight]), waitMs)) return;
      this.logger.warn({ work: this.options.name, inFlight: this.inFlight.size }, 'Work still in flight at shutdown is cut off');
      this.abort.abort();
    }
    await Promise.allSettled([...this.inFlight]);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.outsideRequests(() => void this.takeDue()), delayMs);
    // Background work never holds the process up.
    this.timer.unref();
  }

  private takeDue(): Promise<void> {
    if (this.taking) {
      this.takeAgain = true;
      return this.taking;
    }
    this.taking = this.fillSlots().finally(() => {
      this.taking = undefined;
      if (this.stopped) return;
      const again = this.takeAgain;
      this.takeAgain = false;
      this.schedule(again ? 0 : this.options.pollMs);
    });
    return this.taking;
  }

  /** Fills the free slots with due items, for as long as there are some. */
  private async fillSlots(): Promise<void> {
    try {
      while (!this.stopped && this.serving()) {
        const free = this.options.slots - this.inFlight.size;
        this.waitingForSlot = free <= 0;
        if (free <= 0) return;
        const taken = await this.options.take(free);
        for (const item of taken) this.start(item);
        if (taken.length < free) return;
      }
    } catch (error) {
      this.logger.warn({ work: this.options.name, error: messageOf(error) }, 'Taking due work failed');
    }
  }

  private start(item: T): void {
    if (this.stopped) {
      const { release } = this.options;
      if (release)
        this.track(
          release(item).then(() => undefined),
          item,
        );
      return;
    }
    const work = this.options.name;
    const endTimer = this.metrics.duration.startTimer({ work });
    this.metrics.inFlight.inc({ work });
    const handled = this.options
      .handle(item, this.abort.signal)
      .then((dueAgainInMs) => {
        this.metrics.runs.inc({ work, outcome: 'done' });
        // Look again when the item comes due, not only at the next poll.
        if (typeof dueAgainInMs === 'number') setTimeout(() => this.wake(), dueAgainInMs).unref();
      })
      .finally(() => {
        endTimer();
        this.metrics.inFlight.dec({ work });
      });
    this.track(handled, item);
  }

  /** Counts `handling` in flight until it ends; a failure means its outcome went unrecorded. */
  private track(handling: Promise<void>, item: T): void {
    const work = this.options.name;
    const tracked: Promise<void> = handling
      .catch((error: unknown) => {
        // The outcome could not be recorded (database unreachable): the lease brings the item back.
        this.metrics.runs.inc({ work, outcome: 'failed' });
        this.logger.error(
          { work, ...this.options.describe?.(item), error: messageOf(error) },
          this.options.unrecorded ?? 'Background work ended without a recorded outcome',
        );
      })
      .finally(() => {
        this.inFlight.delete(tracked);
        if (this.options.takeAfterEachItem !== false || this.waitingForSlot) this.wake();
      });
    this.inFlight.add(tracked);
  }
}
