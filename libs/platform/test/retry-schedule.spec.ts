import { attemptsOf, retryDelayMs, type RetrySchedule } from '../src/background/retry-schedule.js';

const low = () => 0;
const high = () => 0.999_999;
const middle = () => 0.5;

describe('a stepped retry schedule', () => {
  const schedule: RetrySchedule = { stepsMs: [1_000, 60_000, 3_600_000], jitter: 0 };

  it('waits each step in turn after each failure', () => {
    expect([1, 2, 3].map((failed) => retryDelayMs(schedule, failed, middle))).toEqual([1_000, 60_000, 3_600_000]);
  });

  it('has no attempt left after the last step’s attempt fails, nor a wait before any failure', () => {
    expect(retryDelayMs(schedule, 4, middle)).toBeNull();
    expect(retryDelayMs(schedule, 40, middle)).toBeNull();
    expect(retryDelayMs(schedule, 0, middle)).toBeNull();
  });

  it('allows the first attempt and one per step', () => {
    expect(attemptsOf(schedule)).toBe(4);
    expect(attemptsOf({ stepsMs: [], jitter: 0 })).toBe(1);
    expect(retryDelayMs({ stepsMs: [], jitter: 0 }, 1)).toBeNull();
  });

  it('takes a downward jitter as a doubling schedule does: never longer than its step', () => {
    const downward: RetrySchedule = { stepsMs: [10_000], jitter: 0.2 };
    expect(retryDelayMs(downward, 1, low)).toBe(10_000);
    expect(retryDelayMs(downward, 1, high)).toBe(8_000);
  });
});

describe('a doubling retry schedule', () => {
  it('never runs out of attempts', () => {
    const schedule: RetrySchedule = { firstMs: 1_000, maxMs: 60_000, jitter: 0 };
    expect(attemptsOf(schedule)).toBe(Infinity);
    expect(retryDelayMs(schedule, 1_000, middle)).toBe(60_000);
  });
});

describe('a jitter either way', () => {
  const schedule: RetrySchedule = { stepsMs: [5_000, 86_400_000], jitter: { eitherWay: 0.1 } };

  it('keeps the step at the middle of the range', () => {
    expect(retryDelayMs(schedule, 1, middle)).toBe(5_000);
    expect(retryDelayMs(schedule, 2, middle)).toBe(86_400_000);
  });

  it('moves the wait by at most the fraction, down and up', () => {
    expect(retryDelayMs(schedule, 1, low)).toBe(4_500);
    expect(retryDelayMs(schedule, 1, high)).toBe(5_500);
    expect(retryDelayMs(schedule, 2, low)).toBe(0.9 * 86_400_000);
    expect(retryDelayMs(schedule, 2, high)).toBeLessThanOrEqual(1.1 * 86_400_000);
    expect(retryDelayMs(schedule, 2, high)).toBeGreaterThan(1.0999 * 86_400_000);
  });

  it('spreads real random waits over both sides of the step, within the bounds', () => {
    const waits = Array.from({ length: 200 }, () => retryDelayMs(schedule, 1)!);
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(4_500);
      expect(wait).toBeLessThanOrEqual(5_500);
    }
    expect(waits.some((wait) => wait < 5_000)).toBe(true);
    expect(waits.some((wait) => wait > 5_000)).toBe(true);
  });

  it('spreads a doubling schedule either way too', () => {
    const doubling: RetrySchedule = { firstMs: 1_000, maxMs: 8_000, jitter: { eitherWay: 0.25 } };
    expect([1, 2, 3, 4, 5].map((failed) => retryDelayMs(doubling, failed, low))).toEqual([750, 1_500, 3_000, 6_000, 6_000]);
    expect([1, 2, 3, 4, 5].map((failed) => retryDelayMs(doubling, failed, high))).toEqual([1_250, 2_500, 5_000, 10_000, 10_000]);
  });
});
