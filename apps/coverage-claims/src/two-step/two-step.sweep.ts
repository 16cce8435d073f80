import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { BackgroundWork, SWEEP_INTERVAL_MS } from '#platform';
import { TwoStepRepository } from './two-step.repository.js';

/**
 * Spends the spent two-step sign-ins every minute (one replica at a time, on the background
 * machine), whether or not another follow-up comes to do it on the way: deletes those nothing refers to, and forgets the sealed state of the
 * others (after an NHIS approval it holds the check-ups themselves).
 */
@Injectable()
export class TwoStepSweep implements OnApplicationBootstrap {
  constructor(
    private readonly signIns: TwoStepRepository,
    private readonly background: BackgroundWork,
  ) {}

  onApplicationBootstrap(): void {
    this.background.every({ name: 'two-step-sweep', everyMs: SWEEP_INTERVAL_MS, run: (signal) => this.sweep(signal) });
  }

  /** Spends them in batches; an aborted `signal` (the application stopping) ends it between two. */
  sweep(signal?: AbortSignal): Promise<number> {
    return this.signIns.spendSpent(signal);
  }
}
