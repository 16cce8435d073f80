import { REGION_NAMES } from '#contracts';
import { LeadListCountsCompaction } from '../src/leads/lead-list-counts.compaction.js';
import {
  asOperator,
  deliverLead,
  leadInput,
  startLeadDistribution,
  withKey,
  type LeadDistributionTestApp,
} from './support/lead-distribution.js';
import { given, type KeyedPartner } from './support/given.js';

interface Bucket {
  partnerId: number;
  used: boolean;
  hasAs: boolean;
  region: string;
  gender: string;
  leads: number;
}

/** The list's filters without a search term, each of which the kept counts answer. */
const FILTERS = [
  '',
  'used=true',
  'used=false',
  'hasAs=Y',
  'hasAs=N',
  'region=서울',
  'gender=F',
  'used=false&hasAs=N&region=부산&gender=M',
  'used=true&hasAs=Y',
];

describe('the owned-lead list’s kept counts', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution();
  });
  afterAll(() => app.close());

  /** Every bucket as the kept counts sum it, and as count(*) over the leads finds it: they must be equal. */
  async function expectCountsExact(): Promise<void> {
    const [kept, counted] = await Promise.all([
      app.dataSource.query<Bucket[]>(
        `SELECT partner_id AS "partnerId", used, has_as AS "hasAs", region, gender, sum(leads)::integer AS leads
           FROM lead_list_counts GROUP BY 1, 2, 3, 4, 5 HAVING sum(leads) <> 0 ORDER BY 1, 2, 3, 4, 5`,
      ),
      app.dataSource.query<Bucket[]>(
        `SELECT partner_id AS "partnerId", used_at IS NOT NULL AS used, coalesce(latest_as_status <> 'CANCELLED', false) AS "hasAs",
                region, gender, count(*)::integer AS leads
           FROM leads WHERE partner_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      ),
    ]);
    expect(kept).toEqual(counted);
  }

  /** The list's total over HTTP for each filter equals count(*) of the partner's matching leads. */
  async function expectTotalsExact(partner: KeyedPartner): Promise<void> {
    for (const filter of FILTERS) {
      const params = new URLSearchParams(filter);
      const conditions = ['partner_id = $1'];
      const values: unknown[] = [partner.partner.id];
      if (params.has('used')) conditions.push(params.get('used') === 'true' ? 'used_at IS NOT NULL' : 'used_at IS NULL');
      if (params.has('hasAs'))
        conditions.push(`${params.get('hasAs') === 'Y' ? '' : 'NOT '}coalesce(latest_as_status <> 'CANCELLED', false)`);
      if (params.has('region')) conditions.push(`region = $${values.push(params.get('region'))}`);
      if (params.has('gender')) conditions.push(`gender = $${values.push(params.get('gender'))}`);
      const [{ count }] = await app.dataSource.query<[{ count: number }]>(
        `SELECT count(*)::integer AS count FROM leads WHERE ${conditions.join(' AND ')}`,
        values,
      );
      const response = await withKey(app, partner.apiKey).get(`/api/v1/leads?${filter}`).expect(200);
      expect({ filter, total: response.body.pagination.total }).toEqual({ filter, total: count });
    }
  }

  async function placeOrder(partner: KeyedPartner, productId: string, regionQuantities: Array<{ region: string; quantity: number }>) {
    const order = await withKey(app, partner.apiKey)
      .post('/api/v1/orders')
      .send({ productId, ordererName: '김담당', ordererContact: '010-0000-0000', regionQuantities })
      .expect(201);
    return order.body as { id: string; status: string };
  }

  const fileAs = async (partner: KeyedPartner, leadId: string) =>
    (await withKey(app, partner.apiKey).post('/api/v1/lead-as').send({ leadId, reasonCode: 'DUPLICATE' }).expect(200)).body.id as string;
  const review = (id: string, decision: 'APPROVE' | 'REJECT' | 'HOLD') =>
    asOperator(app).post(`/api/v1/admin/lead-as/${id}/review`).send({ decision }).expect(200);

  it('match count(*) in every bucket after every path that writes leads, and the list’s total is count(*) for every filter', async () => {
    const { product, providerKey } = await given(app).provider().product('카운트 상품');
    const agency = await given(app).partner('Counts agency').key();
    const branch = await given(app).partner('Counts branch', agency.partner.id).key();
    const other = await given(app).partner('Counts other').key();

    // Registration: by hand to a partner (MANUAL), into the pool, and to an open order (ORDER).
    const manual = [
      await deliverLead(app, product.id, agency.partner.id, { region: '서울', gender: 'F' }),
      await deliverLead(app, product.id, agency.partner.id, { region: '부산', gender: 'M' }),
      await deliverLead(app, product.id, agency.partner.id, { region: '부산', gender: 'M' }),
      await deliverLead(app, product.id, agency.partner.id, { region: '대구', gender: 'F' }),
      await deliverLead(app, product.id, other.partner.id, { region: '서울', gender: 'M' }),
    ];
    const pooled = [];
    for (const region of ['광주', '광주', '대전']) {
      pooled.push((await withKey(app, providerKey).post('/api/v1/leads').send(leadInput(product.id, { region })).expect(201)).body.id);
    }
    await expectCountsExact();

    // An order taking leads from the pool at once, then one a registration delivers to.
    expect((await placeOrder(agency, product.id, [{ region: '광주', quantity: 2 }])).status).toBe('COMPLETED');
    await placeOrder(agency, product.id, [
      { region: '서울', quantity: 3 },
      { region: '부산', quantity: 2 },
    ]);
    const ordered = (
      await withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(product.id, { region: '서울', gender: 'F' }))
        .expect(201)
    ).body;
    expect(ordered.partnerId).toBe(agency.partner.id);
    await expectCountsExact();

    // An import: rows to the open order, rows by hand, a duplicate, rows into the pool.
    const rows = [
      leadInput(product.id, { region: '서울' }),
      leadInput(product.id, { region: '부산', gender: 'F' }),
      leadInput(product.id, { region: '부산' }),
      leadInput(product.id, { region: '울산', partnerId: other.partner.id }),
      leadInput(product.id, { region: '울산', partnerId: branch.partner.id }),
      leadInput(product.id, { region: '세종' }),
    ];
    rows.push({ ...leadInput(product.id), phone: rows[0]!.phone });
    const imported = (await asOperator(app).post('/api/v1/admin/leads/import').send({ leads: rows }).expect(200)).body;
    expect(imported).toMatchObject({ created: 6, duplicates: 1 });
    await expectCountsExact();
    await expectTotalsExact(agency);

    // Marking used.
    await withKey(app, agency.apiKey).post(`/api/v1/leads/${manual[0]}/use`).send({}).expect(200);
    await withKey(app, agency.apiKey).post(`/api/v1/leads/${manual[0]}/use`).send({}).expect(200);
    await expectCountsExact();

    // Distribution down the organisation and recall.
    await withKey(app, agency.apiKey)
      .post('/api/v1/leads/distribute')
      .send({ toPartnerId: branch.partner.id, leadIds: [manual[1], manual[2], manual[3]] })
      .expect(200);
    await expectCountsExact();
    await withKey(app, agency.apiKey)
      .post('/api/v1/leads/recall')
      .send({ fromPartnerId: branch.partner.id, leadIds: [manual[2]] })
      .expect(200);
    await expectCountsExact();
    await expectTotalsExact(branch);

    // AS: filed (hasAs), on hold, cancelled (no longer hasAs), filed again and rejected.
    const held = await fileAs(agency, manual[2]!);
    await expectCountsExact();
    await review(held, 'HOLD');
    await withKey(app, agency.apiKey).post(`/api/v1/lead-as/${held}/cancel`).send({}).expect(200);
    await expectCountsExact();
    await review(await fileAs(agency, manual[2]!), 'REJECT');
    await expectCountsExact();
    await expectTotalsExact(agency);

    // AS approved: the lead returns (no owner), and the order takes a replacement from the pool.
    const replacementPool = (
      await withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(product.id, { region: '광주' }))
        .expect(201)
    ).body;
    expect(replacementPool.partnerId).toBeNull();
    const [fromOrder] = await app.dataSource.query<[{ id: string }]>(
      `SELECT id FROM leads WHERE partner_id = $1 AND region = '광주' AND order_id IS NOT NULL LIMIT 1`,
      [agency.partner.id],
    );
    const approved = (await review(await fileAs(agency, fromOrder.id), 'APPROVE')).body;
    expect(approved.replacement).toMatchObject({ leadId: replacementPool.id });
    await expectCountsExact();
    await expectTotalsExact(agency);
    await expectTotalsExact(other);

    // What no operation does yet, but the triggers cover: a statement changing bucket columns of
    // several leads, a delete, and a truncate.
    await app.dataSource.query(`UPDATE leads SET region = '제주', gender = 'F' WHERE partner_id = $1`, [agency.partner.id]);
    await expectCountsExact();
    await app.dataSource.query(`DELETE FROM leads WHERE id = $1`, [manual[4]]);
    await expectCountsExact();
    await expectTotalsExact(other);
    expect(pooled).toHaveLength(3);
  });

  it('stay exact through concurrent registrations, imports, distributions and compactions, and compaction merges them', async () => {
    const { product, providerKey } = await given(app).provider().product('동시 카운트 상품');
    const agency = await given(app).partner('Concurrent agency').key();
    const branch = await given(app).partner('Concurrent branch', agency.partner.id).key();
    await placeOrder(agency, product.id, [
      { region: '서울', quantity: 40 },
      { region: '부산', quantity: 40 },
    ]);
    await placeOrder(branch, product.id, [{ region: '서울', quantity: 30 }]);
    const handDelivered = await Promise.all(
      Array.from({ length: 12 }, (_, n) => deliverLead(app, product.id, agency.partner.id, { gender: n % 2 ? 'M' : 'F' })),
    );
    const compaction = app.app.get(LeadListCountsCompaction);

    const region = (n: number) => REGION_NAMES[n % 3 === 0 ? 0 : n % 3 === 1 ? 1 : 2]!;
    await Promise.all([
      // 120 registrations from 12 clients at once: orders first, the rest to the pool or by hand.
      ...Array.from({ length: 12 }, async (_, client) => {
        for (let n = 0; n < 10; n += 1) {
          const body = leadInput(product.id, { region: region(client + n), gender: n % 2 ? 'F' : 'M' });
          if (client % 4 === 0)
            await asOperator(app)
              .post('/api/v1/leads')
              .send({ ...body, partnerId: branch.partner.id })
              .expect(201);
          else await withKey(app, providerKey).post('/api/v1/leads').send(body).expect(201);
        }
      }),
      asOperator(app)
        .post('/api/v1/admin/leads/import')
        .send({ leads: Array.from({ length: 50 }, (_, n) => leadInput(product.id, { region: region(n) })) })
        .expect(200),
      // Hand-overs of the hand-delivered leads, two at a time, back and forth.
      (async () => {
        for (let n = 0; n < handDelivered.length; n += 2) {
          const leadIds = handDelivered.slice(n, n + 2);
          await withKey(app, agency.apiKey).post('/api/v1/leads/distribute').send({ toPartnerId: branch.partner.id, leadIds }).expect(200);
          if (n % 4 === 0) {
            await withKey(app, agency.apiKey).post('/api/v1/leads/recall').send({ fromPartnerId: branch.partner.id, leadIds }).expect(200);
          }
        }
      })(),
      (async () => {
        for (let n = 0; n < 8; n += 1) {
          await compaction.sweep();
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })(),
    ]);
    await expectCountsExact();
    await expectTotalsExact(agency);
    await expectTotalsExact(branch);

    // Compaction leaves one merged row per non-empty bucket, and the same sums.
    await compaction.sweep();
    await expectCountsExact();
    const [{ unmerged, duplicated }] = await app.dataSource.query<[{ unmerged: number; duplicated: number }]>(
      `SELECT (SELECT count(*)::integer FROM lead_list_counts WHERE NOT merged) AS unmerged,
              (SELECT count(*)::integer FROM (SELECT 1 FROM lead_list_counts GROUP BY partner_id, used, has_as, region, gender HAVING count(*) > 1) d) AS duplicated`,
    );
    expect({ unmerged, duplicated }).toEqual({ unmerged: 0, duplicated: 0 });
    await expectTotalsExact(agency);
  });

  it('are emptied with the leads by a truncate', async () => {
    await app.dataSource.query(`TRUNCATE leads CASCADE`);
    expect(await app.dataSource.query(`SELECT * FROM lead_list_counts`)).toEqual([]);
    await expectCountsExact();
  });
});
