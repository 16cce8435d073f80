/**
 * How much of each wait is random, so that work failed together (an outside system down for
 * everyone) does not come back together. A number is a fraction taken off: 0.2 makes the wait
 * 80–100 % of its step, never longer (0 = none). `{ eitherWay }` moves the wait by up to that fraction
 * either side of its step: `{ eitherWay: 0.1 }` makes it 90–110 %.
 */
export type RetryJitter = number | { eitherWay: number };

/** A doubling wait from `firstMs`, capped at `maxMs`, tried for as long as the caller likes. */
export interface DoublingRetrySchedule {
  /** The wait after the first failure. */
  firstMs: number;
  /** No wait is longer than this (before jitter). */
  maxMs: number;
  jitter: RetryJitter;
}

/** A fixed list of waits: `stepsMs[n]` after failure n + 1; after the last step's attempt fails, none is left. */
export interface SteppedRetrySchedule {
  stepsMs: readonly number[];
  jitter: RetryJitter;
}

/** When a failed piece of work is tried again: every feature's schedule, declared as data. */
export type RetrySchedule = DoublingRetrySchedule | SteppedRetrySchedule;

/** Attempts a schedule allows in all (the first one and one per step); a doubling one never runs out. */
export function attemptsOf(schedule: RetrySchedule): number {
  return 'stepsMs' in schedule ? schedule.stepsMs.length + 1 : Infinity;
}

/**
 * The wait before attempt `failed + 1`, after `failed` attempts (1 or more) have failed, with its
 * jitter; null when a stepped schedule has no attempt left.
 */
export function retryDelayMs(schedule: DoublingRetrySchedule, failed: number, random?: () => number): number;
export function retryDelayMs(schedule: RetrySchedule, failed: number, random?: () => number): number | null;
export function retryDelayMs(schedule: RetrySchedule, failed: number, random: () => number = Math.random): number | null {
  const step = stepMs(schedule, failed);
  if (step === null) return null;
  const { jitter } = schedule;
  if (typeof jitter === 'number') return Math.round(step * (1 - jitter * random()));
  return Math.round(step * (1 - jitter.eitherWay + 2 * jitter.eitherWay * random()));
}

function stepMs(schedule: RetrySchedule, failed: number): number | null {
  if ('stepsMs' in schedule) return failed >= 1 && failed <= schedule.stepsMs.length ? schedule.stepsMs[failed - 1]! : null;
  return Math.min(schedule.maxMs, schedule.firstMs * 2 ** Math.max(0, Math.min(failed - 1, 40)));
}
