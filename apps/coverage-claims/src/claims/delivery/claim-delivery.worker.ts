import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ShutdownState } from '#platform';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import { ClaimDeliveryRepository, type TakenDelivery } from './claim-delivery.repository.js';
import { ClaimDeliveryService, leaseSecondsOf } from './claim-delivery.service.js';

/**
 * The outbox worker: keeps up to CLAIM_DELIVERY_WORKERS takes in flight in this process, taking due
 * claims when a slot is free, when a claim is filed here (`wake`), when a fax handed to the gateway
 * here is due for its result check, and every CLAIM_DELIVERY_POLL_MS (claims filed on other replicas,
 * retries and result checks coming due). Replicas share the outbox: a claim is taken by one worker at
 * a time (claim-delivery.repository.ts). A take renders a claim and hands its fax to the gateway, or
 * checks the result of one handed over before (claim-delivery.service.ts); it never waits for a line.
 *
 * It stops taking claims at SIGTERM (ShutdownState) and, when the application closes, waits up to
 * CLAIM_DELIVERY_SHUTDOWN_WAIT_MS for takes in flight, then cuts them off; an attempt that had handed
 * nothing to the gateway is released uncounted, due at once for another replica, and one that had goes
 * on at the gateway, its result checked by the next take. A process that dies instead leaves its claims
 * leased: they come due again when the lease (CLAIM_DELIVERY_TIMEOUT_SECONDS + 60 s) runs out, and a
 * claim whose last attempt died before its hand-over is not taken again but ends FAILED (a claim that
 * kills its process would otherwise kill every replica in turn).
 */
@Injectable()
export class ClaimDeliveryWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ClaimDelivery');
  private readonly inFlight = new Set<Promise<void>>();
  private readonly shutdown = new AbortController();
  // Polls run outside the context of the request whose claim woke the worker, so that their logs
  // carry no request id of a request that has long been answered.
  private readonly outsideRequests = AsyncLocalStorage.snapshot();
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private pollAgain = false;
  private stopped = true;

  constructor(
    private readonly deliveries: ClaimDeliveryRepository,
    private readonly delivery: ClaimDeliveryService,
    private readonly config: CoverageClaimsConfig,
    private readonly shutdownState: ShutdownState,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.CLAIM_DELIVERY_ENABLED) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for due claims now (a claim was filed in this process). */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.allSettled([...this.inFlight]).then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.config.CLAIM_DELIVERY_SHUTDOWN_WAIT_MS))),
    ]);
    clearTimeout(timer);
    if (finished) return;
    this.logger.warn({ inFlight: this.inFlight.size }, 'Claim deliveries still in flight at shutdown are cut off');
    this.shutdown.abort();
    await Promise.allSettled([...this.inFlight]);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.outsideRequests(() => void this.poll()), delayMs);
    this.timer.unref();
  }

  private poll(): Promise<void> {
    if (this.polling) {
      this.pollAgain = true;
      return this.polling;
    }
    this.polling = this.takeDue().finally(() => {
      this.polling = undefined;
      if (this.stopped) return;
      const again = this.pollAgain;
      this.pollAgain = false;
      this.schedule(again ? 0 : this.config.CLAIM_DELIVERY_POLL_MS);
    });
    return this.polling;
  }

  /** Fills the free slots with due claims, for as long as there are some. */
  private async takeDue(): Promise<void> {
    const leaseSeconds = leaseSecondsOf(this.config);
    try {
      while (!this.stopped && this.shutdownState.phase === 'serving') {
        const free = this.config.CLAIM_DELIVERY_WORKERS - this.inFlight.size;
        if (free <= 0) return;
        const maxAttempts = this.config.CLAIM_DELIVERY_MAX_ATTEMPTS;
        const { taken, abandoned } = await this.deliveries.take(free, leaseSeconds, maxAttempts);
        for (const { claimId, attempt } of abandoned)
          this.logger.warn({ claimId, attempt, kind: 'UNFINISHED' }, 'Claim fax FAILED: its last attempt never finished');
        for (const delivery of taken) this.start(delivery);
        if (taken.length + abandoned.length < free) return;
      }
    } catch (error) {
      this.logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'Taking due claim deliveries failed');
    }
  }

  private start(taken: TakenDelivery): void {
    const attempt: Promise<void> = (
      this.stopped ? this.deliveries.release(taken).then(() => undefined) : this.delivery.deliver(taken, this.shutdown.signal)
    )
      .then((dueAgainInMs) => {
        // A fax handed to the gateway: look again when its result check is due, not only at the next poll.
        if (typeof dueAgainInMs === 'number') setTimeout(() => this.wake(), dueAgainInMs).unref();
      })
      .catch((error: unknown) => {
        // The outcome could not be recorded (database unreachable): the lease brings the claim back.
        this.logger.error(
          { claimId: taken.claimId, attempt: taken.attempt, error: error instanceof Error ? error.message : String(error) },
          'Claim delivery attempt ended without a recorded outcome',
        );
      })
      .finally(() => {
        this.inFlight.delete(attempt);
        this.wake();
      });
    this.inFlight.add(attempt);
  }
}
