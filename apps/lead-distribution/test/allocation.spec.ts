import { LeadsService } from '../src/leads/leads.service.js';
import { statementsDuring, type SentStatement } from '../../../test/support/statements.js';
import { asOperator, leadInput, startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';

describe('allocation of registered and imported leads', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    // No reservation poll during the tests: its statements would be counted as the requests'. One
    // registration statement at a time: registrations arriving meanwhile share the next one.
    app = await startLeadDistribution({
      env: { RESERVATION_POLL_SECONDS: '3600', LEAD_LIST_COUNTS_COMPACTION_SECONDS: '3600', REGISTRATION_STATEMENTS_AT_ONCE: '1' },
    });
  });
  afterAll(() => app.close());

  // A registration named '느림' holds the one registration statement until the test lets it go
  // (whileHeld); one named '거부됨' is refused by PostgreSQL.
  const GATE = 4242;
  beforeAll(() =>
    app.dataSource.query(`
      CREATE FUNCTION test_registration_gate() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.name = '느림' THEN PERFORM pg_advisory_lock(${GATE}); PERFORM pg_advisory_unlock(${GATE}); END IF;
        IF NEW.name = '거부됨' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_registration_gate BEFORE INSERT ON leads FOR EACH ROW EXECUTE FUNCTION test_registration_gate();`),
  );

  const until = async (done: () => Promise<boolean> | boolean) => {
    const deadline = Date.now() + 15_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('the condition did not come true within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /**
   * Registers `inputs` at once while another registration (region 부산) holds the one registration
   * statement, so that all of them wait for it and then share the next statement.
   */
  async function registerWhileHeld(productId: string, providerKey: string, inputs: Array<Record<string, unknown>>) {
    const gate = app.dataSource.createQueryRunner();
    await gate.connect();
    try {
      await gate.query('SELECT pg_advisory_lock($1)', [GATE]);
      // then() sends a request now (supertest sends when it is first awaited).
      const held = withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(productId, { name: '느림', region: '부산' }))
        .then((response) => expect(response.status).toBe(201));
      const blocked = `SELECT count(*)::int AS n FROM pg_locks
                        WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                          AND classid = 0 AND objid = $1 AND objsubid = 1 AND NOT granted`;
      await until(async () => (await app.dataSource.query(blocked, [GATE]))[0].n === 1);
      const answers = Promise.all(
        inputs.map((input) =>
          withKey(app, providerKey)
            .post('/api/v1/leads')
            .send(input)
            .then((r) => r),
        ),
      );
      // Every one of them waits for the held statement.
      const leads = app.app.get(LeadsService);
      await until(() => leads.registrationsWaiting === inputs.length);
      await gate.query('SELECT pg_advisory_unlock($1)', [GATE]);
      await held;
      return await answers;
    } finally {
      await gate.release();
    }
  }

  /** The rows each call of `register_leads_v5` among `statements` carried: names, last four digits of the phones. */
  const registrationsIn = (statements: SentStatement[]) =>
    statements
      .filter((statement) => statement.sql.includes('register_leads_v5'))
      .map(({ values }) => ({ names: (values as string[][])[4]!, last4s: (values as string[][])[9]! }));

  const order = (apiKey: string, productId: string, regionQuantities: Array<{ region: string; quantity: number }>, extra = {}) =>
    withKey(app, apiKey)
      .post('/api/v1/orders')
      .send({ productId, ordererName: '김담당', ordererContact: '010-1234-5678', regionQuantities, ...extra })
      .expect(201);

  it('registers a lead and delivers it to an order in at most three round trips to the database', async () => {
    const { product, providerKey } = await given(app).provider().product('왕복 상품');
    const { partner, apiKey } = await given(app).partner('Round Trips').key();
    const placed = await order(apiKey, product.id, [{ region: '서울', quantity: 5 }]);
    // The first registration warms the key cache and the pool.
    await withKey(app, providerKey).post('/api/v1/leads').send(leadInput(product.id)).expect(201);

    let response: { body: { partnerId: number; orderId: string } } | undefined;
    const statements = await statementsDuring(app.dataSource, async () => {
      response = await withKey(app, providerKey).post('/api/v1/leads').send(leadInput(product.id)).expect(201);
    });
    expect(response!.body).toMatchObject({ partnerId: partner.id, orderId: placed.body.id });
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(3);
    expect(registrationsIn(statements)).toHaveLength(1);
  });

  it('lets registrations arriving together share a statement, each answered as if it had come alone', async () => {
    const { product, providerKey } = await given(app).provider().product('동시 등록 상품');
    const { partner, apiKey } = await given(app).partner('Concurrent Registrations').key();
    const placed = await order(apiKey, product.id, [{ region: '서울', quantity: 10 }]);
    // 24 different numbers, and 8 of them sent twice: 32 registrations at once.
    const inputs = Array.from({ length: 24 }, () => leadInput(product.id));
    inputs.push(...inputs.slice(0, 8).map((input) => ({ ...input, name: '김중복' })));

    let responses: Array<{ status: number; body: { partnerId?: number | null; orderId?: string | null; code?: string } }> = [];
    const statements = await statementsDuring(app.dataSource, async () => {
      responses = await registerWhileHeld(product.id, providerKey, inputs);
    });
    const shared = registrationsIn(statements).find((call) => call.names.length > 1)!;
    expect(shared.names).toHaveLength(inputs.length);

    // As if one after another in the order they arrived: the first of a pair is created, the second
    // is its duplicate; the first ten created fill the order, the rest wait in the pool.
    // Where each input sits in the shared statement ((last four digits, name) is unique among them).
    const arrival = (index: number) =>
      shared.last4s.findIndex((last4, at) => last4 === inputs[index]!.phone.slice(-4) && shared.names[at] === inputs[index]!.name);
    expect(new Set(inputs.map((_, index) => arrival(index))).size).toBe(inputs.length);
    const seen = new Set<string>();
    let delivered = 0;
    [...inputs.keys()]
      .sort((a, b) => arrival(a) - arrival(b))
      .forEach((index) => {
        const response = responses[index]!;
        if (seen.has(inputs[index]!.phone)) {
          expect(response).toMatchObject({ status: 409, body: { code: 'DUPLICATE_LEAD' } });
          return;
        }
        seen.add(inputs[index]!.phone);
        expect(response.status).toBe(201);
        const toOrder = delivered < 10;
        if (toOrder) delivered += 1;
        expect(response.body).toMatchObject(
          toOrder ? { partnerId: partner.id, orderId: placed.body.id } : { partnerId: null, orderId: null },
        );
      });
    const now = await withKey(app, apiKey).get(`/api/v1/orders/${placed.body.id}`).expect(200);
    expect(now.body).toMatchObject({ status: 'COMPLETED', regionQuantities: [{ region: '서울', quantity: 10, delivered: 10 }] });
  });

  it('fails only the registration PostgreSQL refuses when it shared a statement with others', async () => {
    const { product, providerKey } = await given(app).provider().product('거부 등록 상품');
    const inputs = Array.from({ length: 15 }, (_, i) => leadInput(product.id, i === 9 ? { name: '거부됨' } : {}));
    let responses: Array<{ status: number }> = [];
    const statements = await statementsDuring(app.dataSource, async () => {
      responses = await registerWhileHeld(product.id, providerKey, inputs);
    });
    expect(responses.map((response) => response.status)).toEqual(inputs.map((_, i) => (i === 9 ? 500 : 201)));
    // The refused row went in a statement with the others, which was then tried row by row.
    expect(registrationsIn(statements).find((call) => call.names.includes('거부됨') && call.names.length > 1)?.names).toHaveLength(
      inputs.length,
    );
    expect(registrationsIn(statements).filter((call) => call.names.join() === '거부됨')).toHaveLength(1);
    const stored = await app.dataSource.query(`SELECT count(*)::int AS n FROM leads WHERE product_id = $1`, [product.id]);
    expect(stored[0].n).toBe(15);
  });

  it('imports a batch in a constant number of round trips, however many rows it has', async () => {
    const { product } = await given(app).provider().product('일괄 왕복 상품');
    const other = await given(app).provider().product('일괄 왕복 상품 2');
    const rows = Array.from({ length: 200 }, (_, i) => leadInput(i % 2 === 0 ? product.id : other.product.id));
    let created = 0;
    const statements = await statementsDuring(app.dataSource, async () => {
      created = (await asOperator(app).post('/api/v1/admin/leads/import').send({ leads: rows }).expect(200)).body.created;
    });
    expect(created).toBe(200);
    // One product lookup each, then one statement for all the rows, and the import's access record.
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.length).toBeLessThanOrEqual(4);
  });

  it('delivers an import’s rows to the oldest orders first, in row order, up to each region’s room', async () => {
    const { product } = await given(app).provider().product('일괄 배분 상품');
    const first = await given(app).partner('Import Older').key();
    const second = await given(app).partner('Import Newer').key();
    const manual = await given(app).partner('Import Manual').key();
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
