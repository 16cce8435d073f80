import {
  asOperator,
  deliverLead,
  leadInput,
  startLeadDistribution,
  withKey,
  type LeadDistributionTestApp,
} from './support/lead-distribution.js';
import { given } from './support/given.js';

describe('distribution down an organisation, recall and replacement', () => {
  let app: LeadDistributionTestApp;
  let productId: string;
  let providerKey: string;

  beforeAll(async () => {
    app = await startLeadDistribution();
    ({
      providerKey,
      product: { id: productId },
    } = await given(app).provider().product('분배 상품'));
  });
  afterAll(() => app.close());

  /** An agency with a branch, the branch with a planner, and an unrelated agency; each with a key. */
  async function organisation(name: string) {
    const agency = await given(app).partner(`${name} agency`).key();
    const branch = await given(app).partner(`${name} branch`, agency.partner.id).key();
    const planner = await given(app).partner(`${name} planner`, branch.partner.id).key();
    const outsider = await given(app).partner(`${name} outsider`).key();
    return { agency, branch, planner, outsider };
  }

  const ids = (body: { data: Array<{ id: string }> }) => body.data.map((lead) => lead.id).sort();

  it('hands unused leads to a descendant: both lists reflect it at once, lastDistributedAt moves, the history keeps it', async () => {
    const { agency, branch, planner } = await organisation('Down');
    const a = await deliverLead(app, productId, agency.partner.id);
    const b = await deliverLead(app, productId, agency.partner.id);
    const before = (await withKey(app, agency.apiKey).get(`/api/v1/leads/${a}`).expect(200)).body;

    const response = await withKey(app, agency.apiKey)
      .post('/api/v1/leads/distribute')
      .send({ toPartnerId: planner.partner.id, leadIds: [a] })
      .expect(200);
    expect(response.body.data).toEqual([
      {
        leadId: a,
        fromPartnerId: agency.partner.id,
        toPartnerId: planner.partner.id,
        assignmentId: expect.any(String),
        lastDistributedAt: expect.any(String),
      },
    ]);
    expect(ids((await withKey(app, agency.apiKey).get('/api/v1/leads').expect(200)).body)).toEqual([b]);
    const moved = (await withKey(app, planner.apiKey).get(`/api/v1/leads/${a}`).expect(200)).body;
    expect(moved.assignedAt).toBe(before.assignedAt);
    expect(moved.assignmentId).not.toBe(before.assignmentId);
    expect(new Date(moved.lastDistributedAt).getTime()).toBeGreaterThan(new Date(before.lastDistributedAt).getTime());

    const distributed = await withKey(app, agency.apiKey).get('/api/v1/leads/distributed').expect(200);
    expect(distributed.body.data).toEqual([
      expect.objectContaining({ id: a, ownerPartnerId: planner.partner.id, name: expect.stringContaining('*') }),
    ]);
    expect(
      (await withKey(app, agency.apiKey).get(`/api/v1/leads/distributed?toPartnerId=${branch.partner.id}`).expect(200)).body.data,
    ).toEqual([]);

    const history = await app.dataSource.query(
      `SELECT kind, from_partner_id, to_partner_id FROM lead_assignments WHERE lead_id = $1 ORDER BY created_at, id`,
      [a],
    );
    expect(history).toEqual([
      { kind: 'MANUAL', from_partner_id: null, to_partner_id: agency.partner.id },
      { kind: 'DISTRIBUTE', from_partner_id: agency.partner.id, to_partner_id: planner.partner.id },
    ]);
  });

  it('refuses a partner outside the caller’s organisation (403) and moves nothing', async () => {
    const { agency, branch, outsider } = await organisation('Outside');
    const a = await deliverLead(app, productId, agency.partner.id);
    const refused = await withKey(app, agency.apiKey)
      .post('/api/v1/leads/distribute')
      .send({ toPartnerId: outsider.partner.id, leadIds: [a] })
      .expect(403);
    expect(refused.body.code).toBe('PARTNER_NOT_DESCENDANT');
    // Upwards is outside too.
    const b = await deliverLead(app, productId, branch.partner.id);
    await withKey(app, branch.apiKey)
      .post('/api/v1/leads/distribute')
      .send({ toPartnerId: agency.partner.id, leadIds: [b] })
      .expect(403);
    expect(ids((await withKey(app, agency.apiKey).get('/api/v1/leads').expect(200)).body)).toEqual([a]);
  });

  it('is all or nothing: a used lead, one under an active AS request or one not owned is 409 naming it', async () => {
    const { agency, branch, outsider } = await organisation('AllOrNothing');
    const fine = await deliverLead(app, productId, agency.partner.id);
    const used = await deliverLead(app, productId, agency.partner.id);
    const underAs = await deliverLead(app, productId, agency.partner.id);
    const theirs = await deliverLead(app, productId, outsider.partner.id);
    await withKey(app, agency.apiKey).post(`/api/v1/leads/${used}/use`).send({}).expect(200);
    await withKey(app, agency.apiKey).post('/api/v1/lead-as').send({ leadId: underAs, reasonCode: 'DUPLICATE' }).expect(200);

    const distribute = (leadIds: string[]) =>
      withKey(app, agency.apiKey).post('/api/v1/leads/distribute').send({ toPartnerId: branch.partner.id, leadIds });
    const usedRefusal = await distribute([fine, used]).expect(409);
    expect(usedRefusal.body).toMatchObject({ code: 'LEADS_NOT_ELIGIBLE', errors: [{ field: 'leadIds.1', message: `${used} is used` }] });
    const asRefusal = await distribute([underAs, fine]).expect(409);
    expect(asRefusal.body.errors).toEqual([{ field: 'leadIds.0', message: `${underAs} has an active AS request` }]);
    const notOwned = await distribute([fine, theirs]).expect(409);
    expect(notOwned.body.errors[0].field).toBe('leadIds.1');
    expect(ids((await withKey(app, branch.apiKey).get('/api/v1/leads').expect(200)).body)).toEqual([]);
  });

  it('recalls unused leads from descendants, and refuses a partner that is not a descendant', async () => {
    const { agency, branch, planner, outsider } = await organisation('Recall');
    const a = await deliverLead(app, productId, agency.partner.id);
    const b = await deliverLead(app, productId, agency.partner.id);
    await withKey(app, agency.apiKey)
      .post('/api/v1/leads/distribute')
      .send({ toPartnerId: branch.partner.id, leadIds: [a] })
      .expect(200);
    await withKey(app, agency.apiKey)
      .post('/api/v1/leads/distribute')
      .send({ toPartnerId: planner.partner.id, leadIds: [b] })
      .expect(200);

    const notDescendant = await withKey(app, agency.apiKey)
      .post('/api/v1/leads/recall')
      .send({ fromPartnerId: outsider.partner.id, leadIds: [a] })
      .expect(403);
    expect(notDescendant.body.code).toBe('PARTNER_NOT_DESCENDANT');
    const nullFrom = await withKey(app, agency.apiKey)
      .post('/api/v1/leads/recall')
      .send({ fromPartnerId: null, leadIds: [a] })
      .expect(400);
    expect(new Set(nullFrom.body.errors.map((error: { field: string }) => error.field))).toEqual(new Set(['fromPartnerId']));
    // A branch cannot recall from its parent.
    await withKey(app, branch.apiKey)
      .post('/api/v1/leads/recall')
      .send({ fromPartnerId: agency.partner.id, leadIds: [a] })
      .expect(403);

    const recalled = await withKey(app, agency.apiKey)
      .post('/api/v1/leads/recall')
      .send({ leadIds: [a, b] })
      .expect(200);
    expect(recalled.body.data.map((move: { fromPartnerId: number }) => move.fromPartnerId).sort()).toEqual(
      [branch.partner.id, planner.partner.id].sort(),
    );
    expect(ids((await withKey(app, agency.apiKey).get('/api/v1/leads').expect(200)).body)).toEqual([a, b].sort());
    expect((await withKey(app, branch.apiKey).get('/api/v1/leads').expect(200)).body.data).toEqual([]);
    expect((await withKey(app, agency.apiKey).get('/api/v1/leads/distributed').expect(200)).body.data).toEqual([]);
  });

  it('refuses to recall a used lead or one under an active AS request', async () => {
    const { agency, branch } = await organisation('RecallRefused');
    const a = await deliverLead(app, productId, agency.partner.id);
    await withKey(app, agency.apiKey)
      .post('/api/v1/leads/distribute')
      .send({ toPartnerId: branch.partner.id, leadIds: [a] })
      .expect(200);
    await withKey(app, branch.apiKey).post(`/api/v1/leads/${a}/use`).send({}).expect(200);
    const refused = await withKey(app, agency.apiKey)
      .post('/api/v1/leads/recall')
      .send({ leadIds: [a] })
      .expect(409);
    expect(refused.body.errors).toEqual([{ field: 'leadIds.0', message: `${a} is used` }]);

    const b = await deliverLead(app, productId, agency.partner.id);
    await withKey(app, agency.apiKey)
      .post('/api/v1/leads/distribute')
      .send({ toPartnerId: branch.partner.id, leadIds: [b] })
      .expect(200);
    await withKey(app, branch.apiKey).post('/api/v1/lead-as').send({ leadId: b, reasonCode: 'DUPLICATE' }).expect(200);
    const underAs = await withKey(app, agency.apiKey)
      .post('/api/v1/leads/recall')
      .send({ leadIds: [b] })
      .expect(409);
    expect(underAs.body.errors).toEqual([{ field: 'leadIds.0', message: `${b} has an active AS request` }]);
  });

  it('lets an agency act for a descendant’s list only where allowed: a branch key cannot touch the agency’s leads', async () => {
    const { agency, branch } = await organisation('Scope');
    const a = await deliverLead(app, productId, agency.partner.id);
    const refused = await withKey(app, branch.apiKey)
      .post('/api/v1/leads/distribute')
      .send({ partnerId: agency.partner.id, toPartnerId: branch.partner.id, leadIds: [a] })
      .expect(403);
    expect(refused.body.code).toBe('PARTNER_FORBIDDEN');
  });

  describe('replacement for an approved AS request', () => {
    it('makes the order owe one more lead in the region, delivered by the normal allocation; the order’s figures show it', async () => {
      const { agency } = await organisation('Replacement');
      const order = await withKey(app, agency.apiKey)
        .post('/api/v1/orders')
        .send({ productId, ordererName: '김담당', ordererContact: '010-0000-0000', regionQuantities: [{ region: '전남', quantity: 1 }] })
        .expect(201);
      const first = await withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(productId, { region: '전남' }))
        .expect(201);
      expect(first.body.orderId).toBe(order.body.id);
      expect((await withKey(app, agency.apiKey).get(`/api/v1/orders/${order.body.id}`).expect(200)).body.status).toBe('COMPLETED');

      const as = await withKey(app, agency.apiKey)
        .post('/api/v1/lead-as')
        .send({ leadId: first.body.id, reasonCode: 'DUPLICATE' })
        .expect(200);
      await asOperator(app).post(`/api/v1/admin/lead-as/${as.body.id}/review`).send({ decision: 'APPROVE' }).expect(200);
      const owed = await withKey(app, agency.apiKey).get(`/api/v1/orders/${order.body.id}`).expect(200);
      expect(owed.body).toMatchObject({ status: 'IN_PROGRESS', regionQuantities: [{ region: '전남', quantity: 2, delivered: 1 }] });

      const replacement = await withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(productId, { region: '전남' }))
        .expect(201);
      expect(replacement.body).toMatchObject({ orderId: order.body.id, partnerId: agency.partner.id });
      const done = await withKey(app, agency.apiKey).get(`/api/v1/orders/${order.body.id}`).expect(200);
      expect(done.body).toMatchObject({ status: 'COMPLETED', regionQuantities: [{ region: '전남', quantity: 2, delivered: 2 }] });
    });

    it('delivers a replacement at once when a lead waits in the pool, and owes nothing for a cancelled order', async () => {
      const { agency } = await organisation('ReplacementPool');
      const order = await withKey(app, agency.apiKey)
        .post('/api/v1/orders')
        .send({ productId, ordererName: '김담당', ordererContact: '010-0000-0000', regionQuantities: [{ region: '경북', quantity: 1 }] })
        .expect(201);
      const first = await withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(productId, { region: '경북' }))
        .expect(201);
      const waiting = await withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(productId, { region: '경북' }))
        .expect(201);
      expect(waiting.body.partnerId).toBeNull();
      const as = await withKey(app, agency.apiKey)
        .post('/api/v1/lead-as')
        .send({ leadId: first.body.id, reasonCode: 'DUPLICATE' })
        .expect(200);
      await asOperator(app).post(`/api/v1/admin/lead-as/${as.body.id}/review`).send({ decision: 'APPROVE' }).expect(200);
      const [lead] = await app.dataSource.query(`SELECT partner_id, order_id FROM leads WHERE id = $1`, [waiting.body.id]);
      expect(lead).toEqual({ partner_id: agency.partner.id, order_id: order.body.id });

      const other = await given(app).partner('Cancelled Replacement').key();
      const cancelled = await withKey(app, other.apiKey)
        .post('/api/v1/orders')
        .send({ productId, ordererName: '박담당', ordererContact: '010-0000-0001', regionQuantities: [{ region: '경남', quantity: 2 }] })
        .expect(201);
      const delivered = await withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(productId, { region: '경남' }))
        .expect(201);
      await withKey(app, other.apiKey).post(`/api/v1/orders/${cancelled.body.id}/cancel`).send({}).expect(200);
      const as2 = await withKey(app, other.apiKey)
        .post('/api/v1/lead-as')
        .send({ leadId: delivered.body.id, reasonCode: 'DUPLICATE' })
        .expect(200);
      await asOperator(app).post(`/api/v1/admin/lead-as/${as2.body.id}/review`).send({ decision: 'APPROVE' }).expect(200);
      const after = await withKey(app, other.apiKey).get(`/api/v1/orders/${cancelled.body.id}`).expect(200);
      expect(after.body).toMatchObject({ status: 'CANCELLED', regionQuantities: [{ region: '경남', quantity: 2, delivered: 1 }] });
    });
  });

  it('returns 400 naming toPartnerId beyond int4 on the distributed list (was a database error, 500)', async () => {
    const { agency } = await organisation('Overflow');
    for (const value of ['2147483648', '1767225600000']) {
      const response = await withKey(app, agency.apiKey).get(`/api/v1/leads/distributed?toPartnerId=${value}`).expect(400);
      expect(response.body.errors).toEqual([{ field: 'toPartnerId', message: 'must be an integer from 1 to 2147483647' }]);
    }
  });

  it('keeps an outsider from listing another organisation’s distributed leads', async () => {
    const { agency, branch } = await organisation('DistributedPrivacy');
    const a = await deliverLead(app, productId, agency.partner.id);
    await withKey(app, agency.apiKey)
      .post('/api/v1/leads/distribute')
      .send({ toPartnerId: branch.partner.id, leadIds: [a] })
      .expect(200);
    const stranger = await given(app).partner('Stranger');
    const strangerKey = (await asOperator(app).post(`/api/v1/admin/partners/${stranger.id}/api-keys`).send({}).expect(201)).body.apiKey;
    expect((await withKey(app, strangerKey).get('/api/v1/leads/distributed').expect(200)).body.data).toEqual([]);
    await withKey(app, strangerKey).get(`/api/v1/leads/distributed?partnerId=${agency.partner.id}`).expect(403);
  });
});
