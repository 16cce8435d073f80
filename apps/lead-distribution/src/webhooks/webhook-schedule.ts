import { attemptsOf, retryDelayMs as scheduledDelayMs, type RetrySchedule } from '#platform';
import { AttemptOutcome, DeliveryStatus } from './webhook-event-types.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Standard Webhooks' schedule, extended to ten attempts: the first goes at once, then each failure
 * waits the next step, moved up to 10 % either way so that failed bursts do not retry in step. After
 * the tenth attempt fails the delivery is FAILED.
 */
export const WEBHOOK_RETRIES = {
  stepsMs: [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR],
  jitter: { eitherWay: 0.1 },
} as const satisfies RetrySchedule;

/** The wait before each attempt, the first's (none) included: entry n is the wait before attempt n + 1. */
export const RETRY_SCHEDULE_MS = [0, ...WEBHOOK_RETRIES.stepsMs] as const;

export const MAX_ATTEMPTS = attemptsOf(WEBHOOK_RETRIES);

/** The longest wait a partner's Retry-After can ask for. */
export const RETRY_AFTER_CAP_MS = 24 * HOUR;

/** An endpoint whose failures have lasted this long is disabled at its next failure. */
export const FAILING_DISABLES_AFTER_MS = 5 * 24 * HOUR;

/**
 * Deliveries held back from a due slot (parked) wait this long at most before they are looked at
 * again. The endpoint's own progress wakes them sooner: the delivery ahead of an ordered queue
 * finishing, or a parallel endpoint's slot freeing. The upper bound only covers a wake that never
 * comes (an endpoint re-enabled, switched to parallel delivery).
 */
export const QUEUED_BEHIND_MS = 10 * MINUTE;
export const AT_CAPACITY_MS = 1 * SECOND;

/**
 * A parked delivery of a disabled endpoint is not due again at all (`next_attempt_at` NULL) until the
 * endpoint is enabled again, which makes its deliveries due (WebhooksRepository.wakePending); the
 * retention sweep fails what waits longer than the log is kept.
 */
export const UNTIL_WOKEN = -1;

/** The wait before the attempt that follows `attemptsMade` failed ones, with jitter; null when none remains. */
export function retryDelayMs(attemptsMade: number, random: () => number = Math.random): number | null {
  return scheduledDelayMs(WEBHOOK_RETRIES, attemptsMade, random);
}

/**
 * Reads a Retry-After header (RFC 9110: delay-seconds or an HTTP-date) as a wait from `now` in ms,
 * capped at RETRY_AFTER_CAP_MS; a date in the past is no wait. Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text) * SECOND, RETRY_AFTER_CAP_MS);
  // An HTTP-date names a weekday and a month in letters; Date.parse alone would read "12" as a year.
  if (!/^[A-Za-z]{3,9}, /.test(text) && !/^[A-Za-z]{3} [A-Za-z]{3} /.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(at - now.getTime(), 0), RETRY_AFTER_CAP_MS);
}

/** What one attempt came to, as the sender reports it. */
export interface AttemptResult {
  outcome: AttemptOutcome;
  statusCode: number | null;
  retryAfter: string | null;
}

/** What becomes of the delivery after an attempt. */
export type NextStep =
  | { status: typeof DeliveryStatus.Delivered }
  | { status: typeof DeliveryStatus.Pending; delayMs: number }
  | { status: typeof DeliveryStatus.Failed; gone: boolean };

/**
 * The rules of one attempt's outcome: a 2xx delivers; 410 Gone fails the delivery and the endpoint
 * goes (the caller disables it); 429 and 503 with a readable Retry-After wait what it asks (at least
 * the schedule's step); any other
 * failure waits the schedule's next step, and the tenth failure is final.
 */
export function nextStep(result: AttemptResult, attemptNumber: number, now: Date, random: () => number = Math.random): NextStep {
  if (result.outcome === AttemptOutcome.Success) return { status: DeliveryStatus.Delivered };
  if (result.statusCode === 410) return { status: DeliveryStatus.Failed, gone: true };
  const scheduled = retryDelayMs(attemptNumber, random);
  if (scheduled === null) return { status: DeliveryStatus.Failed, gone: false };
  if (result.statusCode === 429 || result.statusCode === 503) {
    const asked = parseRetryAfter(result.retryAfter, now);
    // Never sooner than asked, nor sooner than the schedule: a Retry-After of 0 does not spend the ten attempts in seconds.
    if (asked !== null) return { status: DeliveryStatus.Pending, delayMs: Math.max(asked, scheduled) };
  }
  return { status: DeliveryStatus.Pending, delayMs: scheduled };
}

