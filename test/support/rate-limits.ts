import type { Response } from 'supertest';
import { limitsAt } from '#platform';

/**
 * Rate limits and the pending-upload cap far above what any test sends, so that only the tests of
 * the limits (which set their own) ever meet them; counters stay in the process's memory. Test apps
 * and spawned service processes start with them.
 */
export const LIMITS_OUT_OF_THE_WAY = limitsAt(1_000_000);

/** A second operator key for the tests of the operator limit: it meets the limit, set-up stays with OPERATOR_KEY. */
export const LIMITED_OPERATOR_KEY = 'op_limited_0123456789abcdef0123456789abcdef';

/** The `"name";k=v;…` items of a RateLimit or RateLimit-Policy header, by policy name. */
export function rateLimitItems(header: string | undefined): Record<string, Record<string, number>> {
  expect(header).toBeDefined();
  return Object.fromEntries(
    header!.split(', ').map((item) => {
      const [name, ...params] = item.split(';');
      expect(name).toMatch(/^"[a-z-]+"$/);
      return [name!.slice(1, -1), Object.fromEntries(params.map((param) => param.split('=')).map(([key, value]) => [key, Number(value)]))];
    }),
  );
}

/**
 * A 429 RATE_LIMITED problem for `policy` (its `limit` per `window` seconds), with Retry-After, the
 * RateLimit headers (nothing left of `policy`, reset when Retry-After says) and the headers every
 * answer carries.
 */
export function expectRateLimited(response: Response, policy: string, limit: number, window = 60): void {
  expect(response.status).toBe(429);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ status: 429, code: 'RATE_LIMITED', type: 'urn:problem:rate-limited', title: 'Too Many Requests' });
  expect(response.body.detail).toContain(`${limit} per ${window} s (${policy})`);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(window);
  expect(rateLimitItems(response.headers['ratelimit-policy'])[policy]).toEqual({ q: limit, w: window });
  expect(rateLimitItems(response.headers.ratelimit)[policy]).toEqual({ r: 0, t: retryAfter });
  expect(response.headers['x-request-id']).toBeDefined();
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

let address = 0;

/** A client address of the caller's own (TEST-NET-3) for X-Forwarded-For, so that per-address counters never meet. */
export function nextClientAddress(): string {
  address += 1;
  return `203.0.113.${address}`;
}
