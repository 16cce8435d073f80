import { asOperator, startLeadDistribution, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';

describe('operator API: partners', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution();
  });
  afterAll(() => app.close());

  it('creates a partner and returns it with an integer id', async () => {
    const response = await asOperator(app).post('/api/v1/admin/partners').send({ name: '  한빛 보험대리점 ' }).expect(201);
    expect(response.body).toEqual({ id: expect.any(Number), name: '한빛 보험대리점', parentId: null, createdAt: expect.any(String) });
    expect(new Date(response.body.createdAt).toISOString()).toBe(response.body.createdAt);
  });

  it('creates a partner below a parent', async () => {
    const parent = await given(app).partner('Parent Agency');
    const child = await given(app).partner('Child Branch', parent.id);
    expect(child.parentId).toBe(parent.id);
  });

  it('returns 400 naming parentId when the parent does not exist', async () => {
    const response = await asOperator(app).post('/api/v1/admin/partners').send({ name: 'Orphan', parentId: 999999 }).expect(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'parentId', message: 'partner 999999 does not exist' }],
    });
  });

  it('lists partners page by page, filtered by parent and by name', async () => {
    const root = await given(app).partner('Listing Root');
    for (const name of ['Seoul Branch', 'Busan Branch', 'Seoul Annex']) await given(app).partner(name, root.id);

    const children = await asOperator(app).get(`/api/v1/admin/partners?parentId=${root.id}&limit=2`).expect(200);
    expect(children.body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(children.body.data.map((p: { name: string }) => p.name)).toEqual(['Seoul Branch', 'Busan Branch']);

    const secondPage = await asOperator(app).get(`/api/v1/admin/partners?parentId=${root.id}&limit=2&page=2`).expect(200);
    expect(secondPage.body.data.map((p: { name: string }) => p.name)).toEqual(['Seoul Annex']);

    const searched = await asOperator(app).get(`/api/v1/admin/partners?parentId=${root.id}&search=seoul`).expect(200);
    expect(searched.body.data).toHaveLength(2);
  });

  it('matches search terms literally, wildcards included', async () => {
    await given(app).partner('100% Agency');
    const response = await asOperator(app).get('/api/v1/admin/partners?search=%25').expect(200);
    expect(response.body.data.map((p: { name: string }) => p.name)).toEqual(['100% Agency']);
  });

  it('returns one partner, or 404 PARTNER_NOT_FOUND', async () => {
    const partner = await given(app).partner('Lookup');
    expect((await asOperator(app).get(`/api/v1/admin/partners/${partner.id}`).expect(200)).body).toEqual(partner);
    const missing = await asOperator(app).get('/api/v1/admin/partners/987654').expect(404);
    expect(missing.body.code).toBe('PARTNER_NOT_FOUND');
    await asOperator(app).get('/api/v1/admin/partners/abc').expect(400);
  });

  it('returns 400 naming id for every spelling of an id but plain decimal digits (hex, sign, spaces, leading zero, exponent)', async () => {
    const partner = await given(app).partner('Strict Ids');
    await asOperator(app).get(`/api/v1/admin/partners/${partner.id}`).expect(200);
    const spellings = [
      `0x${partner.id.toString(16)}`,
      `+${partner.id}`,
      `%20${partner.id}`,
      `${partner.id}%20`,
      `0${partner.id}`,
      `${partner.id}e0`,
      `%0A${partner.id}`,
      `${partner.id}.0`,
      '1e3',
      '0x1',
    ];
    for (const id of spellings) {
      for (const path of [`/api/v1/admin/partners/${id}`, `/api/v1/admin/partners/${id}/api-keys`]) {
        const response = await asOperator(app).get(path);
        expect({ path, status: response.status }).toEqual({ path, status: 400 });
        expect(response.body).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'id', message: 'must be an integer from 1 to 2147483647' }],
        });
      }
    }
  });

  it('returns 404 issuing a key for an unknown partner', async () => {
    const response = await asOperator(app).post('/api/v1/admin/partners/987654/api-keys').send({}).expect(404);
    expect(response.body.code).toBe('PARTNER_NOT_FOUND');
  });
});
