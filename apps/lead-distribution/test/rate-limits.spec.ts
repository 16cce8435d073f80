import { randomBytes, randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { Redis } from 'ioredis';
import request from 'supertest';
import type { PresignedUploadDto } from '#contracts';
import { OPERATOR_KEY, startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';
import { ApiKeysService } from '../src/api-keys/api-keys.service.js';
import { LIMITED_OPERATOR_KEY, expectRateLimited, nextClientAddress, rateLimitItems } from '../../../test/support/rate-limits.js';

const LIMITS = {
  RATE_LIMIT_PARTNER: '5',
  RATE_LIMIT_PROVIDER: '4',
  RATE_LIMIT_UPLOAD: '3',
  MAX_PENDING_UPLOADS: '3',
  RATE_LIMIT_WINDOW_SECONDS: '60',
  // Each test names its own client address in X-Forwarded-For, as the Ingress would.
  TRUSTED_PROXY_HOPS: '1',
};

describe('rate limits (lead-distribution)', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution({ env: LIMITS });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('counts a partner key against "partner" by the key: RateLimit headers on every 2xx, then 429 with Retry-After', async () => {
    const { apiKey } = await given(app).partner('한도 대리점').key();
    const from = nextClientAddress();
    for (let left = 4; left >= 0; left -= 1) {
      const ok = await withKey(app, apiKey).get('/api/v1/leads').set('X-Forwarded-For', from).expect(200);
      expect(rateLimitItems(ok.headers['ratelimit-policy'])).toEqual({ ip: { q: 1_000_000, w: 60 }, partner: { q: 5, w: 60 } });
      const state = rateLimitItems(ok.headers.ratelimit);
      expect(state.partner!.r).toBe(left);
      expect(state.partner!.t).toBeGreaterThan(0);
      expect(state.ip!.r).toBe(1_000_000 - (5 - left));
    }
    expectRateLimited(await withKey(app, apiKey).get('/api/v1/leads').set('X-Forwarded-For', from), 'partner', 5);
    // Another key of the same partner has a counter of its own.
    const { apiKey: other } = await given(app).partner('옆 대리점').key();
    await withKey(app, other).get('/api/v1/leads').set('X-Forwarded-For', from).expect(200);
  });

  it('counts a provider key against "provider"', async () => {
    const { providerKey, product } = await given(app).provider().product('한도 상품');
    const from = nextClientAddress();
    for (let left = 3; left >= 0; left -= 1) {
      const answer = await withKey(app, providerKey).post('/api/v1/leads').set('X-Forwarded-For', from).send({ productId: product.id });
      expect(answer.status).toBe(400); // counted all the same: the limit comes before the body is read
      expect(rateLimitItems(answer.headers.ratelimit).provider!.r).toBe(left);
    }
    expectRateLimited(await withKey(app, providerKey).get('/api/v1/regions').set('X-Forwarded-For', from), 'provider', 4);
  });

  it('charges an unknown key to nobody: 401 with the "ip" policy alone, the key looked up once for the limit and the guard', async () => {
    const lookups = jest.spyOn(app.app.get(ApiKeysService), 'authenticate');
    try {
      const answer = await withKey(app, `ldk_${randomBytes(32).toString('base64url')}`)
        .get('/api/v1/leads')
        .expect(401);
      expect(Object.keys(rateLimitItems(answer.headers['ratelimit-policy']))).toEqual(['ip']);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it('counts the unauthenticated upload route against "upload" by client address, before the body is read', async () => {
    const from = nextClientAddress();
    const put = () =>
      request(app.url)
        .put(`/api/v1/files/upload/${randomUUID()}?expires=${Math.floor(Date.now() / 1000) + 60}&signature=${'0'.repeat(64)}`)
        .set('X-Forwarded-For', from)
        .set('Content-Type', 'application/pdf')
        .send(Buffer.from('%PDF-1.4'));
    for (let left = 2; left >= 0; left -= 1) {
      const refused = await put().expect(403);
      expect(rateLimitItems(refused.headers.ratelimit).upload).toEqual({ r: left, t: expect.any(Number) as number });
    }
    expectRateLimited(await put(), 'upload', 3);
    // The address is what the outermost proxy saw: an entry the client wrote before it changes nothing.
    expectRateLimited(await put().set('X-Forwarded-For', `198.51.100.1, ${from}`), 'upload', 3);
    await request(app.url)
      .put(`/api/v1/files/upload/${randomUUID()}?expires=1&signature=${'0'.repeat(64)}`)
      .set('X-Forwarded-For', nextClientAddress())
      .set('Content-Type', 'application/pdf')
      .send(Buffer.from('%PDF-1.4'))
      .expect(403);
  });

  it('never limits the health probes', async () => {
    for (let i = 0; i < 5; i += 1) {
      const answer = await request(app.url).get('/health/live').expect(200);
      expect(answer.headers.ratelimit).toBeUndefined();
    }
  });

  it('refuses a presigned upload beyond MAX_PENDING_UPLOADS outstanding for the owner with 429 TOO_MANY_PENDING_UPLOADS', async () => {
    const { apiKey } = await given(app).partner('증빙 대리점').key();
    const presign = (key: string) =>
      withKey(app, key).post('/api/v1/files/presigned').send({ originalName: 'call-log.pdf', mimeType: 'application/pdf', size: 8 });
    const first = (await presign(apiKey).expect(200)).body as PresignedUploadDto;
    for (let i = 1; i < 3; i += 1) await presign(apiKey).expect(200);
    const refused = await presign(apiKey).expect(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ status: 429, code: 'TOO_MANY_PENDING_UPLOADS' });
    expect(refused.body.detail).toContain('3 presigned uploads are outstanding');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(app.config.FILE_UPLOAD_EXPIRES_SECONDS);

    // Another partner has its own cap; this one presigns again once one of its URLs has expired.
    const { apiKey: other } = await given(app).partner('다른 증빙 대리점').key();
    await presign(other).expect(200);
    await app.dataSource.query(`UPDATE stored_files SET upload_expires_at = now() - interval '1 second' WHERE id = $1`, [first.fileId]);
    await presign(apiKey).expect(200);
  });
});

// Set-up calls with the operator key: the operator limit is met in an app of its own.
describe('rate limits of operator keys (lead-distribution)', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution({
      env: { ...LIMITS, RATE_LIMIT_OPERATOR: '3', OPERATOR_API_KEYS: `${OPERATOR_KEY},${LIMITED_OPERATOR_KEY}` },
    });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('counts an operator key against "operator" by the key, apart from the other operator key', async () => {
    const from = nextClientAddress();
    for (let i = 0; i < 3; i += 1)
      await withKey(app, LIMITED_OPERATOR_KEY).get('/api/v1/admin/partners').set('X-Forwarded-For', from).expect(200);
    expectRateLimited(await withKey(app, LIMITED_OPERATOR_KEY).get('/api/v1/admin/partners').set('X-Forwarded-For', from), 'operator', 3);
    await withKey(app, OPERATOR_KEY).get('/api/v1/admin/partners').set('X-Forwarded-For', from).expect(200);
  });
});

// Wherever TEST_REDIS_URL is set (.ci/run sets it to this machine's Redis): two replicas on one Redis.
const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('rate limits shared through Redis (two lead-distribution instances)', () => {
  let first: LeadDistributionTestApp;
  let second: LeadDistributionTestApp;

  // A prefix of this run's own, so that parallel test files and earlier runs never share counters.
  const prefix = `test:${randomUUID()}:`;

  beforeAll(async () => {
    const env = { ...LIMITS, RATE_LIMIT_PARTNER: '4', REDIS_URL: redisUrl!, RATE_LIMIT_REDIS_PREFIX: prefix };
    first = await startLeadDistribution({ env });
    second = await startLeadDistribution({ env, databaseUrl: first.databaseUrl });
  });

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('counts a key once across instances: two requests on each use the limit up, the fifth is 429 on either', async () => {
    const { apiKey, keyId } = await given(first).partner('공유 한도 대리점').key();
    const from = nextClientAddress();
    const remaining: number[] = [];
    for (const app of [first, second, first, second]) {
      const ok = await withKey(app, apiKey).get('/api/v1/leads').set('X-Forwarded-For', from).expect(200);
      remaining.push(rateLimitItems(ok.headers.ratelimit).partner!.r!);
    }
    expect(remaining).toEqual([3, 2, 1, 0]);
    expectRateLimited(await withKey(first, apiKey).get('/api/v1/leads').set('X-Forwarded-For', from), 'partner', 4);
    expectRateLimited(await withKey(second, apiKey).get('/api/v1/leads').set('X-Forwarded-For', from), 'partner', 4);

    // The counters name the key by its id, never the key itself.
    const redis = new Redis(redisUrl!);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.some((key) => key.endsWith(`partner:${keyId}`))).toBe(true);
      for (const key of keys) expect(key).not.toContain(apiKey.slice(4));
    } finally {
      redis.disconnect();
    }
  });
});

describe('rate limits while Redis does not answer (lead-distribution)', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    // Nothing listens on port 1: every count fails.
    app = await startLeadDistribution({ env: { ...LIMITS, RATE_LIMIT_PARTNER: '1', REDIS_URL: 'redis://127.0.0.1:1' } });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('counts in this replica’s memory instead: the limit still holds, per replica', async () => {
    const { apiKey } = await given(app).partner('레디스없는 대리점').key();
    const ok = await withKey(app, apiKey).get('/api/v1/leads').expect(200);
    expect(ok.headers.ratelimit).toMatch(/"partner";r=0;t=\d+/);
    const refused = await withKey(app, apiKey).get('/api/v1/leads').expect(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
