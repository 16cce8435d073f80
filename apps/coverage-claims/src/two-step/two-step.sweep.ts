import { Injectable } from '@nestjs/common';
import { PeriodicSweep } from '#platform';
import { TwoStepRepository } from './two-step.repository.js';

/**
 * Spends the spent two-step sign-ins every minute on every replica, whether or not another follow-up
 * comes to do it on the way: deletes those nothing refers to, and forgets the sealed state of the
 * others (after an NHIS approval it holds the check-ups themselves).
 */
@Injectable()
export class TwoStepSweep extends PeriodicSweep {
  constructor(private readonly signIns: TwoStepRepository) {
    super('TwoStepSweep');
  }

  sweep(): Promise<number> {
    return this.signIns.spendSpent();
  }
}
