import request from 'supertest';
import { randomUUID } from 'node:crypto';
import type { WebhookEndpointDto } from '#contracts';
import { WebhookSecrets, type EndpointSecrets } from '../src/webhooks/webhook-secrets.js';
import { asOperator, deliverLead, startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';
import { DAY_MS, RECEIVER, startWebhookEndpointsApp, webhookEndpointCalls, withinAMinuteOf } from './support/webhook-endpoints.js';

describe('webhook endpoints and their delivery log', () => {
  /** Lets endpoints reach loopback (the tests' receivers), as the worker tests need. */
  let app: LeadDistributionTestApp;
  /** A second replica on the same database, with the address guard as in production. */
  let guarded: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startWebhookEndpointsApp();
    guarded = await startLeadDistribution({ databaseUrl: app.databaseUrl, env: { WEBHOOK_WORKER_CONCURRENCY: '0' } });
  });
  afterAll(async () => {
    await guarded?.close();
    await app?.close();
  });

  const { partner, register } = webhookEndpointCalls(() => app);

  async function endpointSecrets(id: string): Promise<EndpointSecrets> {
    const [row] = await app.dataSource.query<EndpointSecrets[]>(
      `SELECT secret_ciphertext AS "secretCiphertext", secret_key_id AS "secretKeyId",
              previous_secret_ciphertext AS "previousSecretCiphertext", previous_secret_key_id AS "previousSecretKeyId",
              previous_secret_expires_at AS "previousSecretExpiresAt"
         FROM webhook_endpoints WHERE id = $1`,
      [id],
    );
    return row!;
  }

  describe('registration', () => {
    it('registers an endpoint and shows its signing secret only in that answer', async () => {
      const { id: partnerId, apiKey, as } = await partner('Hook Register');
      const created = await register(apiKey, {
        eventTypes: ['lead.assigned', 'order.completed'],
        description: '  CRM 운영 서버  ',
        parallelDelivery: true,
      });
      expect(created).toEqual({
        id: expect.any(String),
        partnerId,
        url: RECEIVER,
        description: 'CRM 운영 서버',
        eventTypes: ['lead.assigned', 'order.completed'],
        enabled: true,
        disabledReason: null,
        disabledAt: null,
        parallelDelivery: true,
        failingSince: null,
        previousSecretExpiresAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      });
      const { secret, ...shown } = created;

      const read = await as.get(`/api/v1/webhooks/endpoints/${created.id}`).expect(200);
      expect(read.body).toEqual(shown);
      const listed = await as.get('/api/v1/webhooks/endpoints').expect(200);
      expect(listed.body).toEqual({ data: [shown], pagination: { page: 1, limit: 20, total: 1, totalPages: 1 } });
      expect(JSON.stringify([read.body, listed.body])).not.toContain('whsec_');

      // Kept only sealed, and it is the secret that signs.
      const stored = await endpointSecrets(created.id);
      expect(stored.secretCiphertext.toString('latin1')).not.toContain(secret.slice(6));
      expect(app.app.get(WebhookSecrets).signingSecrets(stored, new Date())).toEqual([secret]);
    });

    it('delivers in event order unless the partner asks for parallel delivery, and takes no description', async () => {
      const { apiKey } = await partner('Hook Defaults');
      expect(await register(apiKey)).toMatchObject({ parallelDelivery: false, description: null, enabled: true });
    });

    it('lists a partner’s endpoints newest first, page by page', async () => {
      const { apiKey, as } = await partner('Hook Pages');
      const ids = [];
      for (let i = 0; i < 3; i += 1) ids.push((await register(apiKey, { description: `endpoint ${i}` })).id);
      const first = await as.get('/api/v1/webhooks/endpoints').query({ limit: 2 }).expect(200);
      expect(first.body.data.map((endpoint: WebhookEndpointDto) => endpoint.id)).toEqual([ids[2], ids[1]]);
      expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
      const second = await as.get('/api/v1/webhooks/endpoints').query({ limit: 2, page: 2 }).expect(200);
      expect(second.body.data.map((endpoint: WebhookEndpointDto) => endpoint.id)).toEqual([ids[0]]);
    });

    it('refuses a 21st endpoint for one partner, also when 21 registrations race', async () => {
      const { id: partnerId, apiKey } = await partner('Hook Limit');
      const attempts = await Promise.all(
        Array.from({ length: 21 }, () =>
          withKey(app, apiKey)
            .post('/api/v1/webhooks/endpoints')
            .send({ url: RECEIVER, eventTypes: ['lead.assigned'] }),
        ),
      );
      expect(attempts.map((response) => response.status).sort()).toEqual([...Array.from({ length: 20 }, () => 201), 409]);
      expect(attempts.find((response) => response.status === 409)!.body).toMatchObject({ code: 'WEBHOOK_ENDPOINT_LIMIT' });
      const [{ count }] = await app.dataSource.query(`SELECT count(*)::int AS count FROM webhook_endpoints WHERE partner_id = $1`, [
        partnerId,
      ]);
      expect(count).toBe(20);
      await withKey(app, apiKey)
        .post('/api/v1/webhooks/endpoints')
        .send({ url: RECEIVER, eventTypes: ['lead.assigned'] })
        .expect(409);
    });

    it.each([
      ['url', { url: undefined }],
      ['url', { url: 'ftp://crm.example.com/hooks' }],
      ['url', { url: '/hooks' }],
      ['url', { url: 'https://user:secret@crm.example.com/hooks' }],
      ['url', { url: 'https://crm.example.com/hooks#here' }],
      ['url', { url: `https://crm.example.com/${'x'.repeat(2048)}` }],
      ['eventTypes', { eventTypes: undefined }],
      ['eventTypes', { eventTypes: [] }],
      ['eventTypes', { eventTypes: ['lead.assigned', 'lead.assigned'] }],
      ['eventTypes', { eventTypes: ['webhook.test'] }],
      ['eventTypes', { eventTypes: 'lead.assigned' }],
      [
        'eventTypes',
        { eventTypes: ['lead.assigned', 'lead.recalled', 'lead_as.reviewed', 'order.completed', 'order.cancelled', 'lead.used'] },
      ],
      ['description', { description: 'x'.repeat(501) }],
      ['parallelDelivery', { parallelDelivery: 'yes' }],
      ['secret', { secret: 'whsec_mine' }],
    ])('refuses a registration with a bad %s (%j), naming it', async (field, change) => {
      const { as } = await partner(`Hook Invalid ${field}`);
      const response = await as
        .post('/api/v1/webhooks/endpoints')
        .send({ url: RECEIVER, eventTypes: ['lead.assigned'], ...change })
        .expect(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    });

    it.each(['http://127.0.0.1/hooks', 'http://10.0.0.1/hooks', 'http://169.254.169.254/latest/meta-data', 'http://localhost/hooks'])(
      'refuses %s without the test-only switch: it is or resolves to an address webhooks may not reach',
      async (url) => {
        const { apiKey } = await partner(`Hook Blocked ${url}`);
        const response = await withKey(guarded, apiKey)
          .post('/api/v1/webhooks/endpoints')
          .send({ url, eventTypes: ['lead.assigned'] })
          .expect(400);
        expect(response.body.errors).toEqual([{ field: 'url', message: expect.stringMatching(/address webhooks may not reach$/) }]);
      },
    );

    it('refuses a host that does not resolve, and a blocked address set by an update', async () => {
      const { apiKey } = await partner('Hook Unresolved');
      const as = withKey(guarded, apiKey);
      const unresolved = await as
        .post('/api/v1/webhooks/endpoints')
        .send({ url: 'https://nowhere.invalid/hooks', eventTypes: ['lead.assigned'] })
        .expect(400);
      // The same answer as for a blocked address: nothing tells a caller which internal names exist.
      expect(unresolved.body.errors).toEqual([
        { field: 'url', message: expect.stringMatching(/^its host nowhere.invalid .*address webhooks may not reach$/) },
      ]);

      const endpoint = await register(apiKey);
      const patched = await as.patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({ url: 'http://10.0.0.1/hooks' }).expect(400);
      expect(patched.body.errors).toEqual([{ field: 'url', message: expect.stringMatching(/address webhooks may not reach$/) }]);
      expect((await as.get(`/api/v1/webhooks/endpoints/${endpoint.id}`).expect(200)).body.url).toBe(RECEIVER);
    });
    it.each([
      ['a leading space', ' http://127.0.0.1:9/hooks'],
      ['a trailing space', 'http://127.0.0.1:9/hooks '],
      ['a tab in the path', 'http://127.0.0.1:9/ho\toks'],
      ['a newline in the host', 'http://127.0.\n0.1:9/hooks'],
      ['a carriage return', 'http://127.0.0.1:9/hooks\r'],
      ['one slash', 'http:/127.0.0.1:9/hooks'],
      ['no slash', 'http:127.0.0.1:9/hooks'],
      ['backslashes', 'http:\\\\127.0.0.1:9/hooks'],
      ['an empty user part', 'http://@127.0.0.1:9/hooks'],
      ['an empty user and password', 'http://:@127.0.0.1:9/hooks'],
    ])('refuses a URL with %s as a 400 naming url, on registration and on change', async (_case, url) => {
      const { apiKey, as } = await partner(`Hook Strict ${_case}`);
      const created = await as.post('/api/v1/webhooks/endpoints').send({ url, eventTypes: ['lead.assigned'] });
      expect({ status: created.status, code: created.body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
      expect(created.body.errors).toEqual([{ field: 'url', message: expect.any(String) }]);
      const endpoint = await register(apiKey);
      const patched = await as.patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({ url });
      expect({ status: patched.status, code: patched.body.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
      expect(patched.body.errors).toEqual([{ field: 'url', message: expect.any(String) }]);
      expect((await as.get(`/api/v1/webhooks/endpoints/${endpoint.id}`).expect(200)).body.url).toBe(RECEIVER);
    });

    it('stores and answers the normalised URL, the one deliveries are sent to', async () => {
      const { apiKey, as } = await partner('Hook Normalised');
      const created = await as
        .post('/api/v1/webhooks/endpoints')
        .send({ url: 'HTTP://LocalHost:80/a/./b/../훅?x=1', eventTypes: ['lead.assigned'] })
        .expect(201);
      const normalised = 'http://localhost/a/%ED%9B%85?x=1';
      expect(created.body.url).toBe(normalised);
      const endpoint = await register(apiKey);
      const patched = await as
        .patch(`/api/v1/webhooks/endpoints/${endpoint.id}`)
        .send({ url: 'http://127.0.0.1:9/x/../hooks/' })
        .expect(200);
      expect(patched.body.url).toBe('http://127.0.0.1:9/hooks/');
      const stored = await app.dataSource.query<Array<{ url: string }>>(
        'SELECT url FROM webhook_endpoints WHERE id = ANY($1) ORDER BY created_at',
        [[created.body.id, endpoint.id]],
      );
      expect(stored.map((row) => row.url)).toEqual([normalised, 'http://127.0.0.1:9/hooks/']);
    });
  });

  describe('changes', () => {
    it('changes the fields given and leaves the others', async () => {
      const { apiKey, as } = await partner('Hook Update');
      const endpoint = await register(apiKey, { description: 'before' });
      const updated = await as
        .patch(`/api/v1/webhooks/endpoints/${endpoint.id}`)
        .send({ url: 'http://127.0.0.1:10/other', eventTypes: ['order.cancelled', 'lead_as.reviewed'], parallelDelivery: true })
        .expect(200);
      expect(updated.body).toMatchObject({
        url: 'http://127.0.0.1:10/other',
        eventTypes: ['order.cancelled', 'lead_as.reviewed'],
        parallelDelivery: true,
        description: 'before',
        enabled: true,
      });
      expect(new Date(updated.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(endpoint.updatedAt).getTime());

      const cleared = await as.patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({ description: null }).expect(200);
      expect(cleared.body.description).toBeNull();
      const unchanged = await as.patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({}).expect(200);
      expect(unchanged.body).toEqual(cleared.body);
    });

    it.each([
      ['url', { url: null }],
      ['eventTypes', { eventTypes: null }],
      ['eventTypes', { eventTypes: ['order.shipped'] }],
      ['enabled', { enabled: null }],
      ['enabled', { enabled: 'false' }],
      ['parallelDelivery', { parallelDelivery: null }],
      ['secret', { secret: 'whsec_mine' }],
    ])('refuses an update with a bad %s (%j), naming it', async (field, change) => {
      const { apiKey, as } = await partner(`Hook Invalid update ${field}`);
      const endpoint = await register(apiKey);
      const response = await as.patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send(change).expect(400);
      expect(response.body.errors.map((error: { field: string }) => error.field)).toContain(field);
    });

    it('disables an endpoint saying who did, and enables it again forgetting why and its failing run', async () => {
      const { id: partnerId, apiKey, as } = await partner('Hook Toggle');
      const endpoint = await register(apiKey);
      const disabled = await as.patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({ enabled: false }).expect(200);
      expect(disabled.body).toMatchObject({ enabled: false, disabledReason: 'disabled by the partner' });
      expect(withinAMinuteOf(disabled.body.disabledAt, Date.now())).toBe(true);
      // Disabling it again changes nothing: the first reason stays.
      const again = await asOperator(app).patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({ enabled: false }).expect(200);
      expect(again.body).toMatchObject({ disabledReason: 'disabled by the partner', disabledAt: disabled.body.disabledAt });

      const enabled = await as.patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({ enabled: true }).expect(200);
      expect(enabled.body).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null, failingSince: null });

      const byOperator = await asOperator(app).patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({ enabled: false }).expect(200);
      expect(byOperator.body).toMatchObject({ enabled: false, partnerId, disabledReason: 'disabled by an operator' });

      // Disabled by the worker after failing for days: enabling clears the run too.
      await app.dataSource.query(
        `UPDATE webhook_endpoints SET failing_since = now() - interval '5 days', disabled_reason = 'failing for 5 days' WHERE id = $1`,
        [endpoint.id],
      );
      const failing = await as.get(`/api/v1/webhooks/endpoints/${endpoint.id}`).expect(200);
      expect(failing.body).toMatchObject({ enabled: false, disabledReason: 'failing for 5 days', failingSince: expect.any(String) });
      const recovered = await as.patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({ enabled: true }).expect(200);
      expect(recovered.body).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
    });

    it('keeps a disabled endpoint out of new events until it is enabled again', async () => {
      const { product } = await given(app).provider().product('Hook Toggle Events 상품');
      const { id: partnerId, apiKey, as } = await partner('Hook Toggle Events');
      const endpoint = await register(apiKey);
      await as.patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({ enabled: false }).expect(200);
      await deliverLead(app, product.id, partnerId);
      expect((await as.get(`/api/v1/webhooks/endpoints/${endpoint.id}/deliveries`).expect(200)).body.data).toEqual([]);
      await as.patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({ enabled: true }).expect(200);
      await deliverLead(app, product.id, partnerId);
      const deliveries = await as.get(`/api/v1/webhooks/endpoints/${endpoint.id}/deliveries`).expect(200);
      expect(deliveries.body.data).toEqual([expect.objectContaining({ eventType: 'lead.assigned', status: 'PENDING' })]);
    });

    it('deletes an endpoint with its deliveries and their attempts', async () => {
      const { apiKey, as } = await partner('Hook Delete');
      const endpoint = await register(apiKey);
      const { deliveryId, eventId } = (await as.post(`/api/v1/webhooks/endpoints/${endpoint.id}/test`).expect(202)).body;
      await app.dataSource.query(
        `INSERT INTO background_attempts (id, work, item_id, attempted_at, outcome, status_code, latency_ms)
         VALUES ($1, 'webhook-delivery', $2, now(), 'HTTP_ERROR', 500, 12)`,
        [randomUUID(), deliveryId],
      );
      await as.delete(`/api/v1/webhooks/endpoints/${endpoint.id}`).expect(204);
      await as.get(`/api/v1/webhooks/endpoints/${endpoint.id}`).expect(404);
      await as.get(`/api/v1/webhooks/deliveries/${deliveryId}`).expect(404);
      await as.delete(`/api/v1/webhooks/endpoints/${endpoint.id}`).expect(404);
      const [left] = await app.dataSource.query(
        `SELECT (SELECT count(*) FROM webhook_deliveries WHERE id = $1)::int AS deliveries,
                (SELECT count(*) FROM background_attempts WHERE work = 'webhook-delivery' AND item_id = $1::text)::int AS attempts,
                (SELECT count(*) FROM webhook_events WHERE id = $2)::int AS events`,
        [deliveryId, eventId],
      );
      // The event stays: it happened, whoever was told.
      expect(left).toEqual({ deliveries: 0, attempts: 0, events: 1 });
    });
  });

  describe('secret rotation', () => {
    it('shows a new secret once and keeps the previous one signing for 24 hours', async () => {
      const { apiKey, as } = await partner('Hook Rotate');
      const endpoint = await register(apiKey);
      const rotated = await as.post(`/api/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`).send({}).expect(200);
      expect(rotated.body).toEqual({ secret: expect.stringMatching(/^whsec_/), previousSecretExpiresAt: expect.any(String) });
      expect(rotated.body.secret).not.toBe(endpoint.secret);
      expect(withinAMinuteOf(rotated.body.previousSecretExpiresAt, Date.now() + DAY_MS)).toBe(true);

      const read = await as.get(`/api/v1/webhooks/endpoints/${endpoint.id}`).expect(200);
      expect(read.body.previousSecretExpiresAt).toBe(rotated.body.previousSecretExpiresAt);
      expect(JSON.stringify(read.body)).not.toContain('whsec_');

      const secrets = app.app.get(WebhookSecrets);
      const stored = await endpointSecrets(endpoint.id);
      expect(secrets.signingSecrets(stored, new Date())).toEqual([rotated.body.secret, endpoint.secret]);
      expect(secrets.signingSecrets(stored, new Date(Date.now() + DAY_MS + 60_000))).toEqual([rotated.body.secret]);

      // A second rotation: the secret it replaces (the first rotation's) is the one kept beside it.
      const second = await asOperator(app).post(`/api/v1/webhooks/endpoints/${endpoint.id}/rotate-secret`).send({}).expect(200);
      expect(secrets.signingSecrets(await endpointSecrets(endpoint.id), new Date())).toEqual([second.body.secret, rotated.body.secret]);
    });
  });

  describe('partners and operators', () => {
    it('answers 404 for another partner’s endpoint or delivery, and lets an operator reach any', async () => {
      const owner = await partner('Hook Owner');
      const stranger = await partner('Hook Stranger');
      const endpoint = await register(owner.apiKey);
      const { deliveryId } = (await owner.as.post(`/api/v1/webhooks/endpoints/${endpoint.id}/test`).expect(202)).body;
      const path = `/api/v1/webhooks/endpoints/${endpoint.id}`;

      const refusals = [
        await stranger.as.get(path),
        await stranger.as.patch(path).send({ enabled: false }),
        await stranger.as.post(`${path}/rotate-secret`).send({}),
        await stranger.as.post(`${path}/test`).send({}),
        await stranger.as.get(`${path}/deliveries`),
        await stranger.as.post(`${path}/recover`).send({ since: '2020-01-01' }),
        await stranger.as.delete(path),
      ];
      expect(refusals.map((response) => [response.status, response.body.code])).toEqual(
        Array.from({ length: refusals.length }, () => [404, 'WEBHOOK_ENDPOINT_NOT_FOUND']),
      );
      for (const response of [
        await stranger.as.get(`/api/v1/webhooks/deliveries/${deliveryId}`),
        await stranger.as.post(`/api/v1/webhooks/deliveries/${deliveryId}/resend`).send({}),
      ]) {
        expect([response.status, response.body.code]).toEqual([404, 'WEBHOOK_DELIVERY_NOT_FOUND']);
      }
      expect((await stranger.as.get('/api/v1/webhooks/endpoints').expect(200)).body.data).toEqual([]);
      const forbidden = await stranger.as.get('/api/v1/webhooks/endpoints').query({ partnerId: owner.id }).expect(403);
      expect(forbidden.body.code).toBe('PARTNER_FORBIDDEN');
      // Nothing changed for the owner.
      expect((await owner.as.get(path).expect(200)).body).toMatchObject({ enabled: true, previousSecretExpiresAt: null });

      const operator = asOperator(app);
      expect((await operator.get(path).expect(200)).body.partnerId).toBe(owner.id);
      await operator.get(`/api/v1/webhooks/deliveries/${deliveryId}`).expect(200);
      await operator.get(`${path}/deliveries`).expect(200);
      expect((await operator.get('/api/v1/webhooks/endpoints').query({ partnerId: owner.id }).expect(200)).body.data).toEqual([
        expect.objectContaining({ id: endpoint.id }),
      ]);
      await operator.delete(path).expect(204);
    });

    it('has an operator name the partner to register and list for, and keeps provider keys out', async () => {
      const { id: partnerId, as } = await partner('Hook Operated');
      const operator = asOperator(app);
      const unnamed = await operator
        .post('/api/v1/webhooks/endpoints')
        .send({ url: RECEIVER, eventTypes: ['lead.assigned'] })
        .expect(400);
      expect(unnamed.body.errors).toEqual([expect.objectContaining({ field: 'partnerId' })]);
      await operator.get('/api/v1/webhooks/endpoints').expect(400);

      const created = await operator
        .post('/api/v1/webhooks/endpoints')
        .send({ partnerId, url: RECEIVER, eventTypes: ['lead.recalled'] })
        .expect(201);
      expect(created.body).toMatchObject({ partnerId, eventTypes: ['lead.recalled'], secret: expect.stringMatching(/^whsec_/) });
      expect((await as.get('/api/v1/webhooks/endpoints').expect(200)).body.data).toEqual([
        expect.objectContaining({ id: created.body.id }),
      ]);

      const { providerKey } = await given(app).provider().product('Hook Provider 상품');
      const provider = withKey(app, providerKey);
      expect((await provider.get('/api/v1/webhooks/endpoints').expect(403)).body.code).toBe('ROLE_FORBIDDEN');
      expect((await provider.get(`/api/v1/webhooks/endpoints/${created.body.id}`).expect(403)).body.code).toBe('ROLE_FORBIDDEN');
    });

    it('answers 400 naming a malformed id in the path', async () => {
      const { as } = await partner('Hook Malformed');
      const endpoint = await as.get('/api/v1/webhooks/endpoints/not-a-uuid').expect(400);
      expect(endpoint.body.errors).toEqual([{ field: 'endpointId', message: 'must be a UUID' }]);
      const delivery = await as.post('/api/v1/webhooks/deliveries/42/resend').send({}).expect(400);
      expect(delivery.body.errors).toEqual([{ field: 'deliveryId', message: 'must be a UUID' }]);
    });
  });

  describe('test events', () => {
    it('writes a webhook.test event with its payload and one delivery to this endpoint, shown in its log', async () => {
      const { id: partnerId, apiKey, as } = await partner('Hook Test Event');
      const endpoint = await register(apiKey, { eventTypes: ['order.cancelled'] });
      const other = await register(apiKey, { eventTypes: ['order.cancelled'] });
      const sent = await as.post(`/api/v1/webhooks/endpoints/${endpoint.id}/test`).send({}).expect(202);
      expect(sent.body).toEqual({ eventId: expect.any(String), deliveryId: expect.any(String) });
      const { eventId, deliveryId } = sent.body;

      const [event] = await app.dataSource.query(
        `SELECT type, partner_id AS "partnerId", subject_id AS "subjectId", seq, occurred_at AS "occurredAt", payload FROM webhook_events WHERE id = $1`,
        [eventId],
      );
      expect(event).toMatchObject({ type: 'webhook.test', partnerId, subjectId: endpoint.id });
      expect(event.payload).toEqual({
        id: eventId,
        type: 'webhook.test',
        timestamp: event.occurredAt.toISOString(),
        data: { endpointId: endpoint.id, message: expect.any(String) },
      });
      const deliveries = await app.dataSource.query(
        `SELECT id, endpoint_id AS "endpointId", event_seq AS "eventSeq", status FROM webhook_deliveries WHERE event_id = $1`,
        [eventId],
      );
      expect(deliveries).toEqual([{ id: deliveryId, endpointId: endpoint.id, eventSeq: event.seq, status: 'PENDING' }]);

      const log = await as.get(`/api/v1/webhooks/endpoints/${endpoint.id}/deliveries`).expect(200);
      expect(log.body).toEqual({
        data: [
          {
            id: deliveryId,
            endpointId: endpoint.id,
            eventId,
            eventType: 'webhook.test',
            status: 'PENDING',
            attemptCount: 0,
            nextAttemptAt: expect.any(String),
            lastAttemptAt: null,
            lastStatusCode: null,
            lastError: null,
            deliveredAt: null,
            createdAt: expect.any(String),
          },
        ],
        pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
      });
      const detail = await as.get(`/api/v1/webhooks/deliveries/${deliveryId}`).expect(200);
      expect(detail.body).toEqual({ ...log.body.data[0], payload: event.payload, attempts: [] });
      expect((await as.get(`/api/v1/webhooks/endpoints/${other.id}/deliveries`).expect(200)).body.data).toEqual([]);
    });

    it('refuses a test event for a disabled endpoint', async () => {
      const { apiKey, as } = await partner('Hook Test Disabled');
      const endpoint = await register(apiKey);
      await as.patch(`/api/v1/webhooks/endpoints/${endpoint.id}`).send({ enabled: false }).expect(200);
      const refused = await as.post(`/api/v1/webhooks/endpoints/${endpoint.id}/test`).send({}).expect(409);
      expect(refused.body.code).toBe('WEBHOOK_ENDPOINT_DISABLED');
      const [{ count }] = await app.dataSource.query(`SELECT count(*)::int AS count FROM webhook_deliveries WHERE endpoint_id = $1`, [
        endpoint.id,
      ]);
      expect(count).toBe(0);
    });
  });

  it('lists the event types an endpoint may subscribe to, each with what it means', async () => {
    const { as } = await partner('Hook Catalogue');
    const response = await as.get('/api/v1/webhooks/event-types').expect(200);
    expect(response.body.data.map((entry: { type: string }) => entry.type)).toEqual([
      'lead.assigned',
      'lead.recalled',
      'lead_as.reviewed',
      'order.completed',
      'order.cancelled',
    ]);
    const document = (await request(app.url).get('/docs/openapi.json').expect(200)).body;
    for (const entry of response.body.data) {
      expect(entry.description.length).toBeGreaterThan(20);
      // Each names its body's schema in the document, and its example is a whole body of that type.
      expect(entry.example).toMatchObject({ type: entry.type, data: expect.any(Object) });
      expect(document.components.schemas[entry.schema].properties.type.enum).toEqual([entry.type]);
    }
    await asOperator(app).get('/api/v1/webhooks/event-types').expect(200);
  });
});
