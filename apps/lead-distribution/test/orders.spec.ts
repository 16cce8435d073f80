import { asOperator, leadInput, startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';

describe('orders and allocation', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    // Two registration statements at a time: the concurrency test below has registrations both
    // racing each other in statements of their own and sharing one.
    app = await startLeadDistribution({ env: { RESERVATION_POLL_SECONDS: '1', REGISTRATION_STATEMENTS_AT_ONCE: '2' } });
  });
  afterAll(() => app.close());

  const orderBody = (
    productId: string,
    regionQuantities: Array<{ region: string; quantity: number }>,
    extra: Record<string, unknown> = {},
  ) => ({
    productId,
    ordererName: '김담당',
    ordererContact: '010-1234-5678',
    regionQuantities,
    ...extra,
  });

  async function setup(name: string) {
    const { product, providerKey } = await given(app).provider().product(`${name} 상품`);
    const partner = await given(app).partner(name).key();
    const register = (overrides: Record<string, unknown> = {}) =>
      withKey(app, providerKey).post('/api/v1/leads').send(leadInput(product.id, overrides)).expect(201);
    return { product, providerKey, ...partner, as: withKey(app, partner.apiKey), register };
  }

  it('creates an order with its regions, in the spec’s Order shape', async () => {
    const { product, partner, as } = await setup('Shape');
    const response = await as
      .post('/api/v1/orders')
      .send(orderBody(product.id, [{ region: '서울', quantity: 3 }], { regionMemo: '강남 위주', memo: '월말까지' }))
      .expect(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      providerId: product.providerId,
      productId: product.id,
      ordererName: '김담당',
      ordererContact: '010-1234-5678',
      partnerId: partner.id,
      regionQuantities: [{ region: '서울', quantity: 3, delivered: 0 }],
      regionMemo: '강남 위주',
      memo: '월말까지',
      status: 'PENDING',
      statusLabel: '접수',
      reservationDate: expect.any(String),
      cancelMemo: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await as.get(`/api/v1/orders/${response.body.id}`).expect(200)).body).toEqual(response.body);
  });

  it('takes the leads waiting in the pool when it is created, up to each region’s quantity', async () => {
    const { product, as, register } = await setup('Pool');
    const seoul = [];
    for (let i = 0; i < 3; i += 1) seoul.push((await register({ region: '서울' })).body.id);
    await register({ region: '부산' });
    const order = await as
      .post('/api/v1/orders')
      .send(orderBody(product.id, [{ region: '서울', quantity: 2 }]))
      .expect(201);
    expect(order.body).toMatchObject({ status: 'COMPLETED', regionQuantities: [{ region: '서울', quantity: 2, delivered: 2 }] });
    const owned = await as.get('/api/v1/leads').expect(200);
    expect(owned.body.data.map((lead: { id: string }) => lead.id).sort()).toEqual(seoul.slice(0, 2).sort());
  });

  it('delivers a new lead to the oldest open order with quantity left in its region', async () => {
    const { product, register } = await setup('Oldest');
    const first = await given(app).partner('Oldest First').key();
    const second = await given(app).partner('Oldest Second').key();
    const older = await withKey(app, first.apiKey)
      .post('/api/v1/orders')
      .send(orderBody(product.id, [{ region: '대구', quantity: 1 }]))
      .expect(201);
    const newer = await withKey(app, second.apiKey)
      .post('/api/v1/orders')
      .send(orderBody(product.id, [{ region: '대구', quantity: 2 }]))
      .expect(201);

    const a = await register({ region: '대구' });
    expect(a.body).toMatchObject({ partnerId: first.partner.id, orderId: older.body.id });
    const b = await register({ region: '대구' });
    expect(b.body).toMatchObject({ partnerId: second.partner.id, orderId: newer.body.id });
    const elsewhere = await register({ region: '광주' });
    expect(elsewhere.body).toMatchObject({ partnerId: null, orderId: null });

    const olderNow = await withKey(app, first.apiKey).get(`/api/v1/orders/${older.body.id}`).expect(200);
    expect(olderNow.body).toMatchObject({ status: 'COMPLETED', regionQuantities: [{ region: '대구', quantity: 1, delivered: 1 }] });
    const newerNow = await withKey(app, second.apiKey).get(`/api/v1/orders/${newer.body.id}`).expect(200);
    expect(newerNow.body).toMatchObject({ status: 'IN_PROGRESS', regionQuantities: [{ region: '대구', quantity: 2, delivered: 1 }] });
    const lead = await withKey(app, first.apiKey).get(`/api/v1/leads/${a.body.id}`).expect(200);
    expect(lead.body).toMatchObject({
      assignmentId: expect.any(String),
      assignedAt: expect.any(String),
      lastDistributedAt: lead.body.assignedAt,
    });
  });

  it('records each delivery in the assignment history', async () => {
    const { product, partner, as, register } = await setup('History');
    const order = await as
      .post('/api/v1/orders')
      .send(orderBody(product.id, [{ region: '인천', quantity: 1 }]))
      .expect(201);
    const lead = await register({ region: '인천' });
    const rows = await app.dataSource.query(`SELECT kind, order_id, to_partner_id FROM lead_assignments WHERE lead_id = $1`, [
      lead.body.id,
    ]);
    expect(rows).toEqual([{ kind: 'ORDER', order_id: order.body.id, to_partner_id: partner.id }]);
  });

  it('starts a reserved order when its time comes, without any request', async () => {
    const { product, as, register } = await setup('Reserved');
    const waiting = await register({ region: '울산' });
    const reservationDate = new Date(Date.now() + 1500).toISOString();
    const order = await as
      .post('/api/v1/orders')
      .send(orderBody(product.id, [{ region: '울산', quantity: 2 }], { reservationDate }))
      .expect(201);
    expect(order.body).toMatchObject({ status: 'PENDING', regionQuantities: [{ region: '울산', quantity: 2, delivered: 0 }] });
    expect((await as.get('/api/v1/leads').expect(200)).body.pagination.total).toBe(0);
    // Before its time, a new lead of its region passes it by and waits in the pool too.
    const early = await register({ region: '울산' });
    expect(early.body.orderId).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 3500));
    const leads = await app.dataSource.query(`SELECT order_id FROM leads WHERE id = ANY($1::uuid[])`, [[waiting.body.id, early.body.id]]);
    expect(leads).toEqual([{ order_id: order.body.id }, { order_id: order.body.id }]);
    expect((await as.get(`/api/v1/orders/${order.body.id}`).expect(200)).body).toMatchObject({
      status: 'COMPLETED',
      regionQuantities: [{ region: '울산', quantity: 2, delivered: 2 }],
    });
  });

  it('still takes the pool when its time has come even if a new lead reached it first', async () => {
    const { product, as, register } = await setup('Reserved Race');
    const waiting = await register({ region: '충남' });
    const reservationDate = new Date(Date.now() + 1200).toISOString();
    const order = await as
      .post('/api/v1/orders')
      .send(orderBody(product.id, [{ region: '충남', quantity: 3 }], { reservationDate }))
      .expect(201);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    // Due now, not yet started by the poller: a new lead goes straight to it.
    const fresh = await register({ region: '충남' });
    expect(fresh.body.orderId).toBe(order.body.id);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const [lead] = await app.dataSource.query(`SELECT order_id FROM leads WHERE id = $1`, [waiting.body.id]);
    expect(lead.order_id).toBe(order.body.id);
  });

  describe('refusals', () => {
    it('returns 400 naming the field for an unknown or inactive product, a disallowed region, a bad quantity or a repeated region', async () => {
      const { product, as } = await setup('Refusals');
      const unknown = await as
        .post('/api/v1/orders')
        .send(orderBody('0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10', [{ region: '서울', quantity: 1 }]))
        .expect(400);
      expect(unknown.body.errors[0].field).toBe('productId');
      const inactive = await asOperator(app)
        .post('/api/v1/admin/products')
        .send({ name: '판매중지', providerId: product.providerId, active: false })
        .expect(201);
      await as
        .post('/api/v1/orders')
        .send(orderBody(inactive.body.id, [{ region: '서울', quantity: 1 }]))
        .expect(400);
      const region = await as
        .post('/api/v1/orders')
        .send(orderBody(product.id, [{ region: 'Atlantis', quantity: 1 }]))
        .expect(400);
      expect(region.body.errors[0].field).toBe('regionQuantities.0.region');
      const quantity = await as
        .post('/api/v1/orders')
        .send(orderBody(product.id, [{ region: '서울', quantity: 0 }]))
        .expect(400);
      expect(quantity.body.errors[0].field).toBe('regionQuantities.0.quantity');
      const repeated = await as
        .post('/api/v1/orders')
        .send(
          orderBody(product.id, [
            { region: '서울', quantity: 1 },
            { region: '서울', quantity: 2 },
          ]),
        )
        .expect(400);
      expect(repeated.body.errors[0].field).toBe('regionQuantities.1.region');
      await as.post('/api/v1/orders').send(orderBody(product.id, [])).expect(400);
    });

    it('lets an operator order for a partner it names, and returns 400 naming partnerId for one that does not exist', async () => {
      const { product, partner } = await setup('Operator Orders');
      const placed = await asOperator(app)
        .post('/api/v1/orders')
        .send(orderBody(product.id, [{ region: '서울', quantity: 1 }], { partnerId: partner.id }))
        .expect(201);
      expect(placed.body.partnerId).toBe(partner.id);
      const unknown = await asOperator(app)
        .post('/api/v1/orders')
        .send(orderBody(product.id, [{ region: '서울', quantity: 1 }], { partnerId: 987654 }))
        .expect(400);
      expect(unknown.body.errors).toEqual([{ field: 'partnerId', message: 'partner 987654 does not exist' }]);
      expect((await asOperator(app).get('/api/v1/orders?partnerId=987654').expect(400)).body.errors[0].field).toBe('partnerId');
    });

    it('returns 400 naming the field for a date that does not exist or that PostgreSQL would not read (were 500)', async () => {
      const { product, as } = await setup('Impossible dates');
      for (const date of ['2026-02-30', '2026-02-30T00:00:00Z', '2026-W01', '2026', '0000-01-01T00:00:00Z', '2026-02-28T10Z']) {
        for (const field of ['createdFrom', 'createdTo']) {
          const response = await as.get(`/api/v1/orders?${field}=${encodeURIComponent(date)}`).expect(400);
          expect(response.body.errors).toEqual([{ field, message: expect.stringMatching(/^must be an ISO 8601 date/) }]);
        }
        const created = await as
          .post('/api/v1/orders')
          .send(orderBody(product.id, [{ region: '서울', quantity: 1 }], { reservationDate: date }))
          .expect(400);
        expect(created.body.errors).toEqual([{ field: 'reservationDate', message: expect.stringMatching(/^must be an ISO 8601 date/) }]);
      }
      await as.get('/api/v1/orders?createdFrom=2024-02-29&createdTo=2026-02-28T23:59:59.999%2B09:00').expect(200);
    });

    it('keeps orders private to their partner', async () => {
      const { product, as } = await setup('Private Orders');
      const order = await as
        .post('/api/v1/orders')
        .send(orderBody(product.id, [{ region: '서울', quantity: 1 }]))
        .expect(201);
      const stranger = await given(app).partner('Order Stranger').key();
      await withKey(app, stranger.apiKey).get(`/api/v1/orders/${order.body.id}`).expect(404);
      await withKey(app, stranger.apiKey).post(`/api/v1/orders/${order.body.id}/cancel`).send({}).expect(404);
      expect((await withKey(app, stranger.apiKey).get('/api/v1/orders').expect(200)).body.pagination.total).toBe(0);
    });
  });

  describe('cancellation', () => {
    it('cancels an open order: delivered leads stay, the rest is dropped', async () => {
      const { product, as, register } = await setup('Cancel');
      const order = await as
        .post('/api/v1/orders')
        .send(orderBody(product.id, [{ region: '세종', quantity: 3 }]))
        .expect(201);
      const delivered = await register({ region: '세종' });
      const cancelled = await as.post(`/api/v1/orders/${order.body.id}/cancel`).send({ memo: '예산 소진' }).expect(200);
      expect(cancelled.body).toMatchObject({
        status: 'CANCELLED',
        statusLabel: '취소',
        cancelMemo: '예산 소진',
        regionQuantities: [{ region: '세종', quantity: 3, delivered: 1 }],
      });
      const after = await register({ region: '세종' });
      expect(after.body.orderId).toBeNull();
      expect((await as.get(`/api/v1/leads/${delivered.body.id}`).expect(200)).body.id).toBe(delivered.body.id);
    });

    it('returns 409 ORDER_NOT_CANCELLABLE for a completed or cancelled order', async () => {
      const { product, as, register } = await setup('Not Cancellable');
      const order = await as
        .post('/api/v1/orders')
        .send(orderBody(product.id, [{ region: '제주', quantity: 1 }]))
        .expect(201);
      await register({ region: '제주' });
      expect((await as.post(`/api/v1/orders/${order.body.id}/cancel`).send({}).expect(409)).body.code).toBe('ORDER_NOT_CANCELLABLE');
      const other = await as
        .post('/api/v1/orders')
        .send(orderBody(product.id, [{ region: '제주', quantity: 1 }]))
        .expect(201);
      await as.post(`/api/v1/orders/${other.body.id}/cancel`).send({}).expect(200);
      await as.post(`/api/v1/orders/${other.body.id}/cancel`).send({}).expect(409);
    });
  });

  it('lists the partner’s orders with filters and a summary by status', async () => {
    const { product, as, register } = await setup('Listing');
    const a = await as
      .post('/api/v1/orders')
      .send(
        orderBody(product.id, [
          { region: '경기', quantity: 2 },
          { region: '강원', quantity: 1 },
        ]),
      )
      .expect(201);
    const b = await as
      .post('/api/v1/orders')
      .send(orderBody(product.id, [{ region: '충북', quantity: 1 }]))
      .expect(201);
    await as.post(`/api/v1/orders/${b.body.id}/cancel`).send({}).expect(200);
    await register({ region: '경기' });

    const all = await as.get('/api/v1/orders').expect(200);
    expect(all.body.pagination.total).toBe(2);
    expect(all.body.data.map((order: { id: string }) => order.id)).toEqual([b.body.id, a.body.id]);
    expect(all.body.summary).toEqual({
      counts: { PENDING: 0, IN_PROGRESS: 1, COMPLETED: 0, CANCELLED: 1 },
      orderedQuantity: 4,
      deliveredQuantity: 1,
    });

    const inProgress = await as.get('/api/v1/orders?status=IN_PROGRESS').expect(200);
    expect(inProgress.body.data.map((order: { id: string }) => order.id)).toEqual([a.body.id]);
    expect(inProgress.body.summary.counts.CANCELLED).toBe(1);
    expect(
      (await as.get(`/api/v1/orders?productId=${product.id}&createdFrom=2000-01-01T00:00:00Z`).expect(200)).body.pagination.total,
    ).toBe(2);
    expect((await as.get('/api/v1/orders?createdTo=2000-01-01T00:00:00Z').expect(200)).body.pagination.total).toBe(0);
    expect((await as.get('/api/v1/orders?status=DONE').expect(400)).body.errors[0].field).toBe('status');
  });

  it('stays exact when registrations, imports and order creations arrive at once', async () => {
    const { product, providerKey } = await given(app).provider().product('동시성 상품');
    const partners = await Promise.all(Array.from({ length: 4 }, (_, i) => given(app).partner(`Concurrent ${i}`).key()));
    const regions = ['서울', '부산', '대구'];
    // Some leads wait in the pool before any order exists.
    for (let i = 0; i < 60; i += 1) {
      await withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(product.id, { region: regions[i % 3] }))
        .expect(201);
    }
    const work: Array<() => Promise<unknown>> = [];
    for (let i = 0; i < 16; i += 1) {
      const partner = partners[i % partners.length]!;
      work.push(() =>
        withKey(app, partner.apiKey)
          .post('/api/v1/orders')
          .send(
            orderBody(
              product.id,
              regions.map((region, r) => ({ region, quantity: 3 + ((i + r) % 5) })),
            ),
          )
          .expect(201),
      );
    }
    for (let i = 0; i < 240; i += 1) {
      work.push(() =>
        withKey(app, providerKey)
          .post('/api/v1/leads')
          .send(leadInput(product.id, { region: regions[i % 3] }))
          .expect(201),
      );
    }
    for (let i = 0; i < 4; i += 1) {
      const rows = Array.from({ length: 25 }, (_, r) => leadInput(product.id, { region: regions[(i + r) % 3] }));
      work.push(() => asOperator(app).post('/api/v1/admin/leads/import').send({ leads: rows }).expect(200));
    }
    work.sort(() => Math.random() - 0.5);
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < work.length) await work[next++]!();
      }),
    );

    const ledger = await app.dataSource.query(
      `SELECT r.order_id, r.region, r.quantity, r.delivered,
              (SELECT count(*)::int FROM leads l WHERE l.order_id = r.order_id AND l.region = r.region) AS leads
         FROM order_regions r JOIN orders o ON o.id = r.order_id WHERE o.product_id = $1`,
      [product.id],
    );
    expect(ledger.length).toBe(48);
    for (const row of ledger) {
      expect(row.delivered).toBe(row.leads);
      expect(row.delivered).toBeLessThanOrEqual(row.quantity);
    }
    const [twice] = await app.dataSource.query(
      `SELECT count(*)::int AS n FROM (SELECT lead_id FROM lead_assignments a JOIN leads l ON l.id = a.lead_id
        WHERE l.product_id = $1 AND a.kind = 'ORDER' GROUP BY lead_id HAVING count(*) > 1) x`,
      [product.id],
    );
    expect(twice.n).toBe(0);
    // Nothing waits in the pool of a region while an open order there still has room.
    const [stranded] = await app.dataSource.query(
      `SELECT count(*)::int AS n FROM leads l WHERE l.product_id = $1 AND l.partner_id IS NULL
          AND EXISTS (SELECT 1 FROM order_regions r JOIN orders o ON o.id = r.order_id
                       WHERE o.product_id = $1 AND o.status IN ('PENDING', 'IN_PROGRESS') AND r.region = l.region AND r.delivered < r.quantity)`,
      [product.id],
    );
    expect(stranded.n).toBe(0);
    const [{ total }] = await app.dataSource.query(`SELECT count(*)::int AS total FROM leads WHERE product_id = $1`, [product.id]);
    expect(total).toBe(400);
  }, 120_000);
});
