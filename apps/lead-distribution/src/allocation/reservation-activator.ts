import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { BackgroundWork } from '#platform';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { AllocationService } from './allocation.service.js';

const BATCH = 20;

/**
 * Starts reserved orders when their time comes, without anyone calling anything: every
 * RESERVATION_POLL_SECONDS (on the background machine, one replica at a time) it lets each due order
 * take the leads waiting in the pool. SKIP LOCKED on the orders keeps a direct call and a run apart.
 */
@Injectable()
export class ReservationActivator implements OnApplicationBootstrap {
  constructor(
    private readonly allocation: AllocationService,
    private readonly config: LeadDistributionConfig,
    private readonly background: BackgroundWork,
  ) {}

  onApplicationBootstrap(): void {
    this.background.every({
      name: 'reservation-activator',
      everyMs: this.config.RESERVATION_POLL_SECONDS * 1000,
      run: (signal) => this.activateDue(signal),
      reportLevel: 'debug',
    });
  }

  /** Activates every order that is due now, BATCH at a time until `signal` aborts; returns how many. */
  activateDue(signal?: AbortSignal): Promise<number> {
    return this.allocation.activateDueReservations(BATCH, signal);
  }
}
