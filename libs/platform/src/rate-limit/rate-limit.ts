import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { Redis } from 'ioredis';
import type { ServiceConfig } from '../config/service-config.js';
import { MergeRouteConfig } from '../http/route-config.js';
import { ProblemException } from '../http/problem.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Policies of the route's own (`@RateLimitedBy()`), counted besides `ip` and the credential's. */
    rateLimits?: string[];
  }
}

/** A limit: at most `limit` requests in `windowSeconds` per subject. Named in the RateLimit headers. */
export interface RateLimitPolicy {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** One count a request makes: against `policy`, for `subject` (an address, an id, a hash: never a credential). */
export interface RateLimitHit {
  policy: string;
  subject: string;
}

/**
 * What a service limits beyond the platform's `ip` and `upload`: its policies, and the hits of a
 * request, decided in `onRequest` (before the body is read, before guards). A hit may only name a
 * subject the caller cannot choose for someone else: the client address, a verified key's or token's
 * owner, or a hash of the credential presented.
 */
export interface RateLimitRules {
  readonly policies: RateLimitPolicy[];
  hitsFor(request: FastifyRequest, clientAddress: string): Promise<RateLimitHit[]> | RateLimitHit[];
}

/** The service's RateLimitRules provider (each app's auth module provides it). */
export const RATE_LIMIT_RULES = Symbol('RATE_LIMIT_RULES');

/** Counts a route's requests against these policies of the service's rules, besides the others. */
export const RateLimitedBy = (...policies: string[]) => MergeRouteConfig({ rateLimits: policies });

export const RateLimitErrors = {
  exceeded: (policies: RateLimitPolicy[], retryAfterSeconds: number, headers: Record<string, string> = {}) =>
    new ProblemException(
      429,
      'RATE_LIMITED',
      `Too many requests: ${policies.map((policy) => `${policy.limit} per ${policy.windowSeconds} s (${policy.name})`).join(' and ')}; retry in ${retryAfterSeconds} s`,
      undefined,
      { headers: { ...headers, 'Retry-After': String(retryAfterSeconds) } },
    ),
};

/** Counts one hit of `subject` against `policy` in a counter store: the count so far in the window and the ms it has left. */
type Counter = (policy: RateLimitPolicy, subject: string) => Promise<{ current: number; ttl: number }>;

/**
 * The route limits' counters, for a limit a feature can only apply once the request is read (the
 * customer a body names): `take` counts one hit against a policy the feature declares, in the same
 * stores as the route limits (Redis under REDIS_URL, shared by the replicas; memory otherwise or while
 * Redis fails), and refuses past the limit with the same 429 RATE_LIMITED, `Retry-After` and RateLimit
 * headers. Provided by the PlatformModule; installRateLimits connects it to the stores (until then, as
 * in an application built without createApp, it counts in memory).
 */
@Injectable()
export class RateLimitCounters {
  private counter: Counter = localCounter();

  /** Called by installRateLimits. */
  connect(counter: Counter): void {
    this.counter = counter;
  }

  async take(policy: RateLimitPolicy, subject: string): Promise<void> {
    const { current, ttl } = await this.counter(policy, subject);
    if (current <= policy.limit) return;
    const state: PolicyState = { policy, remaining: 0, resetSeconds: Math.max(1, Math.ceil(ttl / 1000)), exceeded: true };
    throw RateLimitErrors.exceeded([policy], state.resetSeconds, {
      'RateLimit-Policy': rateLimitPolicyHeader([policy]),
      RateLimit: rateLimitHeader([state]),
    });
  }
}

/** A counter in this process's memory, one LRU of LOCAL_SUBJECTS per policy. */
function localCounter(shared?: CounterStore): Counter {
  const stores = new Map<string, CounterStore>();
  return (policy, subject) => {
    let store = stores.get(policy.name);
    if (!store) stores.set(policy.name, (store = shared ?? new LocalStore(false, false, LOCAL_SUBJECTS)));
    return increment(store, policy, subject);
  };
}

function increment(store: CounterStore, policy: RateLimitPolicy, subject: string): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) =>
    store.incr(
      `${policy.name}:${subject}`,
      (error, result) => (error || !result ? reject(error ?? new Error('The rate-limit store returned no count')) : resolve(result)),
      policy.windowSeconds * 1000,
      policy.limit,
    ),
  );
}

