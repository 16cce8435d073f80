import { AttemptOutcome, DeliveryStatus } from '../../src/webhooks/webhook-event-types.js';
import {
  AT_CAPACITY_MS,
  UNTIL_WOKEN,
  MAX_ATTEMPTS,
  QUEUED_BEHIND_MS,
  RETRY_AFTER_CAP_MS,
  RETRY_SCHEDULE_MS,
  nextStep,
  parseRetryAfter,
  planClaims,
  retryDelayMs,
  type EndpointQueueState,
} from '../../src/webhooks/webhook-schedule.js';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const low = () => 0;
const high = () => 0.999999;
const middle = () => 0.5;

const failure = (statusCode: number | null, retryAfter: string | null = null) => ({
  outcome: statusCode === null ? AttemptOutcome.NetworkError : AttemptOutcome.HttpError,
  statusCode,
  retryAfter,
});

describe('the retry schedule', () => {
  it('is the specification’s: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h — ten attempts', () => {
    expect(RETRY_SCHEDULE_MS.map((ms) => ms / 1000)).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    expect(MAX_ATTEMPTS).toBe(10);
  });

  it('waits the next step after each failed attempt, without jitter at the middle of the range', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((attempts) => retryDelayMs(attempts, middle))).toEqual(RETRY_SCHEDULE_MS.slice(1));
  });

  it('moves each wait by at most 10 % either way', () => {
    expect(retryDelayMs(1, low)).toBe(4500);
    expect(retryDelayMs(1, high)).toBe(5500);
    expect(retryDelayMs(9, low)).toBe(0.9 * 86_400_000);
    expect(retryDelayMs(9, high)).toBeLessThanOrEqual(1.1 * 86_400_000);
    expect(retryDelayMs(9, high)).toBeGreaterThan(1.0999 * 86_400_000);
  });

  it('has no wait after the tenth attempt', () => {
    expect(retryDelayMs(10, middle)).toBeNull();
  });
});

describe('Retry-After', () => {
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
  });

  it('reads an HTTP-date in each of the three forms RFC 9110 allows', () => {
    expect(parseRetryAfter('Mon, 02 Mar 2026 10:30:00 GMT', NOW)).toBe(30 * 60_000);
    expect(parseRetryAfter('Monday, 02-Mar-26 10:30:00 GMT', NOW)).toBe(30 * 60_000);
    expect(parseRetryAfter('Mon Mar  2 10:30:00 2026 GMT', NOW)).toBe(30 * 60_000);
  });

  it('takes a date already past as no wait', () => {
    expect(parseRetryAfter('Mon, 02 Mar 2026 09:00:00 GMT', NOW)).toBe(0);
  });

  it('caps what it asks at 24 hours', () => {
    expect(parseRetryAfter('999999', NOW)).toBe(RETRY_AFTER_CAP_MS);
    expect(parseRetryAfter('Fri, 06 Mar 2026 10:00:00 GMT', NOW)).toBe(RETRY_AFTER_CAP_MS);
  });

  it('ignores what is neither', () => {
    for (const value of [null, undefined, '', '-5', '1.5', 'soon', '12 hours', '2026-03-02T10:30:00Z']) {
      expect(parseRetryAfter(value, NOW)).toBeNull();
    }
  });
});

