import request from 'supertest';
import { asOperator, startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';

describe('products, providers and regions', () => {
  let app: LeadDistributionTestApp;
  let partnerKey: string;

  beforeAll(async () => {
    app = await startLeadDistribution();
    ({ apiKey: partnerKey } = await given(app).partner('Reader').key());
  });
  afterAll(() => app.close());

  describe('GET /api/v1/products/{productId}/as-policy', () => {
    it('returns 200 with null policy fields when no policy is registered', async () => {
      const { product } = await given(app).provider().product('정책 없는 상품');
      const response = await withKey(app, partnerKey).get(`/api/v1/products/${product.id}/as-policy`).expect(200);
      expect(response.body).toEqual({ productId: product.id, textContent: null, updatedAt: null, policyId: null });
    });

    it('returns the text saved by an operator, with a new policyId on every save', async () => {
      const { product } = await given(app).provider().product('정책 있는 상품');
      const first = await asOperator(app)
        .put(`/api/v1/admin/products/${product.id}/as-policy`)
        .send({ textContent: '배정 후 7일 이내 AS 신청 가능\n결번은 통화 기록 첨부' })
        .expect(200);
      const read = await withKey(app, partnerKey).get(`/api/v1/products/${product.id}/as-policy`).expect(200);
      expect(read.body).toEqual({
        productId: product.id,
        textContent: '배정 후 7일 이내 AS 신청 가능\n결번은 통화 기록 첨부',
        updatedAt: expect.any(String),
        policyId: first.body.policyId,
      });
      const second = await asOperator(app).put(`/api/v1/admin/products/${product.id}/as-policy`).send({ textContent: '개정' }).expect(200);
      expect(second.body.policyId).not.toBe(first.body.policyId);
      expect((await withKey(app, partnerKey).get(`/api/v1/products/${product.id}/as-policy`).expect(200)).body.textContent).toBe('개정');
    });

    it('returns 404 for an id that names no product, whatever its shape (the spec lists only 401 and 404; a malformed id was 400)', async () => {
      for (const id of ['0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10', 'abc', 'not-a-uuid', '2147483648', '%00', 'x'.repeat(300)]) {
        const response = await withKey(app, partnerKey).get(`/api/v1/products/${id}/as-policy`).expect(404);
        expect(response.body).toMatchObject({ status: 404, code: 'PRODUCT_NOT_FOUND' });
      }
      const undecodable = await withKey(app, partnerKey).get('/api/v1/products/%FF%FE/as-policy').expect(404);
      expect(undecodable.headers['content-type']).toMatch(/^application\/problem\+json/);
    });

    it('returns 401 without a key', async () => {
      const { product } = await given(app).provider().product('인증 상품');
      expect((await request(app.url).get(`/api/v1/products/${product.id}/as-policy`).expect(401)).body.code).toBe('API_KEY_MISSING');
    });
  });

  describe('operator endpoints', () => {
    it('creates providers and products with chosen or generated ids, refusing taken ids', async () => {
      const provider = await asOperator(app)
        .post('/api/v1/admin/providers')
        .send({ id: '0192f7a4-1111-7000-8000-000000000001', name: '지정 ID 공급사' })
        .expect(201);
      expect(provider.body).toEqual({ id: '0192f7a4-1111-7000-8000-000000000001', name: '지정 ID 공급사', createdAt: expect.any(String) });
      expect(
        (await asOperator(app).post('/api/v1/admin/providers').send({ id: provider.body.id, name: 'again' }).expect(409)).body.code,
      ).toBe('PROVIDER_EXISTS');

      const product = await asOperator(app).post('/api/v1/admin/products').send({ name: '상품', providerId: provider.body.id }).expect(201);
      expect(product.body).toEqual({
        id: expect.any(String),
        name: '상품',
        providerId: provider.body.id,
        asWindowDays: 7,
        active: true,
        createdAt: expect.any(String),
      });
      await asOperator(app)
        .post('/api/v1/admin/products')
        .send({ id: product.body.id, name: '상품', providerId: provider.body.id })
        .expect(409);
    });

    it('returns 400 naming providerId for a product of an unknown provider', async () => {
      const response = await asOperator(app)
        .post('/api/v1/admin/products')
        .send({ name: '고아 상품', providerId: '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10' })
        .expect(400);
      expect(response.body.errors).toEqual([{ field: 'providerId', message: expect.stringContaining('does not exist') }]);
    });

    it('issues provider keys, which may register leads but not read partner lists', async () => {
      const { providerKey } = await given(app).provider().product('키 확인 상품');
      expect((await withKey(app, providerKey).get('/api/v1/leads').expect(403)).body.code).toBe('ROLE_FORBIDDEN');
      await asOperator(app).post('/api/v1/admin/providers/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10/api-keys').send({}).expect(404);
    });

    it('keeps operator endpoints from partner keys', async () => {
      expect((await withKey(app, partnerKey).post('/api/v1/admin/providers').send({ name: 'x' }).expect(403)).body.code).toBe(
        'ROLE_FORBIDDEN',
      );
      await withKey(app, partnerKey)
        .post('/api/v1/admin/leads/import')
        .send({ leads: [{}] })
        .expect(403);
    });
  });

  it('lists the 17 allowed regions with their administrative codes', async () => {
    const response = await withKey(app, partnerKey).get('/api/v1/regions').expect(200);
    expect(response.body.data).toHaveLength(17);
    expect(response.body.data[0]).toEqual({ code: '11', name: '서울' });
    expect(response.body.data.map((region: { name: string }) => region.name)).toEqual(
      expect.arrayContaining([
        '서울',
        '부산',
        '대구',
        '인천',
        '광주',
        '대전',
        '울산',
        '세종',
        '경기',
        '강원',
        '충북',
        '충남',
        '전북',
        '전남',
        '경북',
        '경남',
        '제주',
      ]),
    );
  });
});

describe('401 for every lead-distribution operation of the spec', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution();
  });
  afterAll(() => app.close());

  const id = '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10';
  it.each([
    ['list owned leads', 'get', '/api/v1/leads'],
    ['get one owned lead', 'get', `/api/v1/leads/${id}`],
    ['list AS requests', 'get', '/api/v1/lead-as'],
    ['create AS request', 'post', '/api/v1/lead-as'],
    ['presigned file upload', 'post', '/api/v1/files/presigned'],
    ['cancel AS request', 'post', `/api/v1/lead-as/${id}/cancel`],
    ['get product AS policy', 'get', `/api/v1/products/${id}/as-policy`],
  ] as const)('%s returns 401 without a key and with a wrong one', async (_operation, method, path) => {
    const call = () => {
      const agent = request(app.url);
      return method === 'post' ? agent.post(path).send({}) : agent.get(path);
    };
    const missing = await call().expect(401);
    expect(missing.body).toMatchObject({ status: 401, code: 'API_KEY_MISSING' });
    const wrong = await call().set('X-API-Key', 'ldk_wrong').expect(401);
    expect(wrong.body.code).toBe('API_KEY_INVALID');
  });
});
