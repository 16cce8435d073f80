import { Injectable } from '@nestjs/common';
import { PeriodicSweep } from '#platform';
import { ContinuationsRepository } from './continuations.repository.js';

/** Deletes expired continuations (a new continuation prunes a batch too, but nothing else might come). */
@Injectable()
export class ContinuationsSweep extends PeriodicSweep {
  constructor(private readonly continuations: ContinuationsRepository) {
    super('ContinuationsSweep');
  }

  sweep(): Promise<number> {
    return this.continuations.pruneExpired();
  }
}
