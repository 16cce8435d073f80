/** When a failed piece of work is tried again: a doubling wait from `firstMs`, capped at `maxMs`, spread by `jitter`. */
export interface RetrySchedule {
  /** The wait after the first failure. */
  firstMs: number;
  /** No wait is longer than this (before jitter). */
  maxMs: number;
  /**
   * The fraction of each wait that is random (0 = none, 0.2 = the wait is 80–100 % of its step), so
   * that work failed together (an outside system down for everyone) does not come back together.
   */
  jitter: number;
}

/** The wait before attempt `failed + 1`, after `failed` attempts (1 or more) have failed. */
export function retryDelayMs(schedule: RetrySchedule, failed: number, random: () => number = Math.random): number {
  const step = Math.min(schedule.maxMs, schedule.firstMs * 2 ** Math.max(0, Math.min(failed - 1, 40)));
  return Math.round(step * (1 - schedule.jitter * random()));
}
