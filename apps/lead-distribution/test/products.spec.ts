import request from 'supertest';
import { asOperator, leadInput, startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';
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

  describe('operator product screen', () => {
    // Names unique to this run, so searches see only what these tests made.
    const tag = `t${Date.now().toString(36)}`;

    it('lists products newest first with their provider, AS window and whether a policy is set, paged', async () => {
      const { provider, product: first } = await given(app).provider(`${tag} 공급사`).product(`${tag} 첫 상품`, 5);
      const second = (
        await asOperator(app)
          .post('/api/v1/admin/products')
          .send({ name: `${tag} 둘째 상품`, providerId: provider.id, active: false })
          .expect(201)
      ).body;
      await asOperator(app).put(`/api/v1/admin/products/${first.id}/as-policy`).send({ textContent: '정책' }).expect(200);

      const page1 = await asOperator(app).get('/api/v1/admin/products').query({ search: tag, limit: 1 }).expect(200);
      expect(page1.body).toEqual({
        data: [
          {
            id: second.id,
            name: `${tag} 둘째 상품`,
            provider: { id: provider.id, name: `${tag} 공급사` },
            asWindowDays: 7,
            active: false,
            hasAsPolicy: false,
            createdAt: second.createdAt,
            updatedAt: second.createdAt,
          },
        ],
        pagination: { page: 1, limit: 1, total: 2, totalPages: 2 },
      });
      const page2 = await asOperator(app).get('/api/v1/admin/products').query({ search: tag, limit: 1, page: 2 }).expect(200);
      expect(page2.body.data).toEqual([expect.objectContaining({ id: first.id, asWindowDays: 5, active: true, hasAsPolicy: true })]);
    });

    it('filters by activity and provider, and searches the name literally', async () => {
      const { provider, product } = await given(app).provider().product(`${tag} 100%_상품`);
      await given(app).provider().product(`${tag} 1000 상품`);
      const byName = await asOperator(app).get('/api/v1/admin/products').query({ search: '100%_' }).expect(200);
      expect(byName.body.data.map((item: { id: string }) => item.id)).toEqual([product.id]);
      const byProvider = await asOperator(app).get('/api/v1/admin/products').query({ providerId: provider.id }).expect(200);
      expect(byProvider.body.data.map((item: { id: string }) => item.id)).toEqual([product.id]);
      await asOperator(app).patch(`/api/v1/admin/products/${product.id}`).send({ active: false }).expect(200);
      const inactive = await asOperator(app).get('/api/v1/admin/products').query({ providerId: provider.id, active: 'false' }).expect(200);
      expect(inactive.body.data).toHaveLength(1);
      const active = await asOperator(app).get('/api/v1/admin/products').query({ providerId: provider.id, active: 'true' }).expect(200);
      expect(active.body.data).toEqual([]);
    });

    it('returns 400 naming a bad filter', async () => {
      for (const [field, value] of [
        ['active', 'maybe'],
        ['providerId', 'not-a-uuid'],
        ['limit', '101'],
      ]) {
        const response = await asOperator(app)
          .get('/api/v1/admin/products')
          .query({ [field]: value })
          .expect(400);
        expect(response.body.errors).toEqual([{ field, message: expect.any(String) }]);
      }
    });

    it('reads one product, and answers 404 for an id that names none', async () => {
      const { provider, product } = await given(app).provider().product(`${tag} 단건 상품`);
      const response = await asOperator(app).get(`/api/v1/admin/products/${product.id}`).expect(200);
      expect(response.body).toMatchObject({ id: product.id, provider: { id: provider.id, name: provider.name }, hasAsPolicy: false });
      const missing = await asOperator(app).get('/api/v1/admin/products/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10').expect(404);
      expect(missing.body.code).toBe('PRODUCT_NOT_FOUND');
      expect((await asOperator(app).get('/api/v1/admin/products/abc').expect(400)).body.errors).toEqual([
        { field: 'id', message: expect.any(String) },
      ]);
    });

    it('changes only the fields sent, and moves updatedAt', async () => {
      const { product } = await given(app).provider().product(`${tag} 수정 상품`);
      const other = (
        await asOperator(app)
          .post('/api/v1/admin/providers')
          .send({ name: `${tag} 새 공급사` })
          .expect(201)
      ).body;
      const response = await asOperator(app)
        .patch(`/api/v1/admin/products/${product.id}`)
        .send({ name: `${tag} 고친 상품`, providerId: other.id, asWindowDays: 14 })
        .expect(200);
      expect(response.body).toMatchObject({
        id: product.id,
        name: `${tag} 고친 상품`,
        provider: { id: other.id, name: `${tag} 새 공급사` },
        asWindowDays: 14,
        active: true,
        createdAt: product.createdAt,
      });
      expect(Date.parse(response.body.updatedAt)).toBeGreaterThan(Date.parse(product.createdAt));
      const unchanged = await asOperator(app).patch(`/api/v1/admin/products/${product.id}`).send({}).expect(200);
      expect(unchanged.body).toEqual(response.body);
    });

    it('returns 400 naming the bad field of a change, and 404 for an unknown product', async () => {
      const { product } = await given(app).provider().product(`${tag} 거절 상품`);
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ providerId: '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10' }, 'providerId'],
        [{ name: null }, 'name'],
        [{ name: '   ' }, 'name'],
        [{ asWindowDays: 366 }, 'asWindowDays'],
        [{ active: 'yes' }, 'active'],
        [{ price: 1 }, 'price'],
      ];
      for (const [body, field] of cases) {
        const response = await asOperator(app).patch(`/api/v1/admin/products/${product.id}`).send(body).expect(400);
        expect(new Set(response.body.errors.map((error: { field: string }) => error.field))).toEqual(new Set([field]));
      }
      await asOperator(app).patch('/api/v1/admin/products/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10').send({ active: false }).expect(404);
    });

    it('refuses another provider for a product that has leads (409 naming providerId), and keeps the rest changeable', async () => {
      const { product, provider, providerKey } = await given(app).provider().product(`${tag} 리드 있는 상품`);
      const other = (
        await asOperator(app)
          .post('/api/v1/admin/providers')
          .send({ name: `${tag} 다른 공급사` })
          .expect(201)
      ).body;
      // Before any lead the provider may still change (and back).
      await asOperator(app).patch(`/api/v1/admin/products/${product.id}`).send({ providerId: other.id }).expect(200);
      await asOperator(app).patch(`/api/v1/admin/products/${product.id}`).send({ providerId: provider.id }).expect(200);
      await withKey(app, providerKey).post('/api/v1/leads').send(leadInput(product.id)).expect(201);

      const refused = await asOperator(app)
        .patch(`/api/v1/admin/products/${product.id}`)
        .send({ providerId: other.id, name: `${tag} 바뀌지 않음` })
        .expect(409);
      expect(refused.body).toMatchObject({ code: 'PRODUCT_PROVIDER_FIXED', errors: [{ field: 'providerId' }] });
      const kept = await asOperator(app).get(`/api/v1/admin/products/${product.id}`).expect(200);
      expect(kept.body).toMatchObject({ name: `${tag} 리드 있는 상품`, provider: { id: provider.id } });
      // The same provider, and every other field, still go through.
      await asOperator(app).patch(`/api/v1/admin/products/${product.id}`).send({ providerId: provider.id, asWindowDays: 3 }).expect(200);
    });

    it('keeps every saved AS policy text as a version, newest first, while partners read the current one', async () => {
      const { product } = await given(app).provider().product(`${tag} 정책 이력 상품`);
      const empty = await asOperator(app).get(`/api/v1/admin/products/${product.id}/as-policy/versions`).expect(200);
      expect(empty.body).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });

      const first = (
        await asOperator(app).put(`/api/v1/admin/products/${product.id}/as-policy`).send({ textContent: '첫 정책' }).expect(200)
      ).body;
      const second = (
        await asOperator(app).put(`/api/v1/admin/products/${product.id}/as-policy`).send({ textContent: '둘째 정책\n줄바꿈' }).expect(200)
      ).body;
      const versions = await asOperator(app).get(`/api/v1/admin/products/${product.id}/as-policy/versions`).expect(200);
      expect(versions.body).toEqual({
        data: [
          { policyId: second.policyId, textContent: '둘째 정책\n줄바꿈', createdAt: second.updatedAt, current: true },
          { policyId: first.policyId, textContent: '첫 정책', createdAt: first.updatedAt, current: false },
        ],
        pagination: { page: 1, limit: 20, total: 2, totalPages: 1 },
      });
      const read = await withKey(app, partnerKey).get(`/api/v1/products/${product.id}/as-policy`).expect(200);
      expect(read.body).toEqual(second);

      const older = await asOperator(app)
        .get(`/api/v1/admin/products/${product.id}/as-policy/versions`)
        .query({ page: 2, limit: 1 })
        .expect(200);
      expect(older.body.data.map((version: { policyId: string }) => version.policyId)).toEqual([first.policyId]);
      await asOperator(app).get('/api/v1/admin/products/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10/as-policy/versions').expect(404);
    });

    it('keeps the product screen from partner keys', async () => {
      const { product } = await given(app).provider().product(`${tag} 권한 상품`);
      await withKey(app, partnerKey).get('/api/v1/admin/products').expect(403);
      await withKey(app, partnerKey).get(`/api/v1/admin/products/${product.id}`).expect(403);
      await withKey(app, partnerKey).patch(`/api/v1/admin/products/${product.id}`).send({ active: false }).expect(403);
      await withKey(app, partnerKey).get(`/api/v1/admin/products/${product.id}/as-policy/versions`).expect(403);
    });
  });

  describe('operator provider screen', () => {
    const tag = `p${Date.now().toString(36)}`;

    it('lists providers by name, searched and paged', async () => {
      const beta = (
        await asOperator(app)
          .post('/api/v1/admin/providers')
          .send({ name: `${tag} 나 공급사` })
          .expect(201)
      ).body;
      const alpha = (
        await asOperator(app)
          .post('/api/v1/admin/providers')
          .send({ name: `${tag} 가 공급사` })
          .expect(201)
      ).body;
      const page1 = await asOperator(app).get('/api/v1/admin/providers').query({ search: tag, limit: 1 }).expect(200);
      expect(page1.body).toEqual({ data: [alpha], pagination: { page: 1, limit: 1, total: 2, totalPages: 2 } });
      const page2 = await asOperator(app).get('/api/v1/admin/providers').query({ search: tag, limit: 1, page: 2 }).expect(200);
      expect(page2.body.data).toEqual([beta]);
      expect((await asOperator(app).get(`/api/v1/admin/providers/${alpha.id}`).expect(200)).body).toEqual(alpha);
      await asOperator(app).get('/api/v1/admin/providers/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10').expect(404);
      await withKey(app, partnerKey).get('/api/v1/admin/providers').expect(403);
    });

    it("lists a provider's keys without the secret, revoked ones with when", async () => {
      const provider = (
        await asOperator(app)
          .post('/api/v1/admin/providers')
          .send({ name: `${tag} 키 공급사` })
          .expect(201)
      ).body;
      const kept = (await asOperator(app).post(`/api/v1/admin/providers/${provider.id}/api-keys`).send({ name: 'crm' }).expect(201)).body;
      const revoked = (await asOperator(app).post(`/api/v1/admin/providers/${provider.id}/api-keys`).send({}).expect(201)).body;
      await asOperator(app).delete(`/api/v1/admin/api-keys/${revoked.id}`).expect(204);

      const response = await asOperator(app).get(`/api/v1/admin/providers/${provider.id}/api-keys`).expect(200);
      const { apiKey: _keptSecret, ...keptListed } = kept;
      expect(response.body.data).toEqual([keptListed, { ...revoked, apiKey: undefined, revokedAt: expect.any(String) }]);
      expect(JSON.stringify(response.body)).not.toContain(kept.apiKey);
      expect(JSON.stringify(response.body)).not.toContain(revoked.apiKey);
      await asOperator(app).get('/api/v1/admin/providers/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10/api-keys').expect(404);
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
