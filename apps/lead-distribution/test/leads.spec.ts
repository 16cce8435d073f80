import {
  asOperator,
  deliverLead,
  leadInput,
  nextPhone,
  startLeadDistribution,
  uploadFile,
  withKey,
  type LeadDistributionTestApp,
} from './support/lead-distribution.js';
import { given } from './support/given.js';
import { accessRecords } from '../../../test/support/access-records.js';

describe('leads', () => {
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

  describe('registration', () => {
    it('lets a provider register a lead of its product, which waits in the pool', async () => {
      const response = await withKey(app, providerKey).post('/api/v1/leads').send(leadInput(productId)).expect(201);
      expect(response.body).toEqual({ id: expect.any(String), productId, partnerId: null, orderId: null, createdAt: expect.any(String) });
    });

    it('stores the phone only encrypted, with its last four digits and a keyed hash beside it', async () => {
      const phone = nextPhone();
      const { body } = await withKey(app, providerKey).post('/api/v1/leads').send(leadInput(productId, { phone })).expect(201);
      const [row] = await app.dataSource.query(`SELECT * FROM leads WHERE id = $1`, [body.id]);
      const text = JSON.stringify(row) + (row.phone_ciphertext as Buffer).toString('latin1');
      expect(text).not.toContain(phone);
      expect(text).not.toContain(phone.slice(3));
      expect(row).toMatchObject({ phone_last4: phone.slice(-4), phone_prefix: '010', phone_key_id: 'local' });
      expect(row.phone_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('returns 409 DUPLICATE_LEAD for the same phone on the same product, and accepts it on another product', async () => {
      const phone = nextPhone();
      await withKey(app, providerKey).post('/api/v1/leads').send(leadInput(productId, { phone })).expect(201);
      const again = await withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(productId, { phone: `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}` }))
        .expect(409);
      expect(again.body.code).toBe('DUPLICATE_LEAD');
      const other = await given(app).provider().product('암보험 DB');
      await withKey(app, other.providerKey).post('/api/v1/leads').send(leadInput(other.product.id, { phone })).expect(201);
    });

    it('registers exactly one of several concurrent registrations of the same phone', async () => {
      const phone = nextPhone();
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => withKey(app, providerKey).post('/api/v1/leads').send(leadInput(productId, { phone }))),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    });

    it("records each created lead's input with it, and nothing for a duplicate (registrations sharing a statement)", async () => {
      const phone = nextPhone();
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          withKey(app, providerKey)
            .post('/api/v1/leads')
            .send(leadInput(productId, { phone: index % 2 === 0 ? phone : nextPhone() })),
        ),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([201, 201, 201, 201, 409, 409]);
      for (const response of responses) {
        const records = await accessRecords(app, { operation: 'Leads_register', requestId: response.headers['x-request-id'] as string });
        if (response.status === 409) expect(records).toEqual([]);
        else expect(records).toEqual([expect.objectContaining({ action: 'input', subjects: [{ type: 'lead', id: response.body.id }] })]);
      }
    });

    it('returns 404 when a provider registers for a product that is not its own', async () => {
      const other = await given(app).provider().product('운전자보험 DB');
      const response = await withKey(app, providerKey).post('/api/v1/leads').send(leadInput(other.product.id)).expect(404);
      expect(response.body.code).toBe('PRODUCT_NOT_FOUND');
    });

    it('returns 400 naming partnerId when a provider tries to deliver directly', async () => {
      const { partner } = await given(app).partner('Direct Target').key();
      const response = await withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(productId, { partnerId: partner.id }))
        .expect(400);
      expect(response.body.errors).toEqual([{ field: 'partnerId', message: 'only operator keys may deliver a lead directly' }]);
    });

    it('lets an operator deliver a lead to a partner directly', async () => {
      const { partner } = await given(app).partner('Manual Delivery').key();
      const response = await asOperator(app)
        .post('/api/v1/leads')
        .send(leadInput(productId, { partnerId: partner.id }))
        .expect(201);
      expect(response.body.partnerId).toBe(partner.id);
      await asOperator(app)
        .post('/api/v1/leads')
        .send(leadInput(productId, { partnerId: 999999 }))
        .expect(400);
    });

    it('returns 400 naming partnerId when an operator sends it as null (left out means the pool)', async () => {
      const response = await asOperator(app)
        .post('/api/v1/leads')
        .send(leadInput(productId, { partnerId: null }))
        .expect(400);
      expect(new Set(response.body.errors.map((error: { field: string }) => error.field))).toEqual(new Set(['partnerId']));
    });

    it('returns 400 naming each invalid field', async () => {
      const response = await withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(productId, { region: '뉴욕', phone: '02-123-4567', birth_date: '851399', gender: 'X', extra: true }))
        .expect(400);
      const fields = response.body.errors.map((error: { field: string }) => error.field);
      expect(fields).toEqual(expect.arrayContaining(['region', 'phone', 'birth_date', 'gender', 'extra']));
    });

    it('returns 400 naming the field for text with an unpaired surrogate (email and metadata were 500, a name was stored mangled)', async () => {
      const refused = (field: string) => [{ field, message: 'must be valid Unicode text (it has an unpaired surrogate)' }];
      const register = (overrides: Record<string, unknown>) =>
        withKey(app, providerKey).post('/api/v1/leads').send(leadInput(productId, overrides)).expect(400);
      expect((await register({ email: 'a\ud800b@example.com' })).body.errors).toEqual(refused('email'));
      expect((await register({ name: '홍\ud800동' })).body.errors).toEqual(refused('name'));
      expect((await register({ metadata: { k: '\ud800' } })).body.errors).toEqual(refused('metadata.k'));
      const imported = await asOperator(app)
        .post('/api/v1/admin/leads/import')
        .send({ leads: [leadInput(productId), leadInput(productId, { email: '\udc00@example.com' })] })
        .expect(400);
      expect(imported.body.errors).toEqual(refused('leads.1.email'));
    });

    it('keeps birth dates as YYMMDD whichever accepted form they arrive in', async () => {
      const { partner, apiKey } = await given(app).partner('Birth Dates').key();
      const id = await deliverLead(app, productId, partner.id, { birth_date: '1992-07-01' });
      const lead = await withKey(app, apiKey).get(`/api/v1/leads/${id}`).expect(200);
      expect(lead.body.birth_date).toBe('920701');
    });

    it('refuses partner keys', async () => {
      const { apiKey } = await given(app).partner('Cannot Register').key();
      const response = await withKey(app, apiKey).post('/api/v1/leads').send(leadInput(productId)).expect(403);
      expect(response.body.code).toBe('ROLE_FORBIDDEN');
    });
  });

  describe('owned leads', () => {
    it('masks contact data until the lead is used, and use lifts it for good', async () => {
      const { partner, apiKey } = await given(app).partner('Masking').key();
      const phone = nextPhone();
      const id = await deliverLead(app, productId, partner.id, { phone, name: '홍길동', email: 'hong@example.com' });

      const masked = await withKey(app, apiKey).get('/api/v1/leads').expect(200);
      expect(masked.body.data[0]).toMatchObject({
        id,
        name: '홍*동',
        phone: `010-****-${phone.slice(-4)}`,
        email: 'ho***@example.com',
        address: '서울특별시 강남구 ***',
        usedAt: null,
        product: { id: productId, name: '실손보험 상담 DB' },
        leadAsStatus: null,
        leadAsStatusLabel: null,
      });
      const maskedOne = await withKey(app, apiKey).get(`/api/v1/leads/${id}`).expect(200);
      expect(maskedOne.body).toMatchObject({
        name: '홍*동',
        phone: `010-****-${phone.slice(-4)}`,
        email: 'ho***@example.com',
        address: '서울특별시 강남구 ***',
        usedAt: null,
      });

      const used = await withKey(app, apiKey).post(`/api/v1/leads/${id}/use`).send({}).expect(200);
      expect(used.body).toMatchObject({
        name: '홍길동',
        phone: `010-${phone.slice(3, 7)}-${phone.slice(7)}`,
        email: 'hong@example.com',
        address: '서울특별시 강남구 테헤란로 123',
        usedAt: expect.any(String),
      });
      const again = await withKey(app, apiKey).post(`/api/v1/leads/${id}/use`).send({}).expect(200);
      expect(again.body.usedAt).toBe(used.body.usedAt);
      const listed = await withKey(app, apiKey).get('/api/v1/leads').expect(200);
      expect(listed.body.data[0].name).toBe('홍길동');
      expect((await withKey(app, apiKey).get(`/api/v1/leads/${id}`).expect(200)).body).toMatchObject({
        name: '홍길동',
        phone: `010-${phone.slice(3, 7)}-${phone.slice(7)}`,
      });
    });

    it('filters by used, region and gender, and paginates with the exact total', async () => {
      const { partner, apiKey } = await given(app).partner('Filters').key();
      const ids = [];
      for (const [region, gender] of [
        ['서울', 'M'],
        ['부산', 'F'],
        ['부산', 'M'],
        ['제주', 'F'],
        ['부산', 'F'],
      ]) {
        ids.push(await deliverLead(app, productId, partner.id, { region, gender }));
      }
      await withKey(app, apiKey).post(`/api/v1/leads/${ids[1]}/use`).send({}).expect(200);

      const busanWomen = await withKey(app, apiKey).get('/api/v1/leads?region=부산&gender=F').expect(200);
      expect(busanWomen.body.data.map((lead: { id: string }) => lead.id).sort()).toEqual([ids[1], ids[4]].sort());
      expect(
        (await withKey(app, apiKey).get('/api/v1/leads?used=true').expect(200)).body.data.map((lead: { id: string }) => lead.id),
      ).toEqual([ids[1]]);
      expect((await withKey(app, apiKey).get('/api/v1/leads?used=N').expect(200)).body.pagination.total).toBe(4);
      expect((await withKey(app, apiKey).get('/api/v1/leads?used=0').expect(200)).body.pagination.total).toBe(4);
      expect((await withKey(app, apiKey).get('/api/v1/leads?used=1').expect(200)).body.pagination.total).toBe(1);

      const page = await withKey(app, apiKey).get('/api/v1/leads?limit=2&page=3').expect(200);
      expect(page.body.pagination).toEqual({ page: 3, limit: 2, total: 5, totalPages: 3 });
      expect(page.body.data).toHaveLength(1);
    });

    it('sorts by assignedAt using lastDistributedAt, and by age as the YYMMDD string', async () => {
      const { partner, apiKey } = await given(app).partner('Sorting').key();
      const a = await deliverLead(app, productId, partner.id, { birth_date: '990101' });
      const b = await deliverLead(app, productId, partner.id, { birth_date: '000101' });
      const c = await deliverLead(app, productId, partner.id, { birth_date: '850505' });
      // assigned a < b < c, but last distributed b < c < a
      await app.dataSource.query(
        `UPDATE leads SET assigned_at = v.assigned, last_distributed_at = v.distributed FROM (VALUES
           ($1::uuid, now() - interval '3 hours', now() - interval '1 minute'),
           ($2::uuid, now() - interval '2 hours', now() - interval '3 minutes'),
           ($3::uuid, now() - interval '1 hours', now() - interval '2 minutes')) AS v(id, assigned, distributed)
         WHERE leads.id = v.id`,
        [a, b, c],
      );
      const ids = async (query: string) =>
        (await withKey(app, apiKey).get(`/api/v1/leads?${query}`).expect(200)).body.data.map((l: { id: string }) => l.id);
      expect(await ids('sortBy=assignedAt&sortOrder=desc')).toEqual([a, c, b]);
      expect(await ids('sortBy=assignedAt&sortOrder=asc')).toEqual([b, c, a]);
      expect(await ids('')).toEqual([a, c, b]);
      expect(await ids('sortBy=age&sortOrder=asc')).toEqual([b, c, a]);
      expect(await ids('sortBy=age&sortOrder=desc')).toEqual([a, c, b]);
      // usedAt: unused leads (no usedAt) come last in either direction.
      await app.dataSource.query(`UPDATE leads SET used_at = now() - interval '2 hours' WHERE id = $1`, [b]);
      await app.dataSource.query(`UPDATE leads SET used_at = now() - interval '1 hours' WHERE id = $1`, [c]);
      expect(await ids('sortBy=usedAt&sortOrder=desc')).toEqual([c, b, a]);
      expect(await ids('sortBy=usedAt&sortOrder=asc')).toEqual([b, c, a]);
    });

    it('searches name, email, memo, product name and the last phone digits of used leads (shown in clear)', async () => {
      const { partner, apiKey } = await given(app).partner('Search').key();
      const other = await given(app).provider().product('치아보험 특별 DB');
      const phone = '01055557788';
      // The others' phones (random sequence numbers) must not hold the searched digits by chance.
      const otherPhone = () => {
        for (;;) {
          const candidate = nextPhone();
          if (!candidate.includes('7788')) return candidate;
        }
      };
      const byName = await deliverLead(app, productId, partner.id, { name: '김철수', email: null, memo: null, phone: otherPhone() });
      const byEmail = await deliverLead(app, productId, partner.id, {
        name: '이영희',
        email: 'chulsoo.fan@example.com',
        memo: null,
        phone: otherPhone(),
      });
      const byMemo = await deliverLead(app, productId, partner.id, {
        name: '박민수',
        email: null,
        memo: '철수 씨 소개',
        phone: otherPhone(),
      });
      const byProduct = await deliverLead(app, other.product.id, partner.id, {
        name: '최지우',
        email: null,
        memo: null,
        phone: otherPhone(),
      });
      const byPhone = await deliverLead(app, productId, partner.id, { name: '정하나', email: null, memo: null, phone });
      // Unused leads are searched by what they show, masked (contact-visibility.spec.ts).
      for (const id of [byName, byEmail, byMemo, byProduct, byPhone]) {
        await withKey(app, apiKey).post(`/api/v1/leads/${id}/use`).send({}).expect(200);
      }

      const search = async (term: string) =>
        (
          await withKey(app, apiKey)
            .get(`/api/v1/leads?search=${encodeURIComponent(term)}`)
            .expect(200)
        ).body.data
          .map((l: { id: string }) => l.id)
          .sort();
      expect(await search('철수')).toEqual([byName, byMemo].sort());
      expect(await search('김철')).toEqual([byName]);
      expect(await search('CHULSOO')).toEqual([byEmail]);
      expect(await search('치아보험')).toEqual([byProduct]);
      expect(await search('7788')).toEqual([byPhone]);
      expect(await search('%')).toEqual([]);
    });

    it('never shows another partner’s leads, through any operation or filter', async () => {
      const mine = await given(app).partner('Mine').key();
      const theirs = await given(app).partner('Theirs').key();
      const theirLead = await deliverLead(app, productId, theirs.partner.id, { name: '남의고객', phone: '01099990001' });
      await withKey(app, theirs.apiKey).post(`/api/v1/leads/${theirLead}/use`).send({}).expect(200);
      const me = withKey(app, mine.apiKey);

      expect((await me.get('/api/v1/leads').expect(200)).body.pagination.total).toBe(0);
      expect((await me.get('/api/v1/leads?search=남의고객').expect(200)).body.data).toEqual([]);
      expect((await me.get('/api/v1/leads?search=0001').expect(200)).body.data).toEqual([]);
      expect((await me.get(`/api/v1/leads/${theirLead}`).expect(404)).body.code).toBe('LEAD_NOT_FOUND');
      await me.post(`/api/v1/leads/${theirLead}/use`).send({}).expect(404);
      expect(
        (
          await me
            .post('/api/v1/leads/contacts')
            .send({ leadIds: [theirLead] })
            .expect(200)
        ).body.data,
      ).toEqual([]);
      expect((await me.get(`/api/v1/leads?partnerId=${theirs.partner.id}`).expect(403)).body.code).toBe('PARTNER_FORBIDDEN');
      await me.get(`/api/v1/leads/${theirLead}?partnerId=${theirs.partner.id}`).expect(403);
      await me.post(`/api/v1/leads/${theirLead}/use`).send({ partnerId: theirs.partner.id }).expect(403);
    });

    it('returns one lead with metadata file references completed with CDN URLs', async () => {
      const { partner, apiKey } = await given(app).partner('Metadata').key();
      const consent = await uploadFile(app, providerKey);
      const id = await deliverLead(app, productId, partner.id, {
        metadata: { source: 'landing-3', consent: { fileKey: consent.key } },
      });
      const lead = await withKey(app, apiKey).get(`/api/v1/leads/${id}`).expect(200);
      expect(lead.body.metadata).toEqual({
        source: 'landing-3',
        consent: { fileKey: consent.key, fileUrl: `${app.config.CDN_BASE_URL}/${consent.key}` },
      });
      expect(lead.body.leadAs).toEqual([]);
      const listed = await withKey(app, apiKey).get('/api/v1/leads').expect(200);
      expect(listed.body.data[0].metadata).toEqual({ source: 'landing-3', consent: { fileKey: consent.key } });
    });

    it('returns 400 for a malformed lead id and for unknown query parameters', async () => {
      const { apiKey } = await given(app).partner('Malformed').key();
      expect((await withKey(app, apiKey).get('/api/v1/leads/not-a-uuid').expect(400)).body.errors[0].field).toBe('id');
      expect((await withKey(app, apiKey).get('/api/v1/leads?colour=red').expect(400)).body.errors[0].field).toBe('colour');
      expect((await withKey(app, apiKey).get('/api/v1/leads?sortBy=name').expect(400)).body.errors[0].field).toBe('sortBy');
      expect((await withKey(app, apiKey).get('/api/v1/leads?used=maybe').expect(400)).body.errors[0].field).toBe('used');
      expect((await withKey(app, apiKey).get('/api/v1/leads?search=%00').expect(400)).body.errors[0].field).toBe('search');
    });
  });

  describe('decrypted contacts', () => {
    it('returns name and phone only for used leads the caller owns, and audits every call', async () => {
      const { partner, apiKey, keyId } = await given(app).partner('Contacts').key();
      const phone = nextPhone();
      const used = await deliverLead(app, productId, partner.id, { name: '유재석', phone });
      const unused = await deliverLead(app, productId, partner.id);
      await withKey(app, apiKey).post(`/api/v1/leads/${used}/use`).send({}).expect(200);

      const response = await withKey(app, apiKey)
        .post('/api/v1/leads/contacts')
        .set('X-Request-Id', 'contacts-1')
        .send({ leadIds: [used, unused] })
        .expect(200);
      expect(response.body).toEqual({ data: [{ id: used, name: '유재석', phone: `010-${phone.slice(3, 7)}-${phone.slice(7)}` }] });

      // Recorded as a use (decryption) of the lead revealed only.
      const records = await accessRecords(app, { requestId: 'contacts-1' });
      expect(records).toEqual([
        expect.objectContaining({ action: 'use', operation: 'Leads_contacts', actorId: keyId, subjects: [{ type: 'lead', id: used }] }),
      ]);
    });

    it('refuses more than 100 ids', async () => {
      const { apiKey } = await given(app).partner('Too Many').key();
      const leadIds = Array.from({ length: 101 }, () => '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10');
      const response = await withKey(app, apiKey).post('/api/v1/leads/contacts').send({ leadIds }).expect(400);
      expect(response.body.errors[0].field).toBe('leadIds');
    });
  });

  describe('bulk import', () => {
    it('imports row by row, reporting created, duplicate and invalid rows', async () => {
      const { partner } = await given(app).partner('Imported').key();
      const phone = nextPhone();
      const response = await asOperator(app)
        .post('/api/v1/admin/leads/import')
        .send({
          leads: [
            leadInput(productId, { phone }),
            leadInput(productId, { phone }),
            leadInput(productId, { region: 'Atlantis' }),
            leadInput(productId, { partnerId: partner.id }),
            leadInput('0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10'),
          ],
        })
        .expect(200);
      expect(response.body).toMatchObject({ created: 2, duplicates: 1, invalid: 2 });
      expect(response.body.results).toEqual([
        { index: 0, status: 'CREATED', id: expect.any(String), partnerId: null },
        { index: 1, status: 'DUPLICATE', code: 'DUPLICATE_LEAD' },
        { index: 2, status: 'INVALID', code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ field: 'region' })] },
        { index: 3, status: 'CREATED', id: expect.any(String), partnerId: partner.id },
        { index: 4, status: 'INVALID', code: 'PRODUCT_NOT_FOUND', errors: [expect.objectContaining({ message: expect.any(String) })] },
      ]);
    });
  });
});
