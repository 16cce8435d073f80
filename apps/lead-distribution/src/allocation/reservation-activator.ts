import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { AllocationService } from './allocation.service.js';

const BATCH = 20;

/**
 * Starts reserved orders when their time comes, without anyone calling anything: every
 * RESERVATION_POLL_SECONDS it lets each due order take the leads waiting in the pool. Replicas can
 * all run it; SKIP LOCKED gives each due order to one of them.
 */
@Injectable()
export class ReservationActivator implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ReservationActivator.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly allocation: AllocationService,
    private readonly config: LeadDistributionConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.activateDue()
        .then(() => undefined)
        .catch((error: unknown) =>
          this.logger.error({ error: error instanceof Error ? error.message : String(error) }, 'Activating reservations failed'),
        )
        .finally(() => (this.running = undefined));
    }, this.config.RESERVATION_POLL_SECONDS * 1000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Activates every order that is due now; returns how many. */
  activateDue(): Promise<number> {
    return this.allocation.activateDueReservations(BATCH);
  }
}