/** Every variable that sets a rate limit or the pending-upload cap, in either service (docs/operations/rate-limits.md). */
export const RATE_LIMIT_VARIABLES = [
  'RATE_LIMIT_IP',
  'RATE_LIMIT_OPERATOR',
  'RATE_LIMIT_UPLOAD',
  'RATE_LIMIT_PARTNER',
  'RATE_LIMIT_PROVIDER',
  'RATE_LIMIT_PLANNER',
  'RATE_LIMIT_SIGN_IN',
  'RATE_LIMIT_SMS_PLANNER',
  'RATE_LIMIT_SMS_ORGANISATION',
  'RATE_LIMIT_CUSTOMER_PROMPTS',
  'MAX_PENDING_UPLOADS',
] as const;

/** An environment that sets every limit to `limit` (benchmarks and tests that must not meet them). */
export const limitsAt = (limit: number): Record<string, string> =>
  Object.fromEntries(RATE_LIMIT_VARIABLES.map((name) => [name, String(limit)]));

/** Subjects each policy keeps in memory without Redis (the least recently counted go first). */
const LOCAL_SUBJECTS = 5000;

/** Health probes are never limited: a throttled probe takes a healthy pod out of service. */
const EXEMPT = /^\/health\//;

/** A short, one-way subject for a presented credential: its SHA-256, never the credential itself. */
export function credentialSubject(credential: string): string {
  return createHash('sha256').update(credential, 'utf8').digest('hex').slice(0, 32);
}

