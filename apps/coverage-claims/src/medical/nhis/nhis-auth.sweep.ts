import { Injectable } from '@nestjs/common';
import { PeriodicSweep } from '#platform';
import { NhisAuthRepository } from './nhis-auth.repository.js';

/**
 * Blanks the sealed references of sessions that no longer need them (refused, expired, or past their
 * lookup window: after approval a reference holds the check-ups), whether or not another NHIS call
 * comes to do it on the way.
 */
@Injectable()
export class NhisAuthSweep extends PeriodicSweep {
  constructor(private readonly sessions: NhisAuthRepository) {
    super('NhisAuthSweep');
  }

  sweep(): Promise<number> {
    return this.sessions.forgetSpentReferences();
  }
}