describe('what an attempt makes of its delivery', () => {
  it('a 2xx delivers it', () => {
    expect(nextStep({ outcome: AttemptOutcome.Success, statusCode: 204, retryAfter: null }, 3, NOW)).toEqual({
      status: DeliveryStatus.Delivered,
    });
  });

  it('410 Gone fails it at once, whatever attempt it was', () => {
    expect(nextStep(failure(410), 1, NOW)).toEqual({ status: DeliveryStatus.Failed, gone: true });
  });

  it('429 and 503 wait what Retry-After asks, even past the schedule’s step', () => {
    expect(nextStep(failure(429, '3600'), 1, NOW)).toEqual({ status: DeliveryStatus.Pending, delayMs: 3_600_000 });
    expect(nextStep(failure(503, 'Mon, 02 Mar 2026 10:00:30 GMT'), 1, NOW)).toEqual({ status: DeliveryStatus.Pending, delayMs: 30_000 });
  });

  it('a Retry-After shorter than the schedule’s step waits the step: the ten attempts are not spent in seconds', () => {
    expect(nextStep(failure(429, '0'), 2, NOW, middle)).toEqual({ status: DeliveryStatus.Pending, delayMs: 300_000 });
    expect(nextStep(failure(503, '1'), 3, NOW, middle)).toEqual({ status: DeliveryStatus.Pending, delayMs: 1_800_000 });
  });

  it('429 and 503 without a readable Retry-After, and other statuses with one, follow the schedule', () => {
    expect(nextStep(failure(503), 1, NOW, middle)).toEqual({ status: DeliveryStatus.Pending, delayMs: 5000 });
    expect(nextStep(failure(429, 'later'), 2, NOW, middle)).toEqual({ status: DeliveryStatus.Pending, delayMs: 300_000 });
    expect(nextStep(failure(500, '60'), 1, NOW, middle)).toEqual({ status: DeliveryStatus.Pending, delayMs: 5000 });
  });

  it('timeouts, network errors, refused addresses and redirects retry like any failure', () => {
    for (const outcome of [AttemptOutcome.Timeout, AttemptOutcome.NetworkError, AttemptOutcome.BlockedAddress]) {
      expect(nextStep({ outcome, statusCode: null, retryAfter: null }, 1, NOW, middle)).toEqual({
        status: DeliveryStatus.Pending,
        delayMs: 5000,
      });
    }
    expect(nextStep(failure(302), 1, NOW, middle)).toEqual({ status: DeliveryStatus.Pending, delayMs: 5000 });
  });

  it('the tenth failure is final, Retry-After or not', () => {
    expect(nextStep(failure(500), 10, NOW)).toEqual({ status: DeliveryStatus.Failed, gone: false });
    expect(nextStep(failure(503, '5'), 10, NOW)).toEqual({ status: DeliveryStatus.Failed, gone: false });
    expect(nextStep(failure(500), 9, NOW, middle)).toEqual({ status: DeliveryStatus.Pending, delayMs: 86_400_000 });
  });
});

