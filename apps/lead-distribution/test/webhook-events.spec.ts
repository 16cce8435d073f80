import { maskName, maskPhone } from '../src/leads/lead-masking.js';
import { WEBHOOK_EVENT_TYPES } from '../src/webhooks/webhook-event-types.js';
import { statementsDuring } from '../../../test/support/statements.js';
import { given } from './support/given.js';
import { asOperator, leadInput, startLeadDistribution, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { insertEndpoint } from './support/webhooks.js';
import { ENDPOINT_URL, webhookOutboxCalls } from './support/webhook-outbox.js';

/** An AS reason that needs no evidence file. */
const NO_EVIDENCE = 'DUPLICATE';

/**
 * The outbox (webhook_events and webhook_deliveries, recorded by the owner of each change in its
 * transaction) over the real API on real PostgreSQL, and the payloads the renderer makes of it, compared
 * with what the API answers at that moment. The worker is off (WEBHOOK_WORKER_CONCURRENCY=0): nothing
 * is sent, every delivery stays PENDING.
 */
describe('webhook events: the outbox and its payloads', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution({ env: { WEBHOOK_WORKER_CONCURRENCY: '0', LEAD_LIST_COUNTS_COMPACTION_SECONDS: '3600' } });
  });
  afterAll(() => app.close());

  const {
    newLead,
    register,
    deliver,
    subscriber,
    placeOrder,
    events,
    eventsOf,
    eventsAbout,
    only,
    expectDeliveries,
    render,
    renderOne,
    expectNoClearContact,
    leadAsOwnerSees,
  } = webhookOutboxCalls(() => app);

  describe('lead.assigned', () => {
    it('is written once for the partner whose order a registration fills, with one delivery per enabled subscribed endpoint', async () => {
      const { product, providerKey } = await given(app).provider().product('웹훅 주문 배분 상품');
      const buyer = await subscriber('Hook Order Buyer', { endpoints: 2 });
      // Neither of these two gets a delivery: one is not subscribed to lead.assigned, one is disabled.
      await insertEndpoint(app, buyer.partner.id, ENDPOINT_URL, { eventTypes: ['order.cancelled'] });
      const disabled = await insertEndpoint(app, buyer.partner.id, ENDPOINT_URL, { eventTypes: ['lead.assigned'] });
      await app.dataSource.query(`UPDATE webhook_endpoints SET enabled = false WHERE id = $1`, [disabled.id]);
      const order = await placeOrder(buyer, product.id, [{ region: '서울', quantity: 2 }]);

      const lead = await register(providerKey, newLead(product.id, { metadata: { channel: 'landing', utm: { source: 'naver' } } }));
      expect(lead).toMatchObject({ partnerId: buyer.partner.id, orderId: order.id });
      const shown = await leadAsOwnerSees(buyer.api, lead.id);

      const events = await eventsOf(buyer.partner.id);
      expect(events).toEqual([expect.objectContaining({ type: 'lead.assigned', subjectId: lead.id, assignmentId: shown.assignmentId })]);
      expect(events[0]!.subjectStatus).toBeNull();
      expect(events[0]!.payload).toBeNull();
      expect(events[0]!.occurredAt.toISOString()).toBe(shown.lastDistributedAt);
      await expectDeliveries(events[0]!, buyer.endpointIds);

      const payload = await renderOne(events[0]!);
      expect(payload.data).toEqual({
        lead: shown,
        assignment: {
          id: shown.assignmentId,
          kind: 'ORDER',
          orderId: order.id,
          fromPartnerId: null,
          toPartnerId: buyer.partner.id,
          at: shown.lastDistributedAt,
        },
      });
    });

    it('tells of the registered lead that completes an order before it tells of the completed order', async () => {
      const { product, providerKey } = await given(app).provider().product('웹훅 완료 순서 상품');
      const buyer = await subscriber('Hook Completion Order');
      const order = await placeOrder(buyer, product.id, [{ region: '서울', quantity: 1 }]);
      const lead = await register(providerKey, newLead(product.id));
      expect(lead).toMatchObject({ partnerId: buyer.partner.id, orderId: order.id });

      const events = await eventsOf(buyer.partner.id);
      expect(events.map((event) => [event.type, event.subjectId])).toEqual([
        ['lead.assigned', lead.id],
        ['order.completed', order.id],
      ]);
    });

    it('is written for each lead an order takes from the pool when it is placed, and order.completed once that fills it', async () => {
      const { product, providerKey } = await given(app).provider().product('웹훅 풀 상품');
      const pooled = [await register(providerKey, newLead(product.id)), await register(providerKey, newLead(product.id))];
      expect(pooled.map((lead) => lead.partnerId)).toEqual([null, null]);
      expect(await eventsAbout(pooled.map((lead) => lead.id))).toEqual([]);

      const buyer = await subscriber('Hook Pool Buyer');
      const order = await placeOrder(buyer, product.id, [{ region: '서울', quantity: 2 }]);
      expect(order.status).toBe('COMPLETED');
      const orderShown = (await buyer.api.get(`/api/v1/orders/${order.id}`).expect(200)).body;

      const events = await eventsOf(buyer.partner.id);
      // In event order: the order is told complete after the leads that completed it.
      expect(events.map((event) => event.type)).toEqual(['lead.assigned', 'lead.assigned', 'order.completed']);
      for (const lead of pooled) {
        const event = only(events, 'lead.assigned', lead.id);
        await expectDeliveries(event, buyer.endpointIds);
        const shown = await leadAsOwnerSees(buyer.api, lead.id);
        expect(event.assignmentId).toBe(shown.assignmentId);
        const payload = await renderOne(event);
        expect(payload.data).toEqual({
          lead: shown,
          assignment: expect.objectContaining({ id: shown.assignmentId, kind: 'ORDER', orderId: order.id, at: shown.lastDistributedAt }),
        });
      }
      const completed = only(events, 'order.completed', order.id);
      expect(completed.subjectStatus).toBe('COMPLETED');
      await expectDeliveries(completed, buyer.endpointIds);
      expect((await renderOne(completed)).data).toEqual({ order: orderShown });
      expect(completed.occurredAt.toISOString()).toBe(orderShown.updatedAt);
    });

    it('is written for the rows of an operator import that an order takes, and for a row that names a partner (MANUAL)', async () => {
      const { product } = await given(app).provider().product('웹훅 일괄 상품');
      const buyer = await subscriber('Hook Import Buyer');
      const named = await subscriber('Hook Import Named');
      const order = await placeOrder(buyer, product.id, [{ region: '부산', quantity: 5 }]);

      const rows = [
        newLead(product.id, { region: '부산' }),
        newLead(product.id, { region: '부산' }),
        newLead(product.id, { region: '부산', partnerId: named.partner.id }),
        leadInput(product.id, { region: '부산', phone: 'not a phone' }),
      ];
      const imported = await asOperator(app).post('/api/v1/admin/leads/import').send({ leads: rows }).expect(200);
      expect(imported.body).toMatchObject({ created: 3, invalid: 1 });
      const ids = (imported.body.results as Array<{ id?: string }>).map((result) => result.id);

      const bought = await eventsOf(buyer.partner.id);
      expect(bought.map((event) => [event.type, event.subjectId]).sort()).toEqual(
        [
          ['lead.assigned', ids[0]],
          ['lead.assigned', ids[1]],
        ].sort(),
      );
      const manual = await eventsOf(named.partner.id);
      expect(manual.map((event) => [event.type, event.subjectId])).toEqual([['lead.assigned', ids[2]]]);

      const payloads = await render([...bought, ...manual]);
      for (const [event, partner] of [
        ...bought.map((event) => [event, buyer] as const),
        ...manual.map((event) => [event, named] as const),
      ]) {
        const shown = await leadAsOwnerSees(partner.api, event.subjectId);
        const payload = payloads.get(event.id)!;
        expectNoClearContact(payload);
        expect(payload.data).toEqual({
          lead: shown,
          assignment: {
            id: shown.assignmentId,
            kind: partner === buyer ? 'ORDER' : 'MANUAL',
            orderId: partner === buyer ? order.id : null,
            fromPartnerId: null,
            toPartnerId: partner.partner.id,
            at: shown.lastDistributedAt,
          },
        });
      }
    });

    it('is written for an operator’s manual delivery, and only for a partner with an enabled endpoint subscribed to it', async () => {
      const { product } = await given(app).provider().product('웹훅 수동 상품');
      const subscribed = await subscriber('Hook Manual');
      const noEndpoint = await given(app).partner('Hook No Endpoint').key();
      const otherTypes = await subscriber('Hook Other Types', { eventTypes: ['order.completed', 'lead_as.reviewed'] });
      const disabled = await subscriber('Hook Disabled');
      await app.dataSource.query(`UPDATE webhook_endpoints SET enabled = false, disabled_at = now() WHERE partner_id = $1`, [
        disabled.partner.id,
      ]);

      const leadId = await deliver(product.id, subscribed.partner.id);
      const silent = [
        await deliver(product.id, noEndpoint.partner.id),
        await deliver(product.id, otherTypes.partner.id),
        await deliver(product.id, disabled.partner.id),
      ];

      const events = await eventsOf(subscribed.partner.id);
      expect(events.map((event) => [event.type, event.subjectId])).toEqual([['lead.assigned', leadId]]);
      await expectDeliveries(events[0]!, subscribed.endpointIds);
      expect(await eventsAbout(silent)).toEqual([]);
      for (const partner of [noEndpoint, otherTypes, disabled]) expect(await eventsOf(partner.partner.id)).toEqual([]);

      const shown = await leadAsOwnerSees(subscribed.api, leadId);
      expect((await renderOne(events[0]!)).data).toEqual({
        lead: shown,
        assignment: {
          id: shown.assignmentId,
          kind: 'MANUAL',
          orderId: null,
          fromPartnerId: null,
          toPartnerId: subscribed.partner.id,
          at: shown.lastDistributedAt,
        },
      });
    });

    it('is written for the order’s partner when an approved AS request’s replacement is taken from the pool, beside lead_as.reviewed and order.completed', async () => {
      const { product, providerKey } = await given(app).provider().product('웹훅 교체 상품');
      const buyer = await subscriber('Hook Replacement');
      const order = await placeOrder(buyer, product.id, [{ region: '대구', quantity: 1 }]);
      const first = await register(providerKey, newLead(product.id, { region: '대구' }));
      expect(first.orderId).toBe(order.id);
      const waiting = await register(providerKey, newLead(product.id, { region: '대구' }));
      expect(waiting.partnerId).toBeNull();
      const before = (await eventsOf(buyer.partner.id)).map((event) => event.type);
      expect(before).toEqual(expect.arrayContaining(['lead.assigned', 'order.completed']));
      expect(before).toHaveLength(2);

      const filed = await buyer.api
        .post('/api/v1/lead-as')
        .send({ leadId: first.id, reasonCode: NO_EVIDENCE, memo: '같은 고객 중복' })
        .expect(200);
      await asOperator(app)
        .post(`/api/v1/admin/lead-as/${filed.body.id}/review`)
        .send({ decision: 'APPROVE', adminNote: '중복 확인, 교체 지급' })
        .expect(200);

      const events = (await eventsOf(buyer.partner.id)).slice(2);
      expect(events.map((event) => event.type)).toEqual(['lead_as.reviewed', 'lead.assigned', 'order.completed']);
      const reviewed = only(events, 'lead_as.reviewed', filed.body.id);
      expect(reviewed.subjectStatus).toBe('APPROVED');
      const replacement = only(events, 'lead.assigned', waiting.id);
      const completed = only(events, 'order.completed', order.id);
      for (const event of events) await expectDeliveries(event, buyer.endpointIds);

      // The filer reads the request by its id (the lead has left its list), masked.
      const detail = (await buyer.api.get(`/api/v1/lead-as/${filed.body.id}`).expect(200)).body;
      const { files: _files, reviewedAt, ...item } = detail;
      expect((await renderOne(reviewed)).data).toEqual({ asRequest: item, reviewedAt });
      expect(item).toMatchObject({ status: 'APPROVED', adminNote: '중복 확인, 교체 지급' });

      const shown = await leadAsOwnerSees(buyer.api, waiting.id);
      expect((await renderOne(replacement)).data).toEqual({
        lead: shown,
        assignment: {
          id: shown.assignmentId,
          kind: 'ORDER',
          orderId: order.id,
          fromPartnerId: null,
          toPartnerId: buyer.partner.id,
          at: shown.lastDistributedAt,
        },
      });
      const orderShown = (await buyer.api.get(`/api/v1/orders/${order.id}`).expect(200)).body;
      expect((await renderOne(completed)).data).toEqual({ order: orderShown });
    });
  });

  describe('distribution down an organisation', () => {
    it('tells the descendant a lead is handed down to (lead.assigned, DISTRIBUTE, with the AS history as it stood) and then the partner it is recalled from (lead.recalled)', async () => {
      const { product } = await given(app).provider().product('웹훅 분배 상품');
      const agency = await subscriber('Hook Agency');
      const branch = await subscriber('Hook Branch', { parentId: agency.partner.id });
      const leadId = await deliver(product.id, agency.partner.id);
      const assignedAt = (await leadAsOwnerSees(agency.api, leadId)).assignedAt;
      // A request filed and cancelled before the hand-over: the history the branch is shown.
      const filed = await agency.api.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      await agency.api.post(`/api/v1/lead-as/${filed.body.id}/cancel`).send({}).expect(200);

      const handedDown = await agency.api
        .post('/api/v1/leads/distribute')
        .send({ toPartnerId: branch.partner.id, leadIds: [leadId] })
        .expect(200);
      const shown = await leadAsOwnerSees(branch.api, leadId);
      expect(shown).toMatchObject({ assignedAt, leadAs: [{ status: 'CANCELLED' }], leadAsStatus: 'CANCELLED' });

      const events = await eventsOf(branch.partner.id);
      expect(events.map((event) => [event.type, event.subjectId, event.assignmentId])).toEqual([
        ['lead.assigned', leadId, handedDown.body.data[0].assignmentId],
      ]);
      await expectDeliveries(events[0]!, branch.endpointIds);
      expect((await renderOne(events[0]!)).data).toEqual({
        lead: shown,
        assignment: {
          id: handedDown.body.data[0].assignmentId,
          kind: 'DISTRIBUTE',
          orderId: null,
          fromPartnerId: agency.partner.id,
          toPartnerId: branch.partner.id,
          at: handedDown.body.data[0].lastDistributedAt,
        },
      });
      // The agency was told of its own delivery only: handing down and taking back tell it nothing.
      const recalled = await agency.api
        .post('/api/v1/leads/recall')
        .send({ leadIds: [leadId] })
        .expect(200);
      expect((await eventsOf(agency.partner.id)).map((event) => event.type)).toEqual(['lead.assigned']);

      const branchEvents = await eventsOf(branch.partner.id);
      expect(branchEvents.map((event) => event.type)).toEqual(['lead.assigned', 'lead.recalled']);
      const recall = branchEvents[1]!;
      expect(recall).toMatchObject({ subjectId: leadId, assignmentId: recalled.body.data[0].assignmentId });
      await expectDeliveries(recall, branch.endpointIds);
      expect((await renderOne(recall)).data).toEqual(recalled.body.data[0]);
      expect(recalled.body.data[0]).toMatchObject({ fromPartnerId: branch.partner.id, toPartnerId: agency.partner.id });
    });
  });

  describe('lead_as.reviewed', () => {
    it('tells the filer of each review (HOLD, then REJECT) with its admin note, the lead masked even once its owner used it', async () => {
      const { product } = await given(app).provider().product('웹훅 AS 상품');
      const owner = await subscriber('Hook AS Owner');
      const leadId = await deliver(product.id, owner.partner.id);
      await owner.api.post(`/api/v1/leads/${leadId}/use`).send({}).expect(200);
      const filed = await owner.api.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE, memo: '이미 가입한 고객' }).expect(200);
      const review = (decision: string, adminNote: string) =>
        asOperator(app).post(`/api/v1/admin/lead-as/${filed.body.id}/review`).send({ decision, adminNote }).expect(200);

      /** The owner's list item (in clear: it used the lead), masked as a webhook shows it. */
      const listedMasked = async () => {
        const [item] = (await owner.api.get(`/api/v1/lead-as?leadId=${leadId}`).expect(200)).body.data;
        expect(item.lead.name).toBe('김철수');
        const lead = {
          ...item.lead,
          name: maskName(item.lead.name),
          phone: maskPhone(item.lead.phone.slice(0, 3), item.lead.phone.slice(-4)),
        };
        return { ...item, lead };
      };

      for (const [decision, status, note] of [
        ['HOLD', 'ON_HOLD', '통화 기록 확인 중'],
        ['REJECT', 'REJECTED', '통화 기록상 정상 연결'],
      ] as const) {
        const reviewed = await review(decision, note);
        const events = (await eventsOf(owner.partner.id)).filter((event) => event.type === 'lead_as.reviewed');
        const event = events.at(-1)!;
        expect(events.map((row) => row.subjectStatus)).toEqual(decision === 'HOLD' ? ['ON_HOLD'] : ['ON_HOLD', 'REJECTED']);
        expect(event).toMatchObject({ subjectId: filed.body.id, subjectStatus: status });
        await expectDeliveries(event, owner.endpointIds);
        expect((await renderOne(event)).data).toEqual({ asRequest: await listedMasked(), reviewedAt: reviewed.body.reviewedAt });
        expect(reviewed.body).toMatchObject({ status, adminNote: note });
      }
    });

    it('writes nothing for a review refused (409) or a request cancelled by its filer', async () => {
      const { product } = await given(app).provider().product('웹훅 AS 거절 상품');
      const owner = await subscriber('Hook AS Refused');
      const leadId = await deliver(product.id, owner.partner.id);
      const filed = await owner.api.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      await owner.api.post(`/api/v1/lead-as/${filed.body.id}/cancel`).send({}).expect(200);
      await asOperator(app).post(`/api/v1/admin/lead-as/${filed.body.id}/review`).send({ decision: 'APPROVE' }).expect(409);
      expect((await eventsOf(owner.partner.id)).map((event) => event.type)).toEqual(['lead.assigned']);
    });
  });

  describe('order.cancelled', () => {
    it('tells the partner that cancels its order, with the cancel memo; a refused second cancel writes nothing', async () => {
      const { product, providerKey } = await given(app).provider().product('웹훅 취소 상품');
      const buyer = await subscriber('Hook Cancel');
      const order = await placeOrder(buyer, product.id, [{ region: '광주', quantity: 3 }]);
      await register(providerKey, newLead(product.id, { region: '광주' }));
      await buyer.api.post(`/api/v1/orders/${order.id}/cancel`).send({ memo: '캠페인 조기 종료' }).expect(200);
      await buyer.api.post(`/api/v1/orders/${order.id}/cancel`).send({}).expect(409);

      const events = await eventsOf(buyer.partner.id);
      expect(events.map((event) => event.type)).toEqual(['lead.assigned', 'order.cancelled']);
      const cancelled = only(events, 'order.cancelled', order.id);
      expect(cancelled.subjectStatus).toBe('CANCELLED');
      await expectDeliveries(cancelled, buyer.endpointIds);
      const shown = (await buyer.api.get(`/api/v1/orders/${order.id}`).expect(200)).body;
      expect(shown).toMatchObject({
        status: 'CANCELLED',
        cancelMemo: '캠페인 조기 종료',
        regionQuantities: [{ region: '광주', quantity: 3, delivered: 1 }],
      });
      expect((await renderOne(cancelled)).data).toEqual({ order: shown });
    });
  });

  describe('atomicity', () => {
    it('an endpoint deleted while a lead is being allocated to its partner is not told, and the allocation stands', async () => {
      const { product } = await given(app).provider().product('웹훅 삭제 경합 상품');
      const buyer = await subscriber('Hook Deleted Meanwhile', { endpoints: 2 });
      const [deleted, kept] = buyer.endpointIds as [string, string];
      const deleting = app.dataSource.createQueryRunner();
      await deleting.connect();
      await deleting.startTransaction();
      try {
        await deleting.query(`DELETE FROM webhook_endpoints WHERE id = $1`, [deleted]);
        const allocating = asOperator(app)
          .post('/api/v1/leads')
          .send(newLead(product.id, { partnerId: buyer.partner.id }));
        const answered = allocating.then((response) => response.status);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await deleting.commitTransaction();
        expect(await answered).toBe(201);
      } finally {
        await deleting.release();
      }
      const [event] = await eventsOf(buyer.partner.id);
      await expectDeliveries(event!, [kept]);
    });

    it('writes no event for the eligible leads of a distribution refused (409) for one ineligible lead', async () => {
      const { product } = await given(app).provider().product('웹훅 원자성 상품');
      const agency = await subscriber('Hook Atomic Agency');
      const branch = await subscriber('Hook Atomic Branch', { parentId: agency.partner.id });
      const eligible = await deliver(product.id, agency.partner.id);
      const used = await deliver(product.id, agency.partner.id);
      await agency.api.post(`/api/v1/leads/${used}/use`).send({}).expect(200);

      const refused = await agency.api
        .post('/api/v1/leads/distribute')
        .send({ toPartnerId: branch.partner.id, leadIds: [eligible, used] })
        .expect(409);
      expect(refused.body.code).toBe('LEADS_NOT_ELIGIBLE');
      expect(await eventsOf(branch.partner.id)).toEqual([]);
      expect((await eventsOf(agency.partner.id)).map((event) => event.type)).toEqual(['lead.assigned', 'lead.assigned']);
    });

    it('takes back the event with the change when the transaction fails after the outbox wrote it', async () => {
      const { product } = await given(app).provider().product('웹훅 롤백 상품');
      const agency = await subscriber('Hook Rollback Agency');
      const branch = await subscriber('Hook Rollback Branch', { parentId: agency.partner.id });
      const leadId = await deliver(product.id, agency.partner.id);
      // Fires when the outbox writes the branch's delivery, and fails the hand-over then: a 200
      // would mean the event was not written in the hand-over's transaction, a 500 that it was, and
      // then nothing of it may remain.
      await app.dataSource.query(`
        CREATE FUNCTION test_fail_after_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF EXISTS (SELECT 1 FROM new_rows n JOIN webhook_endpoints e ON e.id = n.endpoint_id WHERE e.partner_id = ${branch.partner.id}) THEN
            RAISE EXCEPTION 'the hand-over fails after its event was written';
          END IF;
          RETURN NULL;
        END $$;
        CREATE TRIGGER zz_test_fail_after_outbox AFTER INSERT ON webhook_deliveries
          REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION test_fail_after_outbox();`);
      try {
        const failed = await agency.api
          .post('/api/v1/leads/distribute')
          .send({ toPartnerId: branch.partner.id, leadIds: [leadId] })
          .expect(500);
        expect(failed.body.code).toBe('INTERNAL_ERROR');
      } finally {
        await app.dataSource.query(`DROP TRIGGER zz_test_fail_after_outbox ON webhook_deliveries; DROP FUNCTION test_fail_after_outbox();`);
      }
      expect(await eventsOf(branch.partner.id)).toEqual([]);
      expect(
        await app.dataSource.query(
          `SELECT count(*)::int AS n FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE e.partner_id = $1`,
          [branch.partner.id],
        ),
      ).toEqual([{ n: 0 }]);
      expect((await leadAsOwnerSees(agency.api, leadId)).id).toBe(leadId);
    });
  });

  describe('the renderer', () => {
    it('renders every event of this file in one call, one query per event type, as each renders alone, no contact in clear', async () => {
      const all = await events('true');
      expect(new Set(all.map((event) => event.type))).toEqual(new Set(WEBHOOK_EVENT_TYPES));

      const statements = await statementsDuring(app.dataSource, () => render(all));
      // lead.assigned, lead.recalled, lead_as.reviewed, and order.* together.
      expect(statements).toHaveLength(4);
      const together = await render(all);
      expect([...together.keys()].sort()).toEqual(all.map((event) => event.id).sort());
      for (const event of all) {
        const payload = together.get(event.id)!;
        expectNoClearContact(payload);
        expect(payload).toEqual((await render([event])).get(event.id));
      }
    });

    it('leaves out an event whose subject it cannot read, and renders the others', async () => {
      const [completed] = await events(`e.type = 'order.completed'`);
      const missing = { ...completed!, id: '0193a5e4-2b7c-7d10-8e2f-3a4b5c6d7e8f', subjectId: '0193a5d8-4c5d-7e6f-8a7b-9c0d1e2f3a4b' };
      const rendered = await render([completed!, missing]);
      expect([...rendered.keys()]).toEqual([completed!.id]);
    });
  });
});