/** A due delivery the claim found, in the due index's order. */
export interface DueCandidate {
  id: string;
  endpointId: string;
  /** Attempted before in this cycle (a retry), as opposed to never sent yet. */
  attempted: boolean;
}

/** An endpoint of some candidate, read under its row lock. */
export interface EndpointQueueState {
  id: string;
  /** The partner it belongs to (a partner's endpoints share its part of a worker's senders). */
  partnerId: number;
  enabled: boolean;
  parallelDelivery: boolean;
  /** Its deliveries held by a live lease (being sent). */
  inFlight: number;
  /** Its PENDING delivery with the lowest event_seq (ordered endpoints send only that one). */
  headId: string | null;
  /** Attempts started in its current one-second rate window, and when that window ends (ms from now). */
  rateUsed: number;
  rateWindowEndsInMs: number;
}

export interface ClaimLimits {
  /** Deliveries this worker can start now. */
  slots: number;
  maxInFlight: number;
  ratePerSecond: number;
  /**
   * At most this many of this worker's sends at once go to one partner, all its endpoints together,
   * so a partner with many slow endpoints cannot take every sender; `partnerSending` is how many it
   * has now. What only this holds back stays due (another worker, or a freed sender, takes it).
   */
  perPartner: number;
  partnerSending: ReadonlyMap<number, number>;
}

export interface ClaimPlan {
  claim: string[];
  /** Held back: not due again for `delayMs` (or until the endpoint's progress wakes them). */
  park: Array<{ id: string; delayMs: number }>;
  /** Attempts started per endpoint (its rate window). */
  started: Map<string, number>;
}

/**
 * Which due deliveries start now. Only enabled endpoints send. An ordered endpoint sends its oldest
 * PENDING delivery alone, when nothing of it is in flight; a parallel one up to `maxInFlight` at
 * once; neither more than `ratePerSecond` attempts a second. What an endpoint cannot send now is
 * parked, so that it does not stay at the head of the due index in front of other endpoints' work;
 * what only this worker's slots prevent stays due for the next poll or worker. `candidates` whose
 * endpoint is not in `endpoints` (locked by another worker) are left alone.
 */
export function planClaims(
  candidates: DueCandidate[],
  endpoints: Map<string, EndpointQueueState>,
  limits: ClaimLimits,
  random: () => number = Math.random,
): ClaimPlan {
  const plan: ClaimPlan = { claim: [], park: [], started: new Map() };
  const state = new Map([...endpoints].map(([id, endpoint]) => [id, { ...endpoint }]));
  const spread = (ms: number, fraction: number) => Math.round(ms * (1 + fraction * random()));
  const partnerSending = new Map(limits.partnerSending);
  for (const candidate of candidates) {
    const endpoint = state.get(candidate.endpointId);
    if (!endpoint) continue;
    if (!endpoint.enabled) {
      plan.park.push({ id: candidate.id, delayMs: UNTIL_WOKEN });
    } else if (!endpoint.parallelDelivery && (candidate.id !== endpoint.headId || endpoint.inFlight > 0)) {
      plan.park.push({ id: candidate.id, delayMs: spread(QUEUED_BEHIND_MS, 0.2) });
    } else if (endpoint.parallelDelivery && endpoint.inFlight >= limits.maxInFlight) {
      // Never sent yet: held back until a slot frees (the attempt that frees it wakes as many as it
      // frees), so a parallel endpoint's backlog is not rewritten every second while it drains. A retry
      // keeps the short wait: its own due time, not a free slot, decides when it goes.
      plan.park.push({ id: candidate.id, delayMs: candidate.attempted ? spread(AT_CAPACITY_MS, 0.5) : spread(QUEUED_BEHIND_MS, 0.2) });
    } else if (endpoint.rateUsed >= limits.ratePerSecond) {
      plan.park.push({ id: candidate.id, delayMs: Math.max(endpoint.rateWindowEndsInMs, 0) + spread(20, 4) });
    } else if (plan.claim.length < limits.slots && (partnerSending.get(endpoint.partnerId) ?? 0) < limits.perPartner) {
      partnerSending.set(endpoint.partnerId, (partnerSending.get(endpoint.partnerId) ?? 0) + 1);
      plan.claim.push(candidate.id);
      endpoint.inFlight += 1;
      endpoint.rateUsed += 1;
      plan.started.set(endpoint.id, (plan.started.get(endpoint.id) ?? 0) + 1);
    }
  }
  return plan;
}
