import { asOperator, leadInput, startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';

describe('Idempotency-Key on creating POSTs', () => {
  let app: LeadDistributionTestApp;
  let productId: string;
  let providerKey: string;

  beforeAll(async () => {
    app = await startLeadDistribution();
    ({
      providerKey,
      product: { id: productId },
    } = await given(app).provider().product());
  });
  afterAll(() => app.close());

  it('returns the first response to a repeat with the same key and body, creating nothing more', async () => {
    const body = leadInput(productId);
    const first = await withKey(app, providerKey).post('/api/v1/leads').set('Idempotency-Key', 'reg-1').send(body).expect(201);
    const again = await withKey(app, providerKey).post('/api/v1/leads').set('Idempotency-Key', 'reg-1').send(body).expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [{ count }] = await app.dataSource.query(`SELECT count(*)::int AS count FROM leads WHERE product_id = $1`, [productId]);
    expect(count).toBe(1);
  });

  it('returns 422 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
    await withKey(app, providerKey).post('/api/v1/leads').set('Idempotency-Key', 'reg-2').send(leadInput(productId)).expect(201);
    const reused = await withKey(app, providerKey)
      .post('/api/v1/leads')
      .set('Idempotency-Key', 'reg-2')
      .send(leadInput(productId))
      .expect(422);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('forgets a key after 24 hours', async () => {
    await withKey(app, providerKey).post('/api/v1/leads').set('Idempotency-Key', 'old').send(leadInput(productId)).expect(201);
    await app.dataSource.query(`UPDATE idempotency_records SET created_at = now() - interval '25 hours' WHERE idempotency_key = 'old'`);
    await withKey(app, providerKey).post('/api/v1/leads').set('Idempotency-Key', 'old').send(leadInput(productId)).expect(201);
  });

  it('keeps keys apart per caller', async () => {
    const other = await given(app).provider().product('다른 상품');
    await withKey(app, providerKey).post('/api/v1/leads').set('Idempotency-Key', 'shared').send(leadInput(productId)).expect(201);
    await withKey(app, other.providerKey)
      .post('/api/v1/leads')
      .set('Idempotency-Key', 'shared')
      .send(leadInput(other.product.id))
      .expect(201);
  });

  it('does not keep a failed first request: the retry is handled anew', async () => {
    const body = leadInput(productId, { region: 'Atlantis' });
    await withKey(app, providerKey).post('/api/v1/leads').set('Idempotency-Key', 'reg-3').send(body).expect(400);
    const fixed = { ...body, region: '부산' };
    await withKey(app, providerKey).post('/api/v1/leads').set('Idempotency-Key', 'reg-4').send(fixed).expect(201);
    await withKey(app, providerKey).post('/api/v1/leads').set('Idempotency-Key', 'reg-3').send(body).expect(400);
  });

  it('creates once when the same request arrives several times at once', async () => {
    const body = leadInput(productId);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => withKey(app, providerKey).post('/api/v1/leads').set('Idempotency-Key', 'burst').send(body)),
    );
    const created = responses.filter((response) => response.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((response) => response.body.id)).size).toBe(1);
    for (const response of responses.filter((r) => r.status !== 201)) expect(response.body.code).toBe('IDEMPOTENCY_REQUEST_IN_PROGRESS');
    const [{ count }] = await app.dataSource.query(`SELECT count(*)::int AS count FROM leads WHERE phone_last4 = $1 AND product_id = $2`, [
      body.phone.slice(-4),
      productId,
    ]);
    expect(count).toBe(1);
  });

  it('applies to order creation: a repeat returns the first order, and the key on another path is 422', async () => {
    const { apiKey, partner } = await given(app).partner('Order Idempotency').key();
    const order = {
      productId,
      ordererName: '김담당',
      ordererContact: '010-1234-5678',
      regionQuantities: [{ region: '대구', quantity: 1 }],
    };
    const first = await withKey(app, apiKey).post('/api/v1/orders').set('Idempotency-Key', 'order-1').send(order).expect(201);
    const again = await withKey(app, apiKey).post('/api/v1/orders').set('Idempotency-Key', 'order-1').send(order).expect(201);
    expect(again.body.id).toBe(first.body.id);
    const [{ count }] = await app.dataSource.query(`SELECT count(*)::int AS count FROM orders WHERE partner_id = $1`, [partner.id]);
    expect(count).toBe(1);
    const elsewhere = await withKey(app, apiKey)
      .post('/api/v1/files/presigned')
      .set('Idempotency-Key', 'order-1')
      .send({ originalName: 'a.pdf', mimeType: 'application/pdf', size: 10 })
      .expect(422);
    expect(elsewhere.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('applies to AS requests and partner creation too, and refuses a malformed key', async () => {
    const first = await asOperator(app).post('/api/v1/admin/partners').set('Idempotency-Key', 'p-1').send({ name: 'Once' }).expect(201);
    expect(
      (await asOperator(app).post('/api/v1/admin/partners').set('Idempotency-Key', 'p-1').send({ name: 'Once' }).expect(201)).body.id,
    ).toBe(first.body.id);
    const bad = await asOperator(app).post('/api/v1/admin/partners').set('Idempotency-Key', 'has space').send({ name: 'x' }).expect(400);
    expect(bad.body.errors[0].field).toBe('Idempotency-Key');
    const { apiKey } = await given(app).partner('AS Idempotency').key();
    await withKey(app, apiKey)
      .post('/api/v1/lead-as')
      .set('Idempotency-Key', 'as-1')
      .send({ leadId: '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10', reasonCode: 'DUPLICATE' })
      .expect(404);
  });
});
