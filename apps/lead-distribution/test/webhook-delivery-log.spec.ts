import { randomUUID } from 'node:crypto';
import type { WebhookDeliveryDto } from '#contracts';
import { deliverLead, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';
import { DAY_MS, startWebhookEndpointsApp, webhookEndpointCalls, withinAMinuteOf } from './support/webhook-endpoints.js';

describe('webhook endpoints and their delivery log', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startWebhookEndpointsApp();
  });
  afterAll(() => app?.close());

  const { partner, register } = webhookEndpointCalls(() => app);

  /** An event and its delivery to `endpointId`, written as the outbox and the worker leave them. */
  async function insertDelivery(
    endpointId: string,
    partnerId: number,
    {
      status = 'PENDING',
      type = 'lead.assigned',
      createdAt = new Date(),
      attemptCount = 0,
      nextAttemptAt = createdAt as Date | null,
      deliveredAt = null as Date | null,
    } = {},
  ): Promise<{ id: string; eventId: string }> {
    const eventId = randomUUID();
    const id = randomUUID();
    const payload = { id: eventId, type, timestamp: createdAt.toISOString(), data: {} };
    const [event] = await app.dataSource.query<Array<{ seq: string }>>(
      `INSERT INTO webhook_events (id, type, partner_id, subject_id, occurred_at, payload) VALUES ($1, $2, $3, $4, $5, $6) RETURNING seq`,
      [eventId, type, partnerId, randomUUID(), createdAt, payload],
    );
    await app.dataSource.query(
      `INSERT INTO webhook_deliveries (id, event_id, event_seq, endpoint_id, status, attempt_count, next_attempt_at, last_attempt_at,
                                       last_status_code, delivered_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        id,
        eventId,
        event!.seq,
        endpointId,
        status,
        attemptCount,
        nextAttemptAt,
        attemptCount > 0 ? createdAt : null,
        status === 'DELIVERED' ? 200 : status === 'FAILED' ? 500 : null,
        deliveredAt,
        createdAt,
      ],
    );
    return { id, eventId };
  }

  // Days of the delivery log for the tests that place deliveries in time: day 1 is ten days ago, so
  // every one is past and within the log's retention (WEBHOOK_RETENTION_DAYS), whatever the date.
  const firstDay = new Date(Date.now() - 10 * DAY_MS);
  /** 09:00 UTC (18:00 in Korea) on day `day`. */
  const at = (day: number) => new Date(Date.UTC(firstDay.getUTCFullYear(), firstDay.getUTCMonth(), firstDay.getUTCDate() + day - 1, 9));
  /** Day `day` as YYYY-MM-DD. */
  const dateOf = (day: number) => at(day).toISOString().slice(0, 10);

  describe('the delivery log', () => {
    it('lists an endpoint’s deliveries newest first, filtered by status, event type and creation time, page by page', async () => {
      const { id: partnerId, apiKey, as } = await partner('Hook Log');
      const endpoint = await register(apiKey, { eventTypes: ['lead.assigned', 'order.completed'] });
      const old = await insertDelivery(endpoint.id, partnerId, {
        status: 'DELIVERED',
        createdAt: at(1),
        attemptCount: 1,
        deliveredAt: at(1),
      });
      const failed = await insertDelivery(endpoint.id, partnerId, {
        status: 'FAILED',
        type: 'order.completed',
        createdAt: at(2),
        attemptCount: 10,
      });
      const pending = await insertDelivery(endpoint.id, partnerId, { status: 'PENDING', createdAt: at(3) });
      const ids = async (query: Record<string, string | number>) =>
        (await as.get(`/api/v1/webhooks/endpoints/${endpoint.id}/deliveries`).query(query).expect(200)).body.data.map(
          (delivery: WebhookDeliveryDto) => delivery.id,
        );

      expect(await ids({})).toEqual([pending.id, failed.id, old.id]);
      expect(await ids({ status: 'FAILED' })).toEqual([failed.id]);
      expect(await ids({ eventType: 'lead.assigned' })).toEqual([pending.id, old.id]);
      expect(await ids({ since: dateOf(2) })).toEqual([pending.id, failed.id]);
      expect(await ids({ until: `${dateOf(2)}T09:00:00Z` })).toEqual([old.id]);
      expect(await ids({ since: `${dateOf(2)}T00:00:00+09:00`, until: dateOf(3) })).toEqual([failed.id]);
      expect(await ids({ limit: 2, page: 2 })).toEqual([old.id]);
      const page = await as.get(`/api/v1/webhooks/endpoints/${endpoint.id}/deliveries`).query({ limit: 2 }).expect(200);
      expect(page.body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
      expect(page.body.data[1]).toMatchObject({ eventType: 'order.completed', status: 'FAILED', attemptCount: 10, lastStatusCode: 500 });
    });

    it.each([
      ['status', { status: 'LOST' }],
      ['eventType', { eventType: 'lead.used' }],
      ['since', { since: '2026-02-30' }],
      ['until', { until: 'yesterday' }],
      ['limit', { limit: 101 }],
      ['partnerId', { partnerId: 1 }],
    ])('refuses a delivery filter with a bad %s, naming it', async (field, query) => {
      const { apiKey, as } = await partner(`Hook Log Invalid ${field}`);
      const endpoint = await register(apiKey);
      const response = await as.get(`/api/v1/webhooks/endpoints/${endpoint.id}/deliveries`).query(query).expect(400);
      expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    });

    it('shows a delivery with the body sent and every attempt, oldest first', async () => {
      const { id: partnerId, apiKey, as } = await partner('Hook Attempts');
      const endpoint = await register(apiKey);
      const delivery = await insertDelivery(endpoint.id, partnerId, { status: 'PENDING', attemptCount: 2 });
      const first = randomUUID();
      const second = randomUUID();
      // Written out of order: the log orders them by time.
      await app.dataSource.query(
        `INSERT INTO background_attempts (id, work, item_id, attempted_at, outcome, status_code, latency_ms, detail, error, next_attempt_at)
         VALUES ($1, 'webhook-delivery', $3, now() - interval '5 seconds', 'TIMEOUT', NULL, 15000, NULL, 'no answer within 15000 ms', now()),
                ($2, 'webhook-delivery', $3, now() - interval '1 minute', 'HTTP_ERROR', 503, 42, 'busy', NULL, now() - interval '5 seconds')`,
        [second, first, delivery.id],
      );
      const detail = await as.get(`/api/v1/webhooks/deliveries/${delivery.id}`).expect(200);
      expect(detail.body.payload).toEqual({ id: delivery.eventId, type: 'lead.assigned', timestamp: expect.any(String), data: {} });
      expect(detail.body.attempts).toEqual([
        {
          id: first,
          attemptedAt: expect.any(String),
          outcome: 'HTTP_ERROR',
          statusCode: 503,
          latencyMs: 42,
          responseExcerpt: 'busy',
          error: null,
          nextAttemptAt: expect.any(String),
        },
        {
          id: second,
          attemptedAt: expect.any(String),
          outcome: 'TIMEOUT',
          statusCode: null,
          latencyMs: 15000,
          responseExcerpt: null,
          error: 'no answer within 15000 ms',
          nextAttemptAt: expect.any(String),
        },
      ]);
    });

    it('shows an event of the outbox with no payload until the first attempt renders it', async () => {
      const { product } = await given(app).provider().product('Hook Outbox 상품');
      const { id: partnerId, apiKey, as } = await partner('Hook Outbox');
      const endpoint = await register(apiKey);
      await deliverLead(app, product.id, partnerId);
      const [delivery] = (await as.get(`/api/v1/webhooks/endpoints/${endpoint.id}/deliveries`).expect(200)).body.data;
      expect(delivery).toMatchObject({ eventType: 'lead.assigned', status: 'PENDING', attemptCount: 0 });
      const detail = await as.get(`/api/v1/webhooks/deliveries/${delivery.id}`).expect(200);
      expect(detail.body).toMatchObject({ id: delivery.id, payload: null, attempts: [] });
    });
  });

  describe('resend and recover', () => {
    it('resends a failed or delivered delivery as a new cycle, and hurries a pending one', async () => {
      const { id: partnerId, apiKey, as } = await partner('Hook Resend');
      const endpoint = await register(apiKey);
      const failed = await insertDelivery(endpoint.id, partnerId, { status: 'FAILED', attemptCount: 10, nextAttemptAt: null });
      const delivered = await insertDelivery(endpoint.id, partnerId, { status: 'DELIVERED', attemptCount: 1, deliveredAt: new Date() });
      const waiting = await insertDelivery(endpoint.id, partnerId, {
        status: 'PENDING',
        attemptCount: 3,
        nextAttemptAt: new Date(Date.now() + 2 * 60 * 60 * 1000),
      });

      for (const { id } of [failed, delivered]) {
        const resent = await as.post(`/api/v1/webhooks/deliveries/${id}/resend`).send({}).expect(202);
        expect(resent.body).toMatchObject({ id, status: 'PENDING', attemptCount: 0, deliveredAt: null });
        expect(withinAMinuteOf(resent.body.nextAttemptAt, Date.now())).toBe(true);
      }
      const hurried = await as.post(`/api/v1/webhooks/deliveries/${waiting.id}/resend`).send({}).expect(202);
      expect(hurried.body).toMatchObject({ id: waiting.id, status: 'PENDING', attemptCount: 3 });
      expect(withinAMinuteOf(hurried.body.nextAttemptAt, Date.now())).toBe(true);

      // The resent event keeps its id (the webhook-id a receiver de-duplicates on).
      expect((await as.get(`/api/v1/webhooks/deliveries/${failed.id}`).expect(200)).body.eventId).toBe(failed.eventId);
      expect(
        (await as.get(`/api/v1/webhooks/endpoints/${endpoint.id}/deliveries`).query({ status: 'PENDING' })).body.pagination.total,
      ).toBe(3);
    });

    it('resends nothing to a disabled endpoint', async () => {
      const { id: partnerId, apiKey, as } = await partner('Hook Resend Disabled');
      const endpoint = await register(apiKey);
      const failed = await insertDelivery(endpoint.id, partnerId, { status: 'FAILED', attemptCount: 10, nextAttemptAt: null });
      await as.patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({ enabled: false }).expect(200);
      const refused = await as.post(`/api/v1/webhooks/deliveries/${failed.id}/resend`).send({}).expect(409);
      expect(refused.body.code).toBe('WEBHOOK_ENDPOINT_DISABLED');
      expect((await as.get(`/api/v1/webhooks/deliveries/${failed.id}`).expect(200)).body.status).toBe('FAILED');
    });

    it('recovers the failed deliveries created in the window, and only those', async () => {
      const { id: partnerId, apiKey, as } = await partner('Hook Recover');
      const endpoint = await register(apiKey);
      const other = await register(apiKey);
      const before = await insertDelivery(endpoint.id, partnerId, {
        status: 'FAILED',
        createdAt: at(1),
        attemptCount: 10,
        nextAttemptAt: null,
      });
      const inside = await insertDelivery(endpoint.id, partnerId, {
        status: 'FAILED',
        createdAt: at(3),
        attemptCount: 10,
        nextAttemptAt: null,
      });
      const later = await insertDelivery(endpoint.id, partnerId, {
        status: 'FAILED',
        createdAt: at(6),
        attemptCount: 10,
        nextAttemptAt: null,
      });
      const delivered = await insertDelivery(endpoint.id, partnerId, {
        status: 'DELIVERED',
        createdAt: at(4),
        attemptCount: 1,
        deliveredAt: at(4),
      });
      const elsewhere = await insertDelivery(other.id, partnerId, {
        status: 'FAILED',
        createdAt: at(3),
        attemptCount: 10,
        nextAttemptAt: null,
      });
      const status = async (id: string) => (await as.get(`/api/v1/webhooks/deliveries/${id}`).expect(200)).body;

      const windowed = await as
        .post(`/api/v1/webhooks/endpoints/${endpoint.id}/recover`)
        .send({ since: dateOf(2), until: dateOf(5) })
        .expect(202);
      expect(windowed.body).toEqual({ count: 1 });
      expect(await status(inside.id)).toMatchObject({ status: 'PENDING', attemptCount: 0 });
      expect(withinAMinuteOf((await status(inside.id)).nextAttemptAt, Date.now())).toBe(true);
      expect(await status(before.id)).toMatchObject({ status: 'FAILED', attemptCount: 10 });
      expect(await status(later.id)).toMatchObject({ status: 'FAILED' });
      expect(await status(delivered.id)).toMatchObject({ status: 'DELIVERED' });
      expect(await status(elsewhere.id)).toMatchObject({ status: 'FAILED' });

      const open = await as
        .post(`/api/v1/webhooks/endpoints/${endpoint.id}/recover`)
        .send({ since: dateOf(1) })
        .expect(202);
      expect(open.body).toEqual({ count: 2 });
      expect(await status(before.id)).toMatchObject({ status: 'PENDING' });
      expect(await status(later.id)).toMatchObject({ status: 'PENDING' });
    });

    it('refuses a recovery with a bad window, or for a disabled endpoint', async () => {
      const { apiKey, as } = await partner('Hook Recover Invalid');
      const endpoint = await register(apiKey);
      const path = `/api/v1/webhooks/endpoints/${endpoint.id}/recover`;
      expect((await as.post(path).send({}).expect(400)).body.errors.map((error: { field: string }) => error.field)).toEqual(['since']);
      expect((await as.post(path).send({ since: '2026-13-01' }).expect(400)).body.errors[0].field).toBe('since');
      expect((await as.post(path).send({ since: '2026-11-05', until: '2026-11-05' }).expect(400)).body.errors).toEqual([
        { field: 'until', message: 'must be after since' },
      ]);
      await as.patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({ enabled: false }).expect(200);
      expect((await as.post(path).send({ since: '2026-11-01' }).expect(409)).body.code).toBe('WEBHOOK_ENDPOINT_DISABLED');
    });
  });
});
