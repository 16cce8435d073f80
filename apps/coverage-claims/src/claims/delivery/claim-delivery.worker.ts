import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { BackgroundWork, type QueuedWork } from '#platform';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import { ClaimDeliveryRepository, type TakenDelivery } from './claim-delivery.repository.js';
import { ClaimDeliveryService, leaseSecondsOf } from './claim-delivery.service.js';

/**
 * The claim fax outbox as queued work on the background machine: up to CLAIM_DELIVERY_WORKERS takes
 * in flight in this process, taking due claims when a slot is free, when a claim is filed here
 * (`wake`), when a fax handed to the gateway here is due for its result check, and every
 * CLAIM_DELIVERY_POLL_MS (claims filed on other replicas, retries and result checks coming due).
 * Replicas share the outbox: a claim is taken by one worker at a time (claim-delivery.repository.ts).
 * A take renders a claim and hands its fax to the gateway, or checks the result of one handed over
 * before (claim-delivery.service.ts); it never waits for a line.
 *
 * It stops taking claims at SIGTERM and, when the application closes, waits up to
 * CLAIM_DELIVERY_SHUTDOWN_WAIT_MS for takes in flight, then cuts them off; an attempt that had handed
 * nothing to the gateway is released uncounted, due at once for another replica, and one that had goes
 * on at the gateway, its result checked by the next take. A process that dies instead leaves its claims
 * leased: they come due again when the lease (CLAIM_DELIVERY_TIMEOUT_SECONDS + 60 s) runs out, and a
 * claim whose last attempt died before its hand-over is not taken again but ends FAILED (a claim that
 * kills its process would otherwise kill every replica in turn).
 */
@Injectable()
export class ClaimDeliveryWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger('ClaimDelivery');
  private work: QueuedWork | undefined;

  constructor(
    private readonly deliveries: ClaimDeliveryRepository,
    private readonly delivery: ClaimDeliveryService,
    private readonly config: CoverageClaimsConfig,
    private readonly background: BackgroundWork,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.CLAIM_DELIVERY_ENABLED) return;
    this.work = this.background.queue<TakenDelivery>({
      name: 'claim-delivery',
      slots: this.config.CLAIM_DELIVERY_WORKERS,
      pollMs: this.config.CLAIM_DELIVERY_POLL_MS,
      stopWaitMs: this.config.CLAIM_DELIVERY_SHUTDOWN_WAIT_MS,
      logger: this.logger,
      take: (free) => this.take(free),
      handle: (taken, shutdown) => this.delivery.deliver(taken, shutdown),
      release: (taken) => this.deliveries.release(taken),
      describe: (taken) => ({ claimId: taken.claimId, attempt: taken.attempt }),
      unrecorded: 'Claim delivery attempt ended without a recorded outcome',
    });
  }

  /** Looks for due claims now (a claim was filed in this process). */
  wake(): void {
    this.work?.wake();
  }

  /** Due claims for the free slots; a claim whose last attempt never finished ends FAILED instead. */
  private async take(free: number): Promise<TakenDelivery[]> {
    const { taken, abandoned } = await this.deliveries.take(free, leaseSecondsOf(this.config), this.config.CLAIM_DELIVERY_MAX_ATTEMPTS);
    for (const { claimId, attempt } of abandoned)
      this.logger.warn({ claimId, attempt, kind: 'UNFINISHED' }, 'Claim fax FAILED: its last attempt never finished');
    // The abandoned filled no slot: look again at once for claims to fill them.
    if (abandoned.length > 0) this.wake();
    return taken;
  }
}
