import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { MetricsServer, uuidv7 } from '#platform';
import { RETRY_SCHEDULE_MS } from '../src/webhooks/webhook-schedule.js';
import { WebhookSecrets } from '../src/webhooks/webhook-secrets.js';
import { WEBHOOK_USER_AGENT } from '../src/webhooks/webhook-worker.js';
import { deliverLead, startLeadDistribution, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';
import { WebhookReceiver } from './support/webhook-receiver.js';
import { insertEndpoint } from './support/webhooks.js';

/**
 * Reaches the local receiver; polls often and gives up on an endpoint after 1 s, so that the tests run
 * quickly. The field-encryption key (which seals endpoint secrets) is shared, as a deployment's
 * replicas share it, for the test that runs a second replica.
 */
const ENV = {
  DATA_ENCRYPTION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  LOOKUP_HASH_KEY: randomBytes(32).toString('base64'),
  WEBHOOK_WORKER_CONCURRENCY: '16',
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
  WEBHOOK_POLL_MS: '50',
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_ENDPOINT_MAX_IN_FLIGHT: '2',
};

interface DeliveryRow {
  id: string;
  status: string;
  attempt_count: number;
  next_attempt_at: Date | null;
  lease_until: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  delivered_at: Date | null;
}

/** A delivery's attempts in the platform's attempt log, with the webhook's names for its columns. */
const ATTEMPTS_OF_DELIVERY = `SELECT attempted_at, outcome, status_code, latency_ms, detail AS response_excerpt, error, next_attempt_at
  FROM background_attempts WHERE work = 'webhook-delivery' AND item_id = $1::text ORDER BY attempted_at, id`;

interface AttemptRow {
  attempted_at: Date;
  outcome: string;
  status_code: number | null;
  latency_ms: number;
  response_excerpt: string | null;
  error: string | null;
  next_attempt_at: Date | null;
}

interface EndpointRow {
  enabled: boolean;
  disabled_reason: string | null;
  disabled_at: Date | null;
  failing_since: Date | null;
}

/**
 * Writes `count` events for `partnerId` with their payload already stored (as the worker stores it
 * once rendered), of a type that is retried on the schedule (`order.cancelled`: a `webhook.test` is
 * one probe, never retried), with one delivery each to `endpointId`, in event order; returns their ids. With
 * `leasedForMs`, each delivery is as a worker leaves it when it claims it (its first attempt counted,
 * held that long) and then never records it: a worker that died mid-send.
 */
async function testEvents(
  app: LeadDistributionTestApp,
  partnerId: number,
  endpointId: string,
  count = 1,
  { leasedForMs }: { leasedForMs?: number } = {},
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => uuidv7());
  await app.dataSource.query(
    `WITH input AS (SELECT id, ord FROM unnest($1::uuid[]) WITH ORDINALITY AS i(id, ord)),
     ev AS (
       INSERT INTO webhook_events (id, type, partner_id, subject_id, payload)
       SELECT id, 'order.cancelled', $2, $3,
              json_build_object('id', id, 'type', 'order.cancelled',
                                 'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                 'data', json_build_object('endpointId', $3::uuid, 'message', 'test ' || ord))
         FROM input ORDER BY ord
       RETURNING id, seq)
     INSERT INTO webhook_deliveries (id, event_id, event_seq, endpoint_id, attempt_count, lease_until, next_attempt_at)
     SELECT gen_random_uuid(), id, seq, $3, CASE WHEN $4::int IS NULL THEN 0 ELSE 1 END,
            now() + $4::int * interval '1 millisecond', COALESCE(now() + $4::int * interval '1 millisecond', now())
       FROM ev`,
    [ids, partnerId, endpointId, leasedForMs ?? null],
  );
  return ids;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(value)})`);
    await sleep(20);
  }
}

describe('webhook delivery', () => {
  let app: LeadDistributionTestApp;
  let productId: string;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    app = await startLeadDistribution({ env: ENV });
    ({
      product: { id: productId },
    } = await given(app).provider().product('웹훅 상품'));
  });
  afterAll(async () => {
    await app.close();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  const sql = <T>(text: string, params: unknown[] = []) => app.dataSource.query<T>(text, params);

  /** A partner with an endpoint at a receiver of its own that verifies with the endpoint's secret. */
  async function subscriber(name: string, options: { eventTypes?: string[]; parallelDelivery?: boolean } = {}) {
    const partner = await given(app).partner(name);
    const receiver = await WebhookReceiver.start();
    receivers.push(receiver);
    const endpoint = await insertEndpoint(app, partner.id, receiver.url(), options);
    receiver.secrets.push(endpoint.secret);
    return { partnerId: partner.id, receiver, endpoint };
  }

  const deliveryOf = async (eventId: string) =>
    (await sql<DeliveryRow[]>(`SELECT * FROM webhook_deliveries WHERE event_id = $1`, [eventId]))[0]!;
  const attemptsOf = (deliveryId: string) => sql<AttemptRow[]>(ATTEMPTS_OF_DELIVERY, [deliveryId]);
  const endpointRow = async (endpointId: string) =>
    (
      await sql<EndpointRow[]>(`SELECT enabled, disabled_reason, disabled_at, failing_since FROM webhook_endpoints WHERE id = $1`, [
        endpointId,
      ])
    )[0]!;

  /** Waits until the delivery of `eventId` has `count` attempts recorded and is held by no worker. */
  async function attempted(eventId: string, count: number): Promise<{ delivery: DeliveryRow; attempts: AttemptRow[] }> {
    const delivery = await eventually(
      () => deliveryOf(eventId),
      (row) => row.attempt_count >= count && row.lease_until === null,
      `attempt ${count} of ${eventId}`,
    );
    return { delivery, attempts: await attemptsOf(delivery.id) };
  }

  /** What the test waits for instead of the schedule: the next attempt is due now. */
  const dueNow = (eventId: string) => sql(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE event_id = $1`, [eventId]);

  const waitedMs = (attempt: AttemptRow) => attempt.next_attempt_at!.getTime() - attempt.attempted_at.getTime();

  it('delivers lead.assigned once, signed, with webhook-id the event id and the stored payload as the body', async () => {
    const { partnerId, receiver } = await subscriber('웹훅 파트너');
    const leadId = await deliverLead(app, productId, partnerId);

    const [received] = await receiver.waitFor((all) => all.length === 1);
    const [event] = await sql<Array<{ id: string; occurred_at: Date; payload: unknown }>>(
      `SELECT id, occurred_at, payload FROM webhook_events WHERE subject_id = $1 AND type = 'lead.assigned'`,
      [leadId],
    );
    expect(received!.verifiedWith).toEqual([0]);
    expect(received!.headers).toMatchObject({
      'webhook-id': event!.id,
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
    });
    expect(received!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(received!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(10);
    expect(received!.body).toBe(JSON.stringify(event!.payload));
    expect(received!.payload).toMatchObject({ id: event!.id, type: 'lead.assigned', timestamp: event!.occurred_at.toISOString() });

    const { delivery, attempts } = await attempted(event!.id, 1);
    expect(delivery).toMatchObject({
      status: 'DELIVERED',
      attempt_count: 1,
      next_attempt_at: null,
      last_status_code: 200,
      last_error: null,
    });
    expect(delivery.delivered_at).toBeInstanceOf(Date);
    expect(attempts).toEqual([
      expect.objectContaining({ outcome: 'SUCCESS', status_code: 200, response_excerpt: 'ok', error: null, next_attempt_at: null }),
    ]);
    await sleep(300);
    expect(receiver.deliveries).toHaveLength(1);

    const metrics = await request(`http://127.0.0.1:${app.app.get(MetricsServer).port}`)
      .get('/metrics')
      .expect(200);
    expect(metrics.text).toMatch(/^webhook_deliveries_total\{outcome="success"\} [1-9]/m);
    expect(metrics.text).toMatch(/^webhook_delivery_seconds_count [1-9]/m);
  });

  it('a receiver that fails twice gets the event on the third attempt, with the same webhook-id; each wait is the schedule’s', async () => {
    const { partnerId, receiver, endpoint } = await subscriber('재시도 파트너');
    receiver.script({ status: 500, body: 'boom' }, 503);
    const [eventId] = await testEvents(app, partnerId, endpoint.id);

    const first = await attempted(eventId!, 1);
    expect(first.delivery).toMatchObject({ status: 'PENDING', last_status_code: 500, last_error: 'HTTP 500' });
    expect(first.attempts[0]).toMatchObject({ outcome: 'HTTP_ERROR', status_code: 500, response_excerpt: 'boom' });
    expect(first.attempts[0]!.next_attempt_at).toEqual(first.delivery.next_attempt_at);
    expect(waitedMs(first.attempts[0]!)).toBeGreaterThanOrEqual(0.9 * RETRY_SCHEDULE_MS[1]);
    expect(waitedMs(first.attempts[0]!)).toBeLessThanOrEqual(1.1 * RETRY_SCHEDULE_MS[1] + 1000);
    expect((await endpointRow(endpoint.id)).failing_since).toBeInstanceOf(Date);

    await dueNow(eventId!);
    const second = await attempted(eventId!, 2);
    expect(second.attempts[1]).toMatchObject({ outcome: 'HTTP_ERROR', status_code: 503 });
    expect(waitedMs(second.attempts[1]!)).toBeGreaterThanOrEqual(0.9 * RETRY_SCHEDULE_MS[2]);
    expect(waitedMs(second.attempts[1]!)).toBeLessThanOrEqual(1.1 * RETRY_SCHEDULE_MS[2] + 1000);

    await dueNow(eventId!);
    const third = await attempted(eventId!, 3);
    expect(third.delivery).toMatchObject({ status: 'DELIVERED', attempt_count: 3, next_attempt_at: null });
    expect(third.attempts.map((attempt) => attempt.outcome)).toEqual(['HTTP_ERROR', 'HTTP_ERROR', 'SUCCESS']);
    expect(receiver.deliveries.map((received) => [received.status, received.headers['webhook-id'], received.verifiedWith])).toEqual([
      [500, eventId, [0]],
      [503, eventId, [0]],
      [200, eventId, [0]],
    ]);
    expect(new Set(receiver.deliveries.map((received) => received.body)).size).toBe(1);
    expect((await endpointRow(endpoint.id)).failing_since).toBeNull();
  });

  it('410 Gone fails the delivery and disables the endpoint, saying why; its partner’s next events are not written', async () => {
    const { partnerId, receiver, endpoint } = await subscriber('410 파트너');
    receiver.script(410);
    const [eventId] = await testEvents(app, partnerId, endpoint.id);

    const { delivery, attempts } = await attempted(eventId!, 1);
    expect(delivery).toMatchObject({ status: 'FAILED', attempt_count: 1, next_attempt_at: null, last_status_code: 410 });
    expect(attempts).toEqual([expect.objectContaining({ outcome: 'HTTP_ERROR', status_code: 410, next_attempt_at: null })]);
    const row = await endpointRow(endpoint.id);
    expect(row).toMatchObject({ enabled: false, disabled_reason: expect.stringContaining('410 Gone') });
    expect(row.disabled_at).toBeInstanceOf(Date);

    const leadId = await deliverLead(app, productId, partnerId);
    expect(await sql(`SELECT id FROM webhook_events WHERE subject_id = $1`, [leadId])).toEqual([]);
    await sleep(200);
    expect(receiver.deliveries).toHaveLength(1);
  });

  it('429 and 503 wait what Retry-After asks: delay-seconds or an HTTP date', async () => {
    const { partnerId, receiver, endpoint } = await subscriber('Retry-After 파트너');
    receiver.script({ status: 429, headers: { 'retry-after': '120' } });
    const [eventId] = await testEvents(app, partnerId, endpoint.id);

    const first = await attempted(eventId!, 1);
    expect(first.attempts[0]).toMatchObject({ outcome: 'HTTP_ERROR', status_code: 429 });
    expect(Math.abs(first.delivery.next_attempt_at!.getTime() - (Date.now() + 120_000))).toBeLessThan(3000);

    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000);
    receiver.script({ status: 503, headers: { 'retry-after': at.toUTCString() } });
    await dueNow(eventId!);
    const second = await attempted(eventId!, 2);
    expect(second.attempts[1]).toMatchObject({ outcome: 'HTTP_ERROR', status_code: 503 });
    expect(second.delivery.next_attempt_at!.getTime()).toBe(at.getTime());

    await dueNow(eventId!);
    expect((await attempted(eventId!, 3)).delivery.status).toBe('DELIVERED');
  });

  it('after the tenth failed attempt the delivery is FAILED, each attempt having waited its step of the schedule', async () => {
    const { partnerId, receiver, endpoint } = await subscriber('실패 파트너');
    receiver.script(...Array.from({ length: 10 }, () => 500));
    const [eventId] = await testEvents(app, partnerId, endpoint.id);

    for (let attempt = 1; attempt <= 10; attempt++) {
      const { attempts } = await attempted(eventId!, attempt);
      const last = attempts[attempt - 1]!;
      if (attempt < 10) {
        expect(waitedMs(last)).toBeGreaterThanOrEqual(0.9 * RETRY_SCHEDULE_MS[attempt]!);
        expect(waitedMs(last)).toBeLessThanOrEqual(1.1 * RETRY_SCHEDULE_MS[attempt]! + 1000);
        await dueNow(eventId!);
      } else {
        expect(last.next_attempt_at).toBeNull();
      }
    }
    const delivery = await deliveryOf(eventId!);
    expect(delivery).toMatchObject({ status: 'FAILED', attempt_count: 10, next_attempt_at: null, last_status_code: 500 });
    expect(await attemptsOf(delivery.id)).toHaveLength(10);
    expect(receiver.deliveries).toHaveLength(10);
    expect((await endpointRow(endpoint.id)).enabled).toBe(true);
  });

  it('an endpoint failing for 5 days is disabled at its next failure, naming the 5 days and the last error; 4 days is not enough', async () => {
    const { partnerId, receiver, endpoint } = await subscriber('5일 파트너');
    await sql(`UPDATE webhook_endpoints SET failing_since = now() - interval '4 days' WHERE id = $1`, [endpoint.id]);
    receiver.script(500, 502);
    const [eventId] = await testEvents(app, partnerId, endpoint.id);

    await attempted(eventId!, 1);
    const still = await endpointRow(endpoint.id);
    expect(still.enabled).toBe(true);
    expect(Date.now() - still.failing_since!.getTime()).toBeGreaterThan(4 * 86_400_000 - 60_000);

    await sql(`UPDATE webhook_endpoints SET failing_since = now() - interval '5 days 1 minute' WHERE id = $1`, [endpoint.id]);
    await dueNow(eventId!);
    const { delivery } = await attempted(eventId!, 2);
    const row = await endpointRow(endpoint.id);
    expect(row.enabled).toBe(false);
    expect(row.disabled_reason).toMatch(/5 days.*HTTP 502/);
    // The delivery waits for the endpoint to be enabled again.
    expect(delivery).toMatchObject({ status: 'PENDING', attempt_count: 2 });
    await dueNow(eventId!);
    await sleep(300);
    expect(receiver.deliveries).toHaveLength(2);
  });

  it('after a rotation both secrets sign during the overlap, and either verifies; then only the new one', async () => {
    const { partnerId, receiver, endpoint } = await subscriber('교체 파트너');
    const secrets = app.app.get(WebhookSecrets);
    const rotated = secrets.generate();
    const sealed = secrets.seal(rotated);
    await sql(
      `UPDATE webhook_endpoints
          SET previous_secret_ciphertext = secret_ciphertext, previous_secret_key_id = secret_key_id,
              previous_secret_expires_at = now() + interval '24 hours', secret_ciphertext = $2, secret_key_id = $3
        WHERE id = $1`,
      [endpoint.id, sealed.ciphertext, sealed.keyId],
    );
    receiver.secrets.push(rotated);

    await testEvents(app, partnerId, endpoint.id);
    const [during] = await receiver.waitFor((all) => all.length === 1);
    expect(String(during!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(during!.verifiedWith).toEqual([0, 1]);

    await sql(`UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [endpoint.id]);
    await testEvents(app, partnerId, endpoint.id);
    const after = (await receiver.waitFor((all) => all.length === 2))[1]!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(after.verifiedWith).toEqual([1]);
  });

  it('does not follow a redirect: a 3xx is a failed attempt and nothing is sent to its Location', async () => {
    const { partnerId, receiver, endpoint } = await subscriber('리다이렉트 파트너');
    receiver.script({ status: 307, headers: { location: receiver.url('/elsewhere') } });
    const [eventId] = await testEvents(app, partnerId, endpoint.id);

    const { delivery, attempts } = await attempted(eventId!, 1);
    expect(attempts[0]).toMatchObject({ outcome: 'HTTP_ERROR', status_code: 307 });
    expect(delivery.status).toBe('PENDING');
    await sleep(200);
    expect(receiver.deliveries.map((received) => received.path)).toEqual(['/hooks']);
  });

  it('gives up on an endpoint that has not answered within WEBHOOK_TIMEOUT_MS, and retries', async () => {
    const { partnerId, receiver, endpoint } = await subscriber('타임아웃 파트너');
    receiver.script({ status: 200, delayMs: 3000 });
    const [eventId] = await testEvents(app, partnerId, endpoint.id);

    const { delivery, attempts } = await attempted(eventId!, 1);
    expect(attempts[0]).toMatchObject({ outcome: 'TIMEOUT', status_code: null, error: expect.stringContaining('1000 ms') });
    expect(attempts[0]!.latency_ms).toBeGreaterThanOrEqual(990);
    expect(attempts[0]!.latency_ms).toBeLessThan(2500);
    expect(delivery.status).toBe('PENDING');

    await dueNow(eventId!);
    expect((await attempted(eventId!, 2)).delivery.status).toBe('DELIVERED');
  });

  it('a delivery whose worker died mid-send is left alone while its lease lasts, then sent again', async () => {
    const { partnerId, receiver, endpoint } = await subscriber('임대 파트너');
    const [eventId] = await testEvents(app, partnerId, endpoint.id, 1, { leasedForMs: 1000 });

    await sleep(700);
    expect(receiver.deliveries).toEqual([]);
    const [received] = await receiver.waitFor((all) => all.length === 1);
    expect(received!.headers['webhook-id']).toBe(eventId);
    const { delivery, attempts } = await attempted(eventId!, 2);
    expect(delivery).toMatchObject({ status: 'DELIVERED', attempt_count: 2 });
    expect(attempts).toEqual([expect.objectContaining({ outcome: 'SUCCESS' })]);
  });

  it('an ordered endpoint delivers in event order: while the first event is retried the later ones wait', async () => {
    const { partnerId, receiver, endpoint } = await subscriber('순서 파트너');
    receiver.script(500);
    const eventIds = await testEvents(app, partnerId, endpoint.id, 3);

    await attempted(eventIds[0]!, 1);
    await sleep(400);
    expect(receiver.deliveries).toHaveLength(1);
    expect((await deliveryOf(eventIds[1]!)).attempt_count).toBe(0);
    expect((await deliveryOf(eventIds[2]!)).attempt_count).toBe(0);

    await dueNow(eventIds[0]!);
    await receiver.waitFor((all) => all.length === 4);
    expect(receiver.deliveries.map((received) => [received.status, received.headers['webhook-id']])).toEqual([
      [500, eventIds[0]],
      [200, eventIds[0]],
      [200, eventIds[1]],
      [200, eventIds[2]],
    ]);
  });

  it('a parallel endpoint has at most WEBHOOK_ENDPOINT_MAX_IN_FLIGHT deliveries in flight', async () => {
    // A receiver of its own that counts the requests it holds at once.
    let holding = 0;
    let most = 0;
    const ids: string[] = [];
    const server = createServer((req, res) => {
      holding += 1;
      most = Math.max(most, holding);
      ids.push(String(req.headers['webhook-id']));
      req.resume();
      setTimeout(() => {
        holding -= 1;
        res.writeHead(204).end();
      }, 150);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const partner = await given(app).partner('병렬 파트너');
      const endpoint = await insertEndpoint(app, partner.id, `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
        parallelDelivery: true,
      });
      const eventIds = await testEvents(app, partner.id, endpoint.id, 8);
      await eventually(
        async () =>
          (
            await sql<Array<{ n: number }>>(
              `SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND status = 'DELIVERED'`,
              [endpoint.id],
            )
          )[0]!.n,
        (n) => n === 8,
        'eight deliveries',
      );
      expect(most).toBe(2);
      expect(ids.sort()).toEqual([...eventIds].sort());
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('one slow endpoint does not hold up another’s deliveries', async () => {
    const slow = await subscriber('느린 파트너', { parallelDelivery: true });
    const fast = await subscriber('빠른 파트너');
    slow.receiver.script(...Array.from({ length: 2 }, () => ({ status: 200, delayMs: 800 })));
    await testEvents(app, slow.partnerId, slow.endpoint.id, 2);
    await testEvents(app, fast.partnerId, fast.endpoint.id, 3);

    // All of the fast endpoint's, one after the other, while the slow one still holds its first two.
    await fast.receiver.waitFor((all) => all.length === 3);
    expect(slow.receiver.deliveries).toHaveLength(0);
    await slow.receiver.waitFor((all) => all.length === 2);
  });

  describe('with a second replica on the same database', () => {
    let replica: LeadDistributionTestApp;
    beforeAll(async () => {
      replica = await startLeadDistribution({ databaseUrl: app.databaseUrl, env: ENV });
    });
    afterAll(() => replica.close());

    it('two workers drain long ordered queues without leaving any delivery parked behind one already sent', async () => {
      const receiver = await WebhookReceiver.start();
      receivers.push(receiver);
      const endpoints: Array<{ partnerId: number; id: string }> = [];
      for (let index = 0; index < 4; index += 1) {
        const partner = await given(app).partner(`긴 대기열 파트너 ${index}`);
        const endpoint = await insertEndpoint(app, partner.id, receiver.url(`/queue/${index}`));
        receiver.secrets.push(endpoint.secret);
        endpoints.push({ partnerId: partner.id, id: endpoint.id });
      }
      await Promise.all(endpoints.map((endpoint) => testEvents(app, endpoint.partnerId, endpoint.id, 60)));
      // Each queue goes one at a time; a wake lost between a claim and a record would park the rest 10 minutes.
      await receiver.waitFor((all) => all.length >= 240, 20_000);
      expect(new Set(receiver.deliveries.map((delivery) => delivery.headers['webhook-id'])).size).toBe(240);
    });

    it('two workers never deliver one event twice (20 runs), and keep each ordered endpoint’s order', async () => {
      const receiver = await WebhookReceiver.start();
      receivers.push(receiver);
      const endpoints: Array<{ partnerId: number; id: string; path: string; parallel: boolean }> = [];
      for (const [index, parallel] of [false, true, false, true, false, true, false, true].entries()) {
        const partner = await given(app).partner(`복제 파트너 ${index}`);
        const path = `/hooks/${index}`;
        const endpoint = await insertEndpoint(app, partner.id, receiver.url(path), { parallelDelivery: parallel });
        receiver.secrets.push(endpoint.secret);
        endpoints.push({ partnerId: partner.id, id: endpoint.id, path, parallel });
      }

      const successes = async (instance: LeadDistributionTestApp) => {
        const metrics = await request(`http://127.0.0.1:${instance.app.get(MetricsServer).port}`)
          .get('/metrics')
          .expect(200);
        return Number(/^webhook_deliveries_total\{outcome="success"\} (\d+)/m.exec(metrics.text)?.[1] ?? 0);
      };
      const before = { app: await successes(app), replica: await successes(replica) };

      for (let run = 0; run < 20; run++) {
        const start = receiver.deliveries.length;
        const sent = await Promise.all(endpoints.map((endpoint) => testEvents(app, endpoint.partnerId, endpoint.id, 4)));
        await receiver.waitFor((all) => all.length >= start + 32, 5000);
        await sleep(30);
        const received = receiver.deliveries.slice(start);
        const ids = received.map((delivery) => delivery.headers['webhook-id']);
        expect(ids).toHaveLength(32);
        expect(new Set(ids).size).toBe(32);
        expect(received.every((delivery) => delivery.verifiedWith.length === 1)).toBe(true);
        endpoints.forEach((endpoint, index) => {
          const order = received.filter((delivery) => delivery.path === endpoint.path).map((delivery) => delivery.headers['webhook-id']);
          expect(endpoint.parallel ? [...order].sort() : order).toEqual(endpoint.parallel ? [...sent[index]!].sort() : sent[index]);
        });
      }

      // Every delivery was attempted once: a second send would have left a second attempt row.
      const [counts] = await sql<Array<{ deliveries: number; delivered: number; attempts: number }>>(
        `SELECT count(*)::int AS deliveries, count(*) FILTER (WHERE d.status = 'DELIVERED' AND d.attempt_count = 1)::int AS delivered,
                (SELECT count(*)::int FROM background_attempts a JOIN webhook_deliveries x ON a.work = 'webhook-delivery' AND x.id::text = a.item_id
                  WHERE x.endpoint_id = ANY($1::uuid[])) AS attempts
           FROM webhook_deliveries d WHERE d.endpoint_id = ANY($1::uuid[])`,
        [endpoints.map((endpoint) => endpoint.id)],
      );
      expect(counts).toEqual({ deliveries: 640, delivered: 640, attempts: 640 });
      // Both workers took part.
      expect(await successes(app)).toBeGreaterThan(before.app);
      expect(await successes(replica)).toBeGreaterThan(before.replica);
    });
  });

  describe('without the test switch for private addresses', () => {
    let guarded: LeadDistributionTestApp;
    beforeAll(async () => {
      guarded = await startLeadDistribution({ env: { WEBHOOK_WORKER_CONCURRENCY: '16', WEBHOOK_POLL_MS: '50' } });
    });
    afterAll(() => guarded.close());

    it('refuses at send time an endpoint that resolves to 127.0.0.1: a BLOCKED_ADDRESS attempt, nothing reaches it', async () => {
      const receiver = await WebhookReceiver.start();
      receivers.push(receiver);
      const partner = await given(guarded).partner('사설 주소 파트너');
      for (const url of [receiver.url(), receiver.url().replace('127.0.0.1', 'localhost')]) {
        const endpoint = await insertEndpoint(guarded, partner.id, url);
        const [eventId] = await testEvents(guarded, partner.id, endpoint.id);
        const delivery = await eventually(
          async () =>
            (await guarded.dataSource.query<DeliveryRow[]>(`SELECT * FROM webhook_deliveries WHERE event_id = $1`, [eventId]))[0]!,
          (row) => row.attempt_count === 1 && row.lease_until === null,
          'the refused attempt',
        );
        const attempts = await guarded.dataSource.query<AttemptRow[]>(ATTEMPTS_OF_DELIVERY, [delivery.id]);
        // The error names the host the partner gave, never the address a name resolved to (the partner reads it).
        const host = new URL(url).hostname;
        expect(attempts).toEqual([
          expect.objectContaining({
            outcome: 'BLOCKED_ADDRESS',
            status_code: null,
            error: `${host} resolves to an address webhooks may not reach`,
          }),
        ]);
        if (host === 'localhost') expect(attempts[0]!.error).not.toMatch(/127\.0\.0\.1|::1/);
        expect(delivery).toMatchObject({ status: 'PENDING', last_status_code: null });
      }
      await sleep(200);
      expect(receiver.deliveries).toEqual([]);
    });
  });
});
