import { Module } from '@nestjs/common';
import { TwoStepRepository } from './two-step.repository.js';
import { TwoStepService } from './two-step.service.js';
import { TwoStepSweep } from './two-step.sweep.js';

/**
 * Two-step sign-ins with outside sources (a coverage analysis's second step, an NHIS simple
 * authentication): one table, `two_step_sign_ins`, owned here and written only through TwoStepService.
 */
@Module({
  providers: [TwoStepRepository, TwoStepService, TwoStepSweep],
  exports: [TwoStepService],
})
export class TwoStepModule {}
