import { retryDelayMs } from '../../src/claims/delivery/claim-delivery.service.js';

describe('claim delivery backoff', () => {
  it('waits the base after the first attempt and doubles with each attempt after it', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(60_000, attempt))).toEqual([60_000, 120_000, 240_000, 480_000, 960_000]);
  });

  it('never waits more than an hour', () => {
    expect(retryDelayMs(60_000, 7)).toBe(3_600_000);
    expect(retryDelayMs(60_000, 40)).toBe(3_600_000);
  });
});
