import request from 'supertest';
import { FILE_DOWNLOAD_URL_SECONDS } from '#platform';
import {
  asOperator,
  deliverLead,
  leadInput,
  startLeadDistribution,
  uploadFile,
  withKey,
  type LeadDistributionTestApp,
} from './support/lead-distribution.js';
import { given, type KeyedPartner } from './support/given.js';
import { accessRecords } from '../../../test/support/access-records.js';
import { receiptPng } from './support/png.js';

/** A reason that needs no evidence file, and one that does (see the seeded reason list). */
const NO_EVIDENCE = 'DUPLICATE';
const NEEDS_EVIDENCE = 'WRONG_NUMBER';

describe('AS requests for operators: the review queue and one request under review', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    app = await startLeadDistribution();
  });
  afterAll(() => app.close());

  /** A product of its own (its pool shared with no other test), its provider's key and a partner with a key. */
  async function setup(name: string) {
    const { product, providerKey } = await given(app).provider().product(`${name} DB`);
    const partner = await given(app).partner(name).key();
    return { productId: product.id, productName: product.name, providerKey, partner, as: withKey(app, partner.apiKey) };
  }

  const review = (id: string, decision: string, adminNote?: string) =>
    asOperator(app).post(`/api/v1/admin/lead-as/${id}/review`).send({ decision, adminNote }).expect(200);
  const detail = async (id: string) => (await asOperator(app).get(`/api/v1/admin/lead-as/${id}`).expect(200)).body;

  async function placeOrder(partner: KeyedPartner, productId: string, region: string, quantity: number): Promise<string> {
    const order = await withKey(app, partner.apiKey)
      .post('/api/v1/orders')
      .send({ productId, ordererName: '김담당', ordererContact: '010-0000-0000', regionQuantities: [{ region, quantity }] })
      .expect(201);
    return order.body.id as string;
  }

  /** A lead the provider registers: delivered to the oldest open order of its region, or left in the pool. */
  async function register(providerKey: string, productId: string, region: string) {
    const response = await withKey(app, providerKey).post('/api/v1/leads').send(leadInput(productId, { region })).expect(201);
    return response.body as { id: string; partnerId: number | null; orderId: string | null; createdAt: string };
  }

  async function fileAs(partner: KeyedPartner, leadId: string, reasonCode = NO_EVIDENCE) {
    const response = await withKey(app, partner.apiKey).post('/api/v1/lead-as').send({ leadId, reasonCode }).expect(200);
    return response.body.id as string;
  }

  describe('one request', () => {
    it('shows the filing partner, the lead with its contact masked even once used, the reason and memo, and the evidence with a signed URL that serves its bytes', async () => {
      const { productId, productName, partner, as } = await setup('Detail');
      const leadId = await deliverLead(app, productId, partner.partner.id, {
        name: '홍길동',
        phone: '010-2345-6789',
        email: 'hong@example.com',
        address: '서울특별시 강남구 테헤란로 123',
      });
      await as.post(`/api/v1/leads/${leadId}/use`).send({}).expect(200);
      const png = receiptPng();
      const upload = await uploadFile(app, partner.apiKey, { mimeType: 'image/png', bytes: png, originalName: '영수증.png' });
      const created = await as
        .post('/api/v1/lead-as')
        .send({ leadId, reasonCode: NEEDS_EVIDENCE, memo: '없는 번호라고 나옵니다', storedFileIds: [upload.fileId] })
        .expect(200);

      const before = Date.now();
      const shown = await detail(created.body.id);
      expect(shown).toEqual({
        id: created.body.id,
        leadId,
        reasonCode: NEEDS_EVIDENCE,
        reasonLabel: '결번·없는 번호',
        status: 'PENDING',
        statusLabel: '대기',
        customerMemo: '없는 번호라고 나옵니다',
        adminNote: null,
        createdAt: created.body.createdAt,
        updatedAt: created.body.updatedAt,
        reviewedAt: null,
        partner: { id: partner.partner.id, name: 'Detail' },
        lead: {
          id: leadId,
          name: '홍*동',
          phone: '010-****-6789',
          email: 'ho***@example.com',
          address: '서울특별시 강남구 ***',
          region: '서울',
          birth_date: '850314',
          gender: 'M',
          memo: '오후 상담 희망',
          product: { id: productId, name: productName },
          orderId: null,
          assignedAt: expect.any(String),
          usedAt: expect.any(String),
          returnedAt: null,
        },
        files: [
          {
            fileId: upload.fileId,
            originalName: '영수증.png',
            mimeType: 'image/png',
            size: png.length,
            cdnUrl: expect.stringMatching(
              new RegExp(`^${app.url}/api/v1/files/download/${upload.fileId}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
            ),
            downloadUrl: expect.stringMatching(
              new RegExp(`^${app.url}/api/v1/files/download/${upload.fileId}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
            ),
            downloadUrlExpiresAt: expect.any(String),
          },
        ],
        replacement: null,
      });

      const [file] = shown.files;
      const expiresAt = Date.parse(file.downloadUrlExpiresAt);
      expect(expiresAt).toBeGreaterThanOrEqual(before + FILE_DOWNLOAD_URL_SECONDS * 1000 - 1000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + FILE_DOWNLOAD_URL_SECONDS * 1000);
      expect(Number(new URL(file.downloadUrl).searchParams.get('expires'))).toBe(Math.floor(expiresAt / 1000));
      const downloaded = await fetch(file.downloadUrl);
      expect(downloaded.status).toBe(200);
      expect(downloaded.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await downloaded.arrayBuffer()).equals(png)).toBe(true);

      // Nothing was shown in clear: the only decryption of the lead is its owner's use; the review is a view.
      const records = await accessRecords(app, { subject: { type: 'lead', id: leadId } });
      expect(records.filter((record) => record.action === 'use').map((record) => record.operation)).toEqual(['Leads_use']);
      expect(records.map((record) => `${record.operation}/${record.action}`)).toContain('LeadAsAdmin_get/view');
    });

    it('refuses a download URL that was changed or issued for another file (403), and answers without a key', async () => {
      const { productId, partner, as } = await setup('Download');
      const leadId = await deliverLead(app, productId, partner.partner.id);
      const [first, second] = [await uploadFile(app, partner.apiKey), await uploadFile(app, partner.apiKey)];
      const created = await as
        .post('/api/v1/lead-as')
        .send({ leadId, reasonCode: NEEDS_EVIDENCE, storedFileIds: [first.fileId, second.fileId] })
        .expect(200);
      const urls: string[] = (await detail(created.body.id)).files.map((file: { downloadUrl: string }) => file.downloadUrl);
      const target = (url: string) => new URL(url).pathname + new URL(url).search;
      await request(app.url).get(target(urls[0]!)).expect(200);
      const anotherFile = await request(app.url)
        .get(target(urls[0]!.replace(first.fileId, second.fileId)))
        .expect(403);
      expect(anotherFile.body.code).toBe('DOWNLOAD_SIGNATURE_INVALID');
      const later = new URL(urls[0]!);
      later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 60));
      expect((await request(app.url).get(target(later.toString())).expect(403)).body.code).toBe('DOWNLOAD_SIGNATURE_INVALID');
    });

    it('is for operators only (403 for a partner key, even the filing partner’s), and 404 for an unknown id', async () => {
      const { productId, partner, as } = await setup('Operators Only');
      const leadId = await deliverLead(app, productId, partner.partner.id);
      const id = await fileAs(partner, leadId);
      expect((await as.get(`/api/v1/admin/lead-as/${id}`).expect(403)).body.code).toBe('ROLE_FORBIDDEN');
      const unknown = await asOperator(app).get('/api/v1/admin/lead-as/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10').expect(404);
      expect(unknown.body.code).toBe('AS_REQUEST_NOT_FOUND');
      expect((await asOperator(app).get('/api/v1/admin/lead-as/42').expect(400)).body.errors[0].field).toBe('id');
    });
  });

  describe('what approval triggered', () => {
    it('shows the lead the order took from the pool at once in place of the returned one; review answers the same', async () => {
      const { productId, providerKey, partner } = await setup('Pool Replacement');
      const orderId = await placeOrder(partner, productId, '서울', 1);
      const returned = await register(providerKey, productId, '서울');
      const waiting = await register(providerKey, productId, '서울');
      expect(waiting.partnerId).toBeNull();
      const id = await fileAs(partner, returned.id);

      const approved = (await review(id, 'APPROVE', '중복 확인')).body;
      expect(approved).toMatchObject({
        status: 'APPROVED',
        adminNote: '중복 확인',
        lead: { id: returned.id, orderId, returnedAt: expect.any(String) },
        replacement: { orderId, orderStatus: 'COMPLETED', leadId: waiting.id, deliveredAt: approved.reviewedAt },
      });
      expect(await detail(id)).toEqual(approved);
    });

    it('shows the replacement as owed until a registration delivers it, then that lead', async () => {
      const { productId, providerKey, partner } = await setup('Owed Replacement');
      const orderId = await placeOrder(partner, productId, '부산', 1);
      const returned = await register(providerKey, productId, '부산');
      const id = await fileAs(partner, returned.id);
      const approved = (await review(id, 'APPROVE')).body;
      expect(approved.replacement).toEqual({ orderId, orderStatus: 'IN_PROGRESS', leadId: null, deliveredAt: null });

      const next = await register(providerKey, productId, '부산');
      expect(next.orderId).toBe(orderId);
      expect((await detail(id)).replacement).toEqual({ orderId, orderStatus: 'COMPLETED', leadId: next.id, deliveredAt: next.createdAt });
    });

    it('gives several returns of one region the deliveries after the original quantity, in the order they were approved', async () => {
      const { productId, providerKey, partner } = await setup('Several Returns');
      const orderId = await placeOrder(partner, productId, '대구', 3);
      const [a, b] = [await register(providerKey, productId, '대구'), await register(providerKey, productId, '대구')];
      const [asB, asA] = [await fileAs(partner, b.id), await fileAs(partner, a.id)];
      await review(asB, 'APPROVE');
      await review(asA, 'APPROVE');
      // Quantity 5 now: the third delivery is an original one, the fourth and fifth replace B and A.
      const third = await register(providerKey, productId, '대구');
      expect((await detail(asB)).replacement).toMatchObject({ leadId: null });
      const fourth = await register(providerKey, productId, '대구');
      const fifth = await register(providerKey, productId, '대구');
      expect([third, fourth, fifth].map((lead) => lead.orderId)).toEqual([orderId, orderId, orderId]);
      expect((await detail(asB)).replacement).toEqual({
        orderId,
        orderStatus: 'COMPLETED',
        leadId: fourth.id,
        deliveredAt: fourth.createdAt,
      });
      expect((await detail(asA)).replacement).toEqual({
        orderId,
        orderStatus: 'COMPLETED',
        leadId: fifth.id,
        deliveredAt: fifth.createdAt,
      });
    });

    it('shows a replacement that an order owed when it was cancelled as never delivered, and none for a return after the cancellation', async () => {
      const { productId, providerKey, partner } = await setup('Cancelled Order');
      const orderId = await placeOrder(partner, productId, '인천', 3);
      const [a, b] = [await register(providerKey, productId, '인천'), await register(providerKey, productId, '인천')];
      const before = await fileAs(partner, a.id);
      await review(before, 'APPROVE');
      await withKey(app, partner.apiKey).post(`/api/v1/orders/${orderId}/cancel`).send({}).expect(200);
      const after = await fileAs(partner, b.id);
      await review(after, 'APPROVE');

      expect((await detail(before)).replacement).toEqual({ orderId, orderStatus: 'CANCELLED', leadId: null, deliveredAt: null });
      expect((await detail(after)).replacement).toBeNull();
      const order = await withKey(app, partner.apiKey).get(`/api/v1/orders/${orderId}`).expect(200);
      expect(order.body.regionQuantities).toEqual([{ region: '인천', quantity: 4, delivered: 2 }]);
    });

    it('shows no replacement for a lead delivered by hand, nor before approval or after a rejection', async () => {
      const { productId, partner } = await setup('No Replacement');
      const [byHand, rejected] = [
        await deliverLead(app, productId, partner.partner.id),
        await deliverLead(app, productId, partner.partner.id),
      ];
      const approvedId = await fileAs(partner, byHand);
      expect((await detail(approvedId)).replacement).toBeNull();
      expect((await review(approvedId, 'APPROVE')).body).toMatchObject({ status: 'APPROVED', replacement: null, lead: { orderId: null } });
      const rejectedId = await fileAs(partner, rejected);
      expect((await review(rejectedId, 'REJECT', '정상 DB')).body).toMatchObject({ status: 'REJECTED', replacement: null });
    });
  });

  describe('the queue', () => {
    it('carries the filing partner on each item and filters by reason, with status and partner; the partner’s own list is unchanged', async () => {
      const { productId, partner, as } = await setup('Queue Reasons');
      const [l1, l2, l3] = [
        await deliverLead(app, productId, partner.partner.id),
        await deliverLead(app, productId, partner.partner.id),
        await deliverLead(app, productId, partner.partner.id),
      ];
      const duplicate = await fileAs(partner, l1, NO_EVIDENCE);
      const outOfRegion = await fileAs(partner, l2, 'OUT_OF_REGION');
      const held = await fileAs(partner, l3, NO_EVIDENCE);
      await review(held, 'HOLD');

      const queue = async (query: string) =>
        (await asOperator(app).get(`/api/v1/admin/lead-as?partnerId=${partner.partner.id}&${query}`).expect(200)).body;
      const all = await queue('');
      expect(all.data.map((item: { id: string }) => item.id)).toEqual([duplicate, outOfRegion, held]);
      for (const item of all.data) expect(item.partner).toEqual({ id: partner.partner.id, name: 'Queue Reasons' });
      expect(all.data[0]).toMatchObject({ lead: { id: l1, name: '홍*동', phone: expect.stringMatching(/^010-\*\*\*\*-\d{4}$/) } });

      const ids = (body: { data: Array<{ id: string }> }) => body.data.map((item) => item.id);
      expect(ids(await queue(`reasonCode=${NO_EVIDENCE}`))).toEqual([duplicate, held]);
      expect(ids(await queue(`reasonCode=${NO_EVIDENCE}&status=PENDING`))).toEqual([duplicate]);
      expect(ids(await queue('reasonCode=OUT_OF_REGION'))).toEqual([outOfRegion]);
      expect((await queue(`reasonCode=${NO_EVIDENCE}&limit=1&page=2`)).pagination).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2 });

      const own = (await as.get('/api/v1/lead-as').expect(200)).body.data;
      expect(own).toHaveLength(3);
      for (const item of own) expect(item).not.toHaveProperty('partner');
    });

    it('returns 400 naming reasonCode for a code that is no reason, and still finds requests with a retired reason', async () => {
      const { productId, partner } = await setup('Queue Validation');
      const unknown = await asOperator(app).get('/api/v1/admin/lead-as?reasonCode=BECAUSE').expect(400);
      expect(unknown.body.errors).toEqual([{ field: 'reasonCode', message: expect.stringContaining('BECAUSE') }]);
      expect((await asOperator(app).get('/api/v1/admin/lead-as?reasonCode=').expect(400)).body.errors[0].field).toBe('reasonCode');

      const leadId = await deliverLead(app, productId, partner.partner.id);
      const id = await fileAs(partner, leadId, 'OUT_OF_REGION');
      await app.dataSource.query(`UPDATE as_reasons SET active = false WHERE code = 'OUT_OF_REGION'`);
      try {
        const retired = await asOperator(app)
          .get(`/api/v1/admin/lead-as?reasonCode=OUT_OF_REGION&partnerId=${partner.partner.id}`)
          .expect(200);
        expect(retired.body.data.map((item: { id: string }) => item.id)).toEqual([id]);
      } finally {
        await app.dataSource.query(`UPDATE as_reasons SET active = true WHERE code = 'OUT_OF_REGION'`);
      }
    });
  });
});