describe('which due deliveries a poll starts', () => {
  const endpoint = (id: string, overrides: Partial<EndpointQueueState> = {}): [string, EndpointQueueState] => [
    id,
    {
      id,
      partnerId: 1,
      enabled: true,
      parallelDelivery: false,
      inFlight: 0,
      headId: null,
      rateUsed: 0,
      rateWindowEndsInMs: 0,
      ...overrides,
    },
  ];
  const limits = { slots: 16, maxInFlight: 2, ratePerSecond: 50, perPartner: 16, partnerSending: new Map<number, number>() };
  const due = (...pairs: Array<[string, string]>) => pairs.map(([id, endpointId]) => ({ id, endpointId, attempted: false }));
  const retrying = (...pairs: Array<[string, string]>) => pairs.map(([id, endpointId]) => ({ id, endpointId, attempted: true }));

  it('an ordered endpoint sends its head alone; the rest of its queue is parked behind it', () => {
    const plan = planClaims(due(['d1', 'A'], ['d2', 'A'], ['d3', 'A']), new Map([endpoint('A', { headId: 'd1' })]), limits, low);
    expect(plan.claim).toEqual(['d1']);
    expect(plan.park).toEqual([
      { id: 'd2', delayMs: QUEUED_BEHIND_MS },
      { id: 'd3', delayMs: QUEUED_BEHIND_MS },
    ]);
    expect(plan.started).toEqual(new Map([['A', 1]]));
  });

  it('an ordered endpoint sends nothing while its head waits for a retry or something of it is in flight', () => {
    expect(planClaims(due(['d2', 'A']), new Map([endpoint('A', { headId: 'd1' })]), limits, low).claim).toEqual([]);
    expect(planClaims(due(['d1', 'A']), new Map([endpoint('A', { headId: 'd1', inFlight: 1 })]), limits, low).claim).toEqual([]);
  });

  it('a parallel endpoint sends up to its in-flight cap; the rest waits for a slot to free (a retry briefly)', () => {
    const plan = planClaims(
      [...due(['d1', 'P'], ['d2', 'P']), ...retrying(['d3', 'P'])],
      new Map([endpoint('P', { parallelDelivery: true, inFlight: 1 })]),
      limits,
      low,
    );
    expect(plan.claim).toEqual(['d1']);
    expect(plan.park).toEqual([
      { id: 'd2', delayMs: QUEUED_BEHIND_MS },
      { id: 'd3', delayMs: AT_CAPACITY_MS },
    ]);
  });

  it('no endpoint starts more attempts in its rate window than allowed; the rest waits for the next window', () => {
    const plan = planClaims(
      due(['d1', 'P'], ['d2', 'P']),
      new Map([endpoint('P', { parallelDelivery: true, rateUsed: 49, rateWindowEndsInMs: 300 })]),
      limits,
      low,
    );
    expect(plan.claim).toEqual(['d1']);
    expect(plan.park).toEqual([{ id: 'd2', delayMs: 320 }]);
  });

  it('a disabled endpoint sends nothing; its deliveries wait, not due again until it is enabled', () => {
    const plan = planClaims(due(['d1', 'A']), new Map([endpoint('A', { headId: 'd1', enabled: false })]), limits, low);
    expect(plan.claim).toEqual([]);
    expect(plan.park).toEqual([{ id: 'd1', delayMs: UNTIL_WOKEN }]);
  });

  it('takes no more than the worker’s free slots, and leaves what only they held back due for another worker', () => {
    const plan = planClaims(
      due(['a1', 'A'], ['b1', 'B'], ['c1', 'C']),
      new Map([endpoint('A', { headId: 'a1' }), endpoint('B', { headId: 'b1' }), endpoint('C', { headId: 'c1' })]),
      { ...limits, slots: 2 },
      low,
    );
    expect(plan.claim).toEqual(['a1', 'b1']);
    expect(plan.park).toEqual([]);
  });

  it('gives one partner no more than its share of the worker’s senders, all its endpoints together; the rest stays due', () => {
    const plan = planClaims(
      due(['a1', 'A'], ['b1', 'B'], ['c1', 'C'], ['d1', 'D']),
      new Map([
        endpoint('A', { headId: 'a1', partnerId: 7 }),
        endpoint('B', { headId: 'b1', partnerId: 7 }),
        endpoint('C', { headId: 'c1', partnerId: 7 }),
        endpoint('D', { headId: 'd1', partnerId: 8 }),
      ]),
      { ...limits, perPartner: 2, partnerSending: new Map([[7, 1]]) },
      low,
    );
    expect(plan.claim).toEqual(['a1', 'd1']);
    expect(plan.park).toEqual([]);
  });

  it('leaves alone the deliveries of an endpoint another worker holds', () => {
    const plan = planClaims(due(['a1', 'A'], ['b1', 'B']), new Map([endpoint('B', { headId: 'b1' })]), limits, low);
    expect(plan.claim).toEqual(['b1']);
    expect(plan.park).toEqual([]);
  });

  it('spreads parked deliveries so that they do not all come due at once', () => {
    const plan = planClaims(due(['d1', 'A'], ['d2', 'A']), new Map([endpoint('A', { headId: 'd0' })]), limits, high);
    expect(plan.park.every((entry) => entry.delayMs > QUEUED_BEHIND_MS && entry.delayMs <= QUEUED_BEHIND_MS * 1.2)).toBe(true);
  });
});
