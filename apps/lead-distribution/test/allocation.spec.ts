import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';
import {
  asOperator,
  leadInput,
  partnerWithKey,
  providerWithProduct,
  startLeadDistribution,
  withKey,
  type LeadDistributionTestApp,
} from '../../../test/support/lead-distribution.js';

describe('allocation of registered and imported leads', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    // No reservation poll during the tests: its statements would be counted as the requests'.
    app = await startLeadDistribution({ env: { RESERVATION_POLL_SECONDS: '3600' } });
  });
  afterAll(() => app.close());

  /** Statements the service sends to PostgreSQL while `work` runs (every query of every pooled client). */
  async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
    const client = (app.dataSource.driver as PostgresDriver).postgres.Client.prototype as { query: (...args: unknown[]) => unknown };
    const original = client.query;
    const sent: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const [text] = args;
      sent.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
      return original.apply(this, args);
    };
    try {
      await work();
    } finally {
      client.query = original;
    }
    return sent;
  }

  const order = (apiKey: string, productId: string, regionQuantities: Array<{ region: string; quantity: number }>, extra = {}) =>
    withKey(app, apiKey)
      .post('/api/v1/orders')
      .send({ productId, ordererName: '김담당', ordererContact: '010-1234-5678', regionQuantities, ...extra })
      .expect(201);

  it('registers a lead and delivers it to an order in at most three round trips to the database', async () => {
    const { product, providerKey } = await providerWithProduct(app, '왕복 상품');
    const { partner, apiKey } = await partnerWithKey(app, 'Round Trips');
    const placed = await order(apiKey, product.id, [{ region: '서울', quantity: 5 }]);
    // The first registration warms the key cache and the pool.
    await withKey(app, providerKey).post('/api/v1/leads').send(leadInput(product.id)).expect(201);

    let response: { body: { partnerId: number; orderId: string } } | undefined;
    const statements = await statementsDuring(async () => {
      response = await withKey(app, providerKey).post('/api/v1/leads').send(leadInput(product.id)).expect(201);
    });
    expect(response!.body).toMatchObject({ partnerId: partner.id, orderId: placed.body.id });
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(3);
    expect(statements.filter((sql) => sql.includes('register_leads_v1'))).toHaveLength(1);
  });

  it('imports a batch in a constant number of round trips, however many rows it has', async () => {
    const { product } = await providerWithProduct(app, '일괄 왕복 상품');
    const other = await providerWithProduct(app, '일괄 왕복 상품 2');
    const rows = Array.from({ length: 200 }, (_, i) => leadInput(i % 2 === 0 ? product.id : other.product.id));
    let created = 0;
    const statements = await statementsDuring(async () => {
      created = (await asOperator(app).post('/api/v1/admin/leads/import').send({ leads: rows }).expect(200)).body.created;
    });
    expect(created).toBe(200);
    // One product lookup each, then one statement for all the rows.
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(3);
  });

  it('delivers an import’s rows to the oldest orders first, in row order, up to each region’s room', async () => {
    const { product } = await providerWithProduct(app, '일괄 배분 상품');
    const first = await partnerWithKey(app, 'Import Older');
    const second = await partnerWithKey(app, 'Import Newer');
    const manual = await partnerWithKey(app, 'Import Manual');
    // Created first but reserved later: the other order, reserved in the past, is the older one.
    const newer = await order(first.apiKey, product.id, [{ region: '서울', quantity: 5 }]);
    const older = await order(
      second.apiKey,
      product.id,
      [
        { region: '서울', quantity: 3 },
        { region: '부산', quantity: 1 },
      ],
      { reservationDate: '2020-01-01T00:00:00.000Z' },
    );

    const rows = [
      ...Array.from({ length: 7 }, () => leadInput(product.id, { region: '서울' })),
      leadInput(product.id, { region: '부산' }),
      leadInput(product.id, { region: '부산' }),
      leadInput(product.id, { region: '대구', partnerId: manual.partner.id }),
    ];
    rows.push({ ...leadInput(product.id), phone: rows[0]!.phone });
    const { body } = await asOperator(app).post('/api/v1/admin/leads/import').send({ leads: rows }).expect(200);

    expect(body).toMatchObject({ created: 10, duplicates: 1, invalid: 0 });
    const partnerOf = body.results.map((result: { partnerId?: number | null }) => result.partnerId);
    const [o, n, m] = [second.partner.id, first.partner.id, manual.partner.id];
    expect(partnerOf).toEqual([o, o, o, n, n, n, n, o, null, m, undefined]);
    expect(body.results[10]).toEqual({ index: 10, status: 'DUPLICATE', code: 'DUPLICATE_LEAD' });

    const olderNow = await withKey(app, second.apiKey).get(`/api/v1/orders/${older.body.id}`).expect(200);
    expect(olderNow.body).toMatchObject({
      status: 'COMPLETED',
      regionQuantities: [
        { region: '부산', quantity: 1, delivered: 1 },
        { region: '서울', quantity: 3, delivered: 3 },
      ],
    });
    const newerNow = await withKey(app, first.apiKey).get(`/api/v1/orders/${newer.body.id}`).expect(200);
    expect(newerNow.body).toMatchObject({ status: 'IN_PROGRESS', regionQuantities: [{ region: '서울', quantity: 5, delivered: 4 }] });

    const ids = body.results.slice(0, 10).map((result: { id: string }) => result.id);
    const history = await app.dataSource.query(
      `SELECT l.id, l.partner_id, l.order_id, l.assignment_id = a.id AS current, a.kind, a.order_id AS a_order, a.to_partner_id,
              l.assigned_at IS NOT NULL AND l.last_distributed_at = l.assigned_at AS dated
         FROM leads l LEFT JOIN lead_assignments a ON a.lead_id = l.id WHERE l.id = ANY($1::uuid[])`,
      [ids],
    );
    const byId = new Map(history.map((row: { id: string }) => [row.id, row]));
    ids.forEach((id: string, index: number) => {
      const row = byId.get(id) as Record<string, unknown>;
      if (index === 8) {
        expect(row).toMatchObject({ partner_id: null, order_id: null, kind: null });
        return;
      }
      const orderId = index === 9 ? null : partnerOf[index] === o ? older.body.id : newer.body.id;
      expect(row).toMatchObject({
        partner_id: partnerOf[index],
        order_id: orderId,
        current: true,
        kind: index === 9 ? 'MANUAL' : 'ORDER',
        a_order: orderId,
        to_partner_id: partnerOf[index],
        dated: true,
      });
    });
  });
});
