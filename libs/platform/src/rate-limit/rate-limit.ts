import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
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
  exceeded: (policies: RateLimitPolicy[], retryAfterSeconds: number) =>
    new ProblemException(
      429,
      'RATE_LIMITED',
      `Too many requests: ${policies.map((policy) => `${policy.limit} per ${policy.windowSeconds} s (${policy.name})`).join(' and ')}; retry in ${retryAfterSeconds} s`,
      undefined,
      { headers: { 'Retry-After': String(retryAfterSeconds) } },
    ),
};

/** Every variable that sets a rate limit or the pending-upload cap, in either service (docs/rate-limits.md). */
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
  'MAX_PENDING_UPLOADS',
] as const;

/** An environment that sets every limit to `limit` (benchmarks and tests that must not meet them). */
export const limitsAt = (limit: number): Record<string, string> =>
  Object.fromEntries(RATE_LIMIT_VARIABLES.map((name) => [name, String(limit)]));

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
 * Rate limits with @fastify/rate-limit's counters (in memory, or in Redis under REDIS_URL so that
 * replicas share them): one counter per policy and subject, in fixed windows. An `onRequest` hook
 * counts every request but health probes against `ip` (per client address) and routes that take
 * evidence bytes against `upload` (per address) first, then what the service's rules add (looked up
 * only when those two let the request through, so an address already refused costs no key lookup),
 * narrowest first; the first counter past its limit refuses the request and the broader ones after
 * it are not counted (a planner at their own SMS limit spends nothing of the organisation's). It sets
 * `RateLimit-Policy` and `RateLimit` on the answer for the counters it counted, and refuses with 429
 * RATE_LIMITED and `Retry-After`. When Redis fails, the request is counted in this replica's memory
 * instead (limits then hold per replica), and a warning is logged.
 */
export async function installRateLimits(fastify: FastifyInstance, config: ServiceConfig, rules: RateLimitRules): Promise<void> {
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

  await fastify.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { store: sharedOrLocalStore(redis, config.RATE_LIMIT_REDIS_PREFIX, warn) } : {}),
  });
  if (redis) fastify.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));

  const platformPolicies: RateLimitPolicy[] = [
    { name: 'ip', limit: config.RATE_LIMIT_IP, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
    { name: 'upload', limit: config.RATE_LIMIT_UPLOAD, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS },
  ];
  const policies = [...platformPolicies, ...rules.policies];
  const subjects = new WeakMap<FastifyRequest, Map<string, string>>();
  const checkerOf = (instance: FastifyInstance, policy: RateLimitPolicy) =>
    instance.createRateLimit({
      max: policy.limit,
      timeWindow: policy.windowSeconds * 1000,
      keyGenerator: (request) => `${policy.name}:${subjects.get(request)?.get(policy.name) ?? ''}`,
    });
  const limiters = new Map(policies.map((policy) => [policy.name, { policy, check: checkerOf(fastify, policy) }]));
  // A route naming a policy the service does not have fails at start-up, not quietly at run time.
  fastify.addHook('onRoute', (route) => {
    for (const name of route.config?.rateLimits ?? []) {
      if (!limiters.has(name)) throw new Error(`${route.method} ${route.url}: no rate-limit policy named ${name}`);
    }
  });
  /** Counts `hits` in order into `states`; true at the first counter past its limit (the rest are not counted). */
  const count = async (request: FastifyRequest, hits: RateLimitHit[], states: PolicyState[]): Promise<boolean> => {
    const known = subjects.get(request) ?? new Map<string, string>();
    subjects.set(request, known);
    for (const hit of hits) {
      const limiter = limiters.get(hit.policy);
      if (!limiter) throw new Error(`No rate-limit policy named ${hit.policy}`);
      known.set(hit.policy, hit.subject);
      const state = await limiter.check(request);
      if (state.isAllowed) throw new Error('Rate-limit allow lists are not used');
      states.push({ policy: limiter.policy, remaining: state.remaining, resetSeconds: state.ttlInSeconds, exceeded: state.isExceeded });
      if (state.isExceeded) return true;
    }
    return false;
  };

  fastify.addHook('onRequest', async (request, reply) => {
    if (EXEMPT.test(request.url)) return;
    const address = clientAddressOf(request);
    const platformHits: RateLimitHit[] = [{ policy: 'ip', subject: address }];
    if (request.routeOptions.config?.takesEvidenceBytes === true) platformHits.push({ policy: 'upload', subject: address });
    const states: PolicyState[] = [];
    const refused = (await count(request, platformHits, states)) || (await count(request, await rules.hitsFor(request, address), states));
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

type Counted = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * The counter store under REDIS_URL: Redis, shared by the replicas; when a count fails there (down,
 * slow past 500 ms), this replica's memory counts it instead and `onFallback` hears why. Keys are
 * `<prefix><policy>:<subject>`; every limiter shares the one store (its `child` is itself: the
 * policy is in the key).
 */
function sharedOrLocalStore(redis: Redis, prefix: string, onFallback: (error: Error) => void) {
  return class SharedOrLocalStore implements FastifyRateLimitStore {
    private readonly shared = new RedisStore(false, false, redis, prefix);
    private readonly local = new LocalStore(false, false);

    incr(key: string, callback: Counted, timeWindow: number, max: number): void {
      this.shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result ?? undefined);
          onFallback(error);
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(): this {
      return this;
    }
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