/** The client's address as counted (IPv6 by its /64, as one host usually holds a whole /64). */
export function clientAddressOf(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

interface PolicyState {
  policy: RateLimitPolicy;
  remaining: number;
  resetSeconds: number;
  exceeded: boolean;
}

/** `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers, structured-field List): `"partner";q=600;w=60, …`. */
export function rateLimitPolicyHeader(policies: RateLimitPolicy[]): string {
  return policies.map((policy) => `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`).join(', ');
}

/** `RateLimit`: what is left of each policy and the seconds until its window resets, `"partner";r=598;t=42, …`. */
export function rateLimitHeader(states: PolicyState[]): string {
  return states.map((state) => `"${state.policy.name}";r=${state.remaining};t=${state.resetSeconds}`).join(', ');
}

/**
 * Rate limits with @fastify/rate-limit's counter stores (in memory, or in Redis under REDIS_URL so
 * that replicas share them), called directly (the plugin's `createRateLimit` wrapped each count in
 * several promises of its own): one counter per policy and subject, in fixed windows. An `onRequest`
 * hook counts every request but health probes against `ip` (per client address) and routes that take
 * evidence bytes against `upload` (per address) first, then what the service's rules add (looked up
 * only when those two let the request through, so an address already refused costs no key lookup),
 * narrowest first; the first counter past its limit refuses the request and the broader ones after
 * it are not counted (a planner at their own SMS limit spends nothing of the organisation's). It sets
 * `RateLimit-Policy` and `RateLimit` on the answer for the counters it counted, and refuses with 429
 * RATE_LIMITED and `Retry-After`. When Redis fails, the request is counted in this replica's memory
 * instead (limits then hold per replica), and a warning is logged.
 */
export async function installRateLimits(
  fastify: FastifyInstance,
  config: ServiceConfig,
  rules: RateLimitRules,
  counters?: RateLimitCounters,
): Promise<void> {
  const logger = new Logger('RateLimits');
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, logger) : undefined;
  let lastWarning = 0;
  const warn = (error: unknown) => {
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    logger.warn(
      { error: error instanceof Error ? error.message : String(error) },
      'Rate limits counted in this replica only: Redis failed',
    );
  };

  const shared = redis ? sharedOrLocalStore(redis, config.RATE_LIMIT_REDIS_PREFIX, warn) : undefined;
  if (redis) fastify.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));

  const platformPolicies: RateLimitPolicy[] = [
    { name: 'ip', limit: config.RATE_LIMIT_IP, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
    { name: 'upload', limit: config.RATE_LIMIT_UPLOAD, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
  ];
  const policies = [...platformPolicies, ...rules.policies];
  // Without Redis, each policy counts in an LRU of LOCAL_SUBJECTS subjects of its own.
  const limiters = new Map<string, { policy: RateLimitPolicy; store: CounterStore }>(
    policies.map((policy) => [policy.name, { policy, store: shared ?? new LocalStore(false, false, LOCAL_SUBJECTS) }]),
  );
  // A feature's own policies (RateLimitCounters.take) count in the same store, or in memory of their own.
  counters?.connect(localCounter(shared));
  // A route naming a policy the service does not have fails at start-up, not quietly at run time.
  fastify.addHook('onRoute', (route) => {
    for (const name of route.config?.rateLimits ?? []) {
      if (!limiters.has(name)) throw new Error(`${route.method} ${route.url}: no rate-limit policy named ${name}`);
    }
  });
  /** Counts `hits` in order into `states`; true at the first counter past its limit (the rest are not counted). */
  const count = async (hits: RateLimitHit[], states: PolicyState[]): Promise<boolean> => {
    for (const hit of hits) {
      const limiter = limiters.get(hit.policy);
      if (!limiter) throw new Error(`No rate-limit policy named ${hit.policy}`);
      const { policy, store } = limiter;
      const { current, ttl } = await increment(store, policy, hit.subject);
      const exceeded = current > policy.limit;
      states.push({ policy, remaining: Math.max(0, policy.limit - current), resetSeconds: Math.ceil(ttl / 1000), exceeded });
      if (exceeded) return true;
    }
    return false;
  };

  fastify.addHook('onRequest', async (request, reply) => {
    if (EXEMPT.test(request.url)) return;
    const address = clientAddressOf(request);
    const platformHits: RateLimitHit[] = [{ policy: 'ip', subject: address }];
    if (request.routeOptions.config?.takesEvidenceBytes === true) platformHits.push({ policy: 'upload', subject: address });
    const states: PolicyState[] = [];
    const refused = (await count(platformHits, states)) || (await count(await rules.hitsFor(request, address), states));
    void reply.header('RateLimit-Policy', rateLimitPolicyHeader(states.map((state) => state.policy)));
    void reply.header('RateLimit', rateLimitHeader(states));
    if (refused) {
      const exceeded = states.filter((state) => state.exceeded);
      throw RateLimitErrors.exceeded(
        exceeded.map((state) => state.policy),
        Math.max(1, ...exceeded.map((state) => state.resetSeconds)),
      );
    }
  });
}

/** What a policy counts with: a store's `incr` (the plugin's stores, or the one below). */
type CounterStore = Pick<FastifyRateLimitStore, 'incr'>;

/**
 * The counter store under REDIS_URL: Redis, shared by the replicas; when a count fails there (down,
 * slow past 500 ms), this replica's memory counts it instead (one LRU of LOCAL_SUBJECTS for all the
 * policies) and `onFallback` hears why. Keys are `<prefix><policy>:<subject>`; every policy counts in
 * this one store (the policy is in the key).
 */
function sharedOrLocalStore(redis: Redis, prefix: string, onFallback: (error: Error) => void): CounterStore {
  const shared = new RedisStore(false, false, redis, prefix);
  const local = new LocalStore(false, false, LOCAL_SUBJECTS);
  return {
    incr(key, callback, timeWindow, max) {
      shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result ?? undefined);
          onFallback(error);
          local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    },
  };
}

/**
 * A Redis client that never holds a request up for long: commands fail after 500 ms and are not
 * queued while disconnected (the request is then counted in this replica's memory). Waits up to 2 s for the first
 * connection so that a fresh replica counts from its first request.
 */
async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500, connectTimeout: 2_000 });
  redis.on('error', () => undefined);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      logger.warn('Redis (REDIS_URL) did not answer within 2 s; rate limits apply once it does');
      resolve();
    }, 2_000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}
