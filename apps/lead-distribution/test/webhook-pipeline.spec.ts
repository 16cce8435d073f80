import { setTimeout as sleep } from 'node:timers/promises';
import { given, type KeyedPartner } from './support/given.js';
import { asOperator, leadInput, startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { WebhookReceiver } from './support/webhook-receiver.js';

/**
 * The whole way, as a partner lives it: endpoints made through the API (the secret as the API showed
 * it), real operations causing each event, the worker sending, and a local receiver verifying every
 * delivery with the `standardwebhooks` package. Each event type arrives once, with what the API shows.
 */
describe('webhooks, from the change to the partner’s verified receipt', () => {
  let app: LeadDistributionTestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    app = await startLeadDistribution({
      env: { WEBHOOK_WORKER_CONCURRENCY: '8', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_POLL_MS: '50' },
    });
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
  });

  /** A partner with a key and an endpoint made through the API, whose secret the receiver verifies with. */
  async function subscribed(name: string, parentId?: number, eventTypes?: string[]) {
    const keyed = await given(app).partner(name, parentId).key();
    const api = withKey(app, keyed.apiKey);
    const created = await api
      .post('/api/v1/webhooks/endpoints')
      .send({
        url: receiver.url(`/hooks/${keyed.partner.id}`),
        eventTypes: eventTypes ?? ['lead.assigned', 'lead.recalled', 'lead_as.reviewed', 'order.completed', 'order.cancelled'],
      })
      .expect(201);
    receiver.secrets.push(created.body.secret as string);
    return { ...keyed, api, endpointId: created.body.id as string };
  }

  const forPartner = (partner: KeyedPartner, type: string) =>
    receiver.verified(type).filter((delivery) => delivery.path === `/hooks/${partner.partner.id}`);

  /** Waits until `partner` has received `count` verified `type` events, then a little longer, and returns them. */
  async function received(partner: KeyedPartner, type: string, count = 1) {
    await receiver.waitFor(() => forPartner(partner, type).length >= count);
    await sleep(300);
    return forPartner(partner, type).map((delivery) => delivery.payload!);
  }

  it('sends lead.assigned, lead.recalled, lead_as.reviewed, order.completed and order.cancelled once each, as the API shows them', async () => {
    const { product, providerKey } = await given(app).provider().product('웹훅 전 구간 상품');
    const agency = await subscribed('전 구간 대리점');
    const branch = await subscribed('전 구간 지점', agency.partner.id);

    // order.completed: the agency orders one lead of 서울 and the provider registers one.
    const order = (
      await agency.api
        .post('/api/v1/orders')
        .send({
          productId: product.id,
          ordererName: '김담당',
          ordererContact: '010-1234-5678',
          regionQuantities: [{ region: '서울', quantity: 1 }],
        })
        .expect(201)
    ).body;
    const lead = (
      await withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(product.id, { name: '홍길동', phone: '010-2345-6789' }))
        .expect(201)
    ).body;
    expect(lead.orderId).toBe(order.id);
    const [assigned] = await received(agency, 'lead.assigned');
    const shown = (await agency.api.get(`/api/v1/leads/${lead.id}`).expect(200)).body;
    expect(assigned!.data).toEqual({
      lead: shown,
      assignment: {
        id: shown.assignmentId,
        kind: 'ORDER',
        orderId: order.id,
        fromPartnerId: null,
        toPartnerId: agency.partner.id,
        at: shown.lastDistributedAt,
      },
    });
    expect(shown).toMatchObject({ name: '홍*동', phone: '010-****-6789' });
    expect(JSON.stringify(assigned)).not.toContain('2345');
    const [completed] = await received(agency, 'order.completed');
    expect(completed!.data).toEqual({ order: (await agency.api.get(`/api/v1/orders/${order.id}`).expect(200)).body });

    // lead.assigned to the branch by distribution, then lead.recalled to it when the agency takes it back.
    const handedDown = (
      await agency.api
        .post('/api/v1/leads/distribute')
        .send({ toPartnerId: branch.partner.id, leadIds: [lead.id] })
        .expect(200)
    ).body;
    const [branchAssigned] = await received(branch, 'lead.assigned');
    expect(branchAssigned!.data).toMatchObject({
      lead: { id: lead.id, name: '홍*동', phone: '010-****-6789', assignmentId: handedDown.data[0].assignmentId },
      assignment: { kind: 'DISTRIBUTE', fromPartnerId: agency.partner.id, toPartnerId: branch.partner.id },
    });
    const recall = (
      await agency.api
        .post('/api/v1/leads/recall')
        .send({ leadIds: [lead.id] })
        .expect(200)
    ).body;
    const [recalled] = await received(branch, 'lead.recalled');
    expect(recalled!.data).toEqual(recall.data[0]);

    // lead_as.reviewed: the agency asks for a return, the operator rejects it with a note.
    const filed = (
      await agency.api.post('/api/v1/lead-as').send({ leadId: lead.id, reasonCode: 'DUPLICATE', memo: '중복 고객' }).expect(200)
    ).body;
    await asOperator(app).post(`/api/v1/admin/lead-as/${filed.id}/review`).send({ decision: 'REJECT', adminNote: '중복 아님' }).expect(200);
    const [reviewed] = await received(agency, 'lead_as.reviewed');
    expect(reviewed!.data).toMatchObject({
      asRequest: {
        id: filed.id,
        leadId: lead.id,
        status: 'REJECTED',
        adminNote: '중복 아님',
        lead: { name: '홍*동', phone: '010-****-6789' },
      },
    });

    // order.cancelled.
    const second = (
      await agency.api
        .post('/api/v1/orders')
        .send({
          productId: product.id,
          ordererName: '김담당',
          ordererContact: '010-1234-5678',
          regionQuantities: [{ region: '부산', quantity: 3 }],
        })
        .expect(201)
    ).body;
    await agency.api.post(`/api/v1/orders/${second.id}/cancel`).send({ memo: '예산 소진' }).expect(200);
    const [cancelled] = await received(agency, 'order.cancelled');
    expect(cancelled!.data).toEqual({ order: (await agency.api.get(`/api/v1/orders/${second.id}`).expect(200)).body });

    // Once each: one delivery per event, and the recipients are exactly those the events concern.
    const ids = receiver.verified().map((delivery) => delivery.headers['webhook-id']);
    expect(new Set(ids).size).toBe(ids.length);
    expect(forPartner(agency, 'lead.recalled')).toEqual([]);
    expect(receiver.deliveries.every((delivery) => delivery.verifiedWith.length === 1)).toBe(true);
  });

  it('a resend delivers the same event again with the same webhook-id and body, and the log shows both attempts', async () => {
    const partner = await subscribed('재전송 대리점');
    const sent = (await partner.api.post(`/api/v1/webhooks/endpoints/${partner.endpointId}/test`).expect(202)).body;
    const [first] = await receiver
      .waitFor(() => forPartner(partner, 'webhook.test').length === 1)
      .then(() => forPartner(partner, 'webhook.test'));
    expect(first!.payload).toMatchObject({ id: sent.eventId, type: 'webhook.test', data: { endpointId: partner.endpointId } });

    await waitForStatus(partner, sent.deliveryId, 'DELIVERED');
    await partner.api.post(`/api/v1/webhooks/deliveries/${sent.deliveryId}/resend`).expect(202);
    await receiver.waitFor(() => forPartner(partner, 'webhook.test').length === 2);
    const [again, replay] = forPartner(partner, 'webhook.test');
    expect(replay!.headers['webhook-id']).toBe(again!.headers['webhook-id']);
    expect(replay!.body).toBe(again!.body);
    const detail = await waitForStatus(partner, sent.deliveryId, 'DELIVERED', 2);
    expect(detail.attempts.map((attempt: { outcome: string; statusCode: number }) => [attempt.outcome, attempt.statusCode])).toEqual([
      ['SUCCESS', 200],
      ['SUCCESS', 200],
    ]);
  });

  it('renders each event as it is committed: a review held back behind a failing delivery still carries its own note', async () => {
    const { product } = await given(app).provider().product('렌더 시점 상품');
    const partner = await subscribed('렌더 시점 대리점', undefined, ['lead_as.reviewed']);
    const leadId = (
      await asOperator(app)
        .post('/api/v1/leads')
        .send(leadInput(product.id, { partnerId: partner.partner.id }))
        .expect(201)
    ).body.id;
    const filed = (await partner.api.post('/api/v1/lead-as').send({ leadId, reasonCode: 'DUPLICATE' }).expect(200)).body;
    receiver.script(500);
    await asOperator(app)
      .post(`/api/v1/admin/lead-as/${filed.id}/review`)
      .send({ decision: 'HOLD', adminNote: '통화 기록 확인 중' })
      .expect(200);
    await receiver.waitFor(() => receiver.deliveries.some((delivery) => delivery.path === `/hooks/${partner.partner.id}`));
    await asOperator(app).post(`/api/v1/admin/lead-as/${filed.id}/review`).send({ decision: 'REJECT', adminNote: '중복 아님' }).expect(200);
    await sleep(500);

    const listed = (await partner.api.get(`/api/v1/webhooks/endpoints/${partner.endpointId}/deliveries`).expect(200)).body.data;
    const payloads = await Promise.all(
      listed.map(async (delivery: { id: string }) => (await deliveryOf(partner, delivery.id)).payload.data.asRequest),
    );
    // Newest first: the rejection waits behind the hold's retry, each rendered when it was committed.
    expect(payloads.map((asRequest: { status: string; adminNote: string }) => [asRequest.status, asRequest.adminNote])).toEqual([
      ['REJECTED', '중복 아님'],
      ['ON_HOLD', '통화 기록 확인 중'],
    ]);
    // Nothing more reaches the shared receiver from this endpoint (its hold waits for a retry).
    await partner.api.patch(`/api/v1/webhooks/endpoints/${partner.endpointId}`).send({ enabled: false }).expect(200);
  });

  it('a test event is one probe: a failure is not retried, so it never holds the endpoint’s queue', async () => {
    const partner = await subscribed('시험 이벤트 대리점');
    receiver.script(400);
    const sent = (await partner.api.post(`/api/v1/webhooks/endpoints/${partner.endpointId}/test`).expect(202)).body;
    const detail = await waitForStatus(partner, sent.deliveryId, 'FAILED');
    expect(detail.attempts.map((attempt: { statusCode: number }) => attempt.statusCode)).toEqual([400]);
    expect(detail.nextAttemptAt).toBeNull();
  });

  it('enabling an endpoint again sends at once what waited for it, however far its retry was scheduled', async () => {
    const { product } = await given(app).provider().product('재활성 상품');
    const partner = await subscribed('재활성 대리점');
    receiver.script(500, 500);
    await asOperator(app)
      .post('/api/v1/leads')
      .send(leadInput(product.id, { partnerId: partner.partner.id }))
      .expect(201);
    const listed = (await partner.api.get(`/api/v1/webhooks/endpoints/${partner.endpointId}/deliveries`).expect(200)).body;
    const sent = { deliveryId: listed.data[0].id as string };
    const failing = await waitForAttempts(partner, sent.deliveryId, 2);
    expect(new Date(failing.nextAttemptAt).getTime()).toBeGreaterThan(Date.now() + 4 * 60_000); // the third attempt: 5 minutes on

    await partner.api.patch(`/api/v1/webhooks/endpoints/${partner.endpointId}`).send({ enabled: false }).expect(200);
    await partner.api.patch(`/api/v1/webhooks/endpoints/${partner.endpointId}`).send({ enabled: true }).expect(200);
    const detail = await waitForStatus(partner, sent.deliveryId, 'DELIVERED');
    expect(detail.attempts.map((attempt: { statusCode: number }) => attempt.statusCode)).toEqual([500, 500, 200]);
  });

  async function deliveryOf(partner: KeyedPartner & { api: ReturnType<typeof withKey> }, deliveryId: string) {
    return (await partner.api.get(`/api/v1/webhooks/deliveries/${deliveryId}`).expect(200)).body;
  }

  async function waitForStatus(
    partner: KeyedPartner & { api: ReturnType<typeof withKey> },
    deliveryId: string,
    status: string,
    attempts = 1,
  ) {
    for (let i = 0; i < 100; i += 1) {
      const detail = await deliveryOf(partner, deliveryId);
      if (detail.status === status && detail.attempts.length >= attempts) return detail;
      await sleep(50);
    }
    throw new Error(`delivery ${deliveryId} never reached ${status} with ${attempts} attempts`);
  }

  async function waitForAttempts(partner: KeyedPartner & { api: ReturnType<typeof withKey> }, deliveryId: string, attempts: number) {
    for (let i = 0; i < 200; i += 1) {
      const detail = await deliveryOf(partner, deliveryId);
      if (detail.attempts.length >= attempts && detail.nextAttemptAt) return detail;
      await sleep(50);
    }
    throw new Error(`delivery ${deliveryId} never had ${attempts} attempts`);
  }
});
