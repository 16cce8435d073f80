import {
  asOperator,
  deliverLead,
  startLeadDistribution,
  uploadFile,
  withKey,
  type LeadDistributionTestApp,
} from './support/lead-distribution.js';
import { given } from './support/given.js';

/** A reason that needs no evidence file, and one that does (see the seeded reason list). */
const NO_EVIDENCE = 'DUPLICATE';
const NEEDS_EVIDENCE = 'WRONG_NUMBER';

describe('AS requests', () => {
  let app: LeadDistributionTestApp;
  let productId: string;

  beforeAll(async () => {
    app = await startLeadDistribution();
    ({
      product: { id: productId },
    } = await given(app).provider().product('실손보험 상담 DB', 7));
  });
  afterAll(() => app.close());

  async function partnerWithLead(name: string, leadOverrides: Record<string, unknown> = {}) {
    const partner = await given(app).partner(name).key();
    const leadId = await deliverLead(app, productId, partner.partner.id, leadOverrides);
    return { ...partner, leadId, as: withKey(app, partner.apiKey) };
  }

  const uploadEvidence = async (apiKey: string) => (await uploadFile(app, apiKey)).fileId;

  it('lists the reason codes with whether each needs evidence', async () => {
    const { as } = await partnerWithLead('Reasons');
    const response = await as.get('/api/v1/lead-as/reasons').expect(200);
    expect(response.body.data).toHaveLength(7);
    expect(response.body.data).toContainEqual({ code: NO_EVIDENCE, label: '중복 DB', requiresEvidence: false });
    expect(response.body.data).toContainEqual({ code: NEEDS_EVIDENCE, label: '결번·없는 번호', requiresEvidence: true });
  });

  describe('creation', () => {
    it('creates a PENDING request and shows it as the lead’s latest AS status', async () => {
      const { as, leadId } = await partnerWithLead('Creator');
      const created = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE, memo: '같은 고객 두 번' }).expect(200);
      expect(created.body).toEqual({
        id: expect.any(String),
        leadId,
        reasonCode: NO_EVIDENCE,
        status: 'PENDING',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      const lead = await as.get(`/api/v1/leads/${leadId}`).expect(200);
      expect(lead.body).toMatchObject({ leadAsStatus: 'PENDING', leadAsStatusLabel: '대기', leadAs: [{ status: 'PENDING' }] });
    });

    it('attaches uploaded evidence files and shows them on lookup', async () => {
      const { as, apiKey, leadId } = await partnerWithLead('Evidence');
      const fileId = await uploadEvidence(apiKey);
      const created = await as
        .post('/api/v1/lead-as')
        .send({ leadId, reasonCode: NEEDS_EVIDENCE, storedFileIds: [fileId] })
        .expect(200);
      const detail = await as.get(`/api/v1/lead-as/${created.body.id}`).expect(200);
      const signed = new RegExp(`^${app.url}/api/v1/files/download/${fileId}\\?expires=\\d+&signature=[0-9a-f]{64}$`);
      expect(detail.body.files).toEqual([
        {
          fileId,
          originalName: 'call-log.pdf',
          mimeType: 'application/pdf',
          size: 17,
          cdnUrl: expect.stringMatching(signed),
          downloadUrl: expect.stringMatching(signed),
          downloadUrlExpiresAt: expect.any(String),
        },
      ]);
      // No permanent URL: the link is signed, expires within 10 minutes, and serves the evidence.
      const [file] = detail.body.files as Array<{ cdnUrl: string; downloadUrl: string; downloadUrlExpiresAt: string }>;
      expect(file!.cdnUrl).toBe(file!.downloadUrl);
      expect(Date.parse(file!.downloadUrlExpiresAt)).toBeLessThanOrEqual(Date.now() + 600_000);
      const downloaded = await fetch(file!.cdnUrl);
      expect(downloaded.status).toBe(200);
      expect(downloaded.headers.get('content-type')).toBe('application/pdf');
      const tampered = new URL(file!.cdnUrl);
      tampered.searchParams.set('expires', String(Number(tampered.searchParams.get('expires')) + 3600));
      expect((await fetch(tampered)).status).toBe(403);
    });

    it('returns 404 when the lead is not owned by the caller', async () => {
      const { leadId } = await partnerWithLead('Owner');
      const { as } = await partnerWithLead('Stranger');
      const response = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(404);
      expect(response.body.code).toBe('LEAD_NOT_FOUND');
      await as.post('/api/v1/lead-as').send({ leadId: '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10', reasonCode: NO_EVIDENCE }).expect(404);
    });

    it('returns 409 AS_ALREADY_ACTIVE when the latest AS request is still pending, or on hold', async () => {
      const { as, leadId } = await partnerWithLead('Active');
      const first = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      expect((await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(409)).body.code).toBe('AS_ALREADY_ACTIVE');
      await asOperator(app)
        .post(`/api/v1/admin/lead-as/${first.body.id}/review`)
        .send({ decision: 'HOLD', adminNote: '통화 기록 확인 중' })
        .expect(200);
      expect((await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(409)).body.code).toBe('AS_ALREADY_ACTIVE');
    });

    it('accepts a new request once the previous one was cancelled or rejected', async () => {
      const { as, leadId } = await partnerWithLead('Again');
      const first = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      await as.post(`/api/v1/lead-as/${first.body.id}/cancel`).send({}).expect(200);
      const second = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      await asOperator(app)
        .post(`/api/v1/admin/lead-as/${second.body.id}/review`)
        .send({ decision: 'REJECT', adminNote: '정상 DB' })
        .expect(200);
      await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
    });

    it('lets only one of several concurrent requests on one lead through', async () => {
      const { as, leadId } = await partnerWithLead('Concurrent');
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE })),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    });

    it('returns 409 AS_WINDOW_EXPIRED past the product’s AS window', async () => {
      const { as, leadId, partner } = await partnerWithLead('Late');
      await app.dataSource.query(`UPDATE leads SET assigned_at = now() - interval '8 days' WHERE id = $1`, [leadId]);
      expect((await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(409)).body.code).toBe('AS_WINDOW_EXPIRED');

      // A product's own window: three days here.
      const shortWindow = (await given(app).provider().product('단기 AS 상품', 3)).product;
      const [late, inTime] = [await deliverLead(app, shortWindow.id, partner.id), await deliverLead(app, shortWindow.id, partner.id)];
      await app.dataSource.query(`UPDATE leads SET assigned_at = now() - interval '4 days' WHERE id = $1`, [late]);
      await app.dataSource.query(`UPDATE leads SET assigned_at = now() - interval '2 days' WHERE id = $1`, [inTime]);
      const refused = await as.post('/api/v1/lead-as').send({ leadId: late, reasonCode: NO_EVIDENCE }).expect(409);
      expect(refused.body.code).toBe('AS_WINDOW_EXPIRED');
      await as.post('/api/v1/lead-as').send({ leadId: inTime, reasonCode: NO_EVIDENCE }).expect(200);
    });

    it('returns 400 for an unknown reason, for missing evidence, and for a file that is not the caller’s upload', async () => {
      const { as, leadId } = await partnerWithLead('Bad Input');
      const unknown = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: 'BECAUSE' }).expect(400);
      expect(unknown.body.errors[0].field).toBe('reasonCode');
      const noEvidence = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NEEDS_EVIDENCE }).expect(400);
      expect(noEvidence.body).toMatchObject({ code: 'EVIDENCE_REQUIRED', errors: [{ field: 'storedFileIds' }] });

      const stranger = await given(app).partner('File Owner').key();
      const theirFile = await uploadEvidence(stranger.apiKey);
      const notMine = await as
        .post('/api/v1/lead-as')
        .send({ leadId, reasonCode: NEEDS_EVIDENCE, storedFileIds: [theirFile] })
        .expect(400);
      expect(notMine.body).toMatchObject({ code: 'FILE_NOT_USABLE', errors: [{ field: 'storedFileIds.0' }] });

      const missingField = await as.post('/api/v1/lead-as').send({ reasonCode: NO_EVIDENCE }).expect(400);
      expect(missingField.body.errors[0].field).toBe('leadId');
    });

    it('refuses a file that is already evidence of another request', async () => {
      const { as, apiKey, partner, leadId } = await partnerWithLead('Reuse');
      const otherLead = await deliverLead(app, productId, partner.id);
      const fileId = await uploadEvidence(apiKey);
      await as
        .post('/api/v1/lead-as')
        .send({ leadId, reasonCode: NEEDS_EVIDENCE, storedFileIds: [fileId] })
        .expect(200);
      const reused = await as
        .post('/api/v1/lead-as')
        .send({ leadId: otherLead, reasonCode: NEEDS_EVIDENCE, storedFileIds: [fileId] })
        .expect(400);
      expect(reused.body.code).toBe('FILE_NOT_USABLE');
    });

    it('lets only one of several concurrent requests on different leads use the same file', async () => {
      const { as, apiKey, partner } = await partnerWithLead('Reuse Race');
      const leads = await Promise.all(Array.from({ length: 4 }, () => deliverLead(app, productId, partner.id)));
      const fileId = await uploadEvidence(apiKey);
      const responses = await Promise.all(
        leads.map((leadId) => as.post('/api/v1/lead-as').send({ leadId, reasonCode: NEEDS_EVIDENCE, storedFileIds: [fileId] })),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([200, 400, 400, 400]);
      for (const response of responses.filter((r) => r.status === 400)) expect(response.body.code).toBe('FILE_NOT_USABLE');
    });
  });

  describe('listing', () => {
    it('lists the owner’s requests with labels and masked lead data, filtered by lead, status and search', async () => {
      const { as, partner, leadId } = await partnerWithLead('Lister', { name: '강감찬' });
      const second = await deliverLead(app, productId, partner.id, { name: '을지문덕' });
      const a = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE, memo: '이미 가입한 고객' }).expect(200);
      const b = await as.post('/api/v1/lead-as').send({ leadId: second, reasonCode: 'OUT_OF_REGION' }).expect(200);
      await as.post(`/api/v1/lead-as/${b.body.id}/cancel`).send({}).expect(200);

      const all = await as.get('/api/v1/lead-as').expect(200);
      expect(all.body.pagination.total).toBe(2);
      expect(all.body.data[0]).toMatchObject({ id: b.body.id, status: 'CANCELLED', statusLabel: '취소', reasonLabel: '지역 외' });
      expect(all.body.data[1]).toMatchObject({
        id: a.body.id,
        leadId,
        reasonCode: NO_EVIDENCE,
        reasonLabel: '중복 DB',
        status: 'PENDING',
        statusLabel: '대기',
        customerMemo: '이미 가입한 고객',
        adminNote: null,
        lead: {
          id: leadId,
          name: '강*찬',
          phone: expect.stringMatching(/^010-\*\*\*\*-\d{4}$/),
          region: '서울',
          product: { id: productId },
        },
      });

      const ids = async (query: string) =>
        (await as.get(`/api/v1/lead-as?${query}`).expect(200)).body.data.map((item: { id: string }) => item.id);
      expect(await ids(`leadId=${leadId}`)).toEqual([a.body.id]);
      expect(await ids('status=CANCELLED')).toEqual([b.body.id]);
      // The lead is unused: its name is searched as shown, masked.
      expect(await ids(`search=${encodeURIComponent('강*찬')}`)).toEqual([a.body.id]);
      expect(await ids(`search=${encodeURIComponent('강감')}`)).toEqual([]);
      expect(await ids(`search=${encodeURIComponent('가입한')}`)).toEqual([a.body.id]);
      expect(await ids(`search=${encodeURIComponent('지역')}`)).toEqual([b.body.id]);
      expect(await ids('search=out_of')).toEqual([b.body.id]);
    });

    it('searches by the last phone digits and the product name, and shows a used lead’s name and phone plainly', async () => {
      const { as, partner, leadId } = await partnerWithLead('Lister Two', { name: '김유신', phone: '01011112222' });
      const otherProduct = (await given(app).provider().product('운전자보험 특약 DB')).product;
      const second = await deliverLead(app, otherProduct.id, partner.id, { name: '계백', phone: '010-5555-7788' });
      const a = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      const b = await as.post('/api/v1/lead-as').send({ leadId: second, reasonCode: NO_EVIDENCE }).expect(200);

      const ids = async (query: string) =>
        (await as.get(`/api/v1/lead-as?${query}`).expect(200)).body.data.map((item: { id: string }) => item.id);
      expect(await ids('search=7788')).toEqual([b.body.id]);
      expect(await ids('search=2222')).toEqual([a.body.id]);
      expect(await ids(`search=${encodeURIComponent('운전자보험')}`)).toEqual([b.body.id]);

      await as.post(`/api/v1/leads/${second}/use`).send({}).expect(200);
      const listed = (await as.get(`/api/v1/lead-as?leadId=${second}`).expect(200)).body.data[0];
      expect(listed.lead).toMatchObject({
        name: '계백',
        phone: '010-5555-7788',
        product: { id: otherProduct.id, name: '운전자보험 특약 DB' },
      });
    });

    it('returns 400 naming the parameter for an unknown status or a malformed leadId', async () => {
      const { as } = await partnerWithLead('List Validation');
      expect((await as.get('/api/v1/lead-as?status=DONE').expect(400)).body.errors[0].field).toBe('status');
      expect((await as.get('/api/v1/lead-as?leadId=42').expect(400)).body.errors[0].field).toBe('leadId');
      expect((await as.get('/api/v1/lead-as?limit=0').expect(400)).body.errors[0].field).toBe('limit');
    });

    it('returns 200 and an empty list for a leadId the caller does not own', async () => {
      const owner = await partnerWithLead('List Owner');
      await owner.as.post('/api/v1/lead-as').send({ leadId: owner.leadId, reasonCode: NO_EVIDENCE }).expect(200);
      const { as } = await partnerWithLead('List Stranger');
      const response = await as.get(`/api/v1/lead-as?leadId=${owner.leadId}`).expect(200);
      expect(response.body).toEqual({ data: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } });
    });

    it('never shows another partner’s requests, by lookup, search or partnerId', async () => {
      const owner = await partnerWithLead('Private', { name: '비밀고객' });
      const created = await owner.as
        .post('/api/v1/lead-as')
        .send({ leadId: owner.leadId, reasonCode: NO_EVIDENCE, memo: '비밀 메모' })
        .expect(200);
      const { as } = await partnerWithLead('Snoop');
      expect((await as.get(`/api/v1/lead-as?search=${encodeURIComponent('비밀')}`).expect(200)).body.data).toEqual([]);
      await as.get(`/api/v1/lead-as/${created.body.id}`).expect(404);
      await as.get(`/api/v1/lead-as?partnerId=${owner.partner.id}`).expect(403);
    });
  });

  describe('cancellation', () => {
    it('cancels a pending request and saves it as CANCELLED', async () => {
      const { as, leadId } = await partnerWithLead('Canceller');
      const created = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      expect((await as.post(`/api/v1/lead-as/${created.body.id}/cancel`).send({}).expect(200)).body).toEqual({ success: true });
      expect((await as.get(`/api/v1/lead-as/${created.body.id}`).expect(200)).body.status).toBe('CANCELLED');
      const lead = await as.get(`/api/v1/leads/${leadId}`).expect(200);
      expect(lead.body).toMatchObject({ leadAsStatus: 'CANCELLED', leadAsStatusLabel: '취소' });
    });

    it('cancels an on-hold request', async () => {
      const { as, leadId } = await partnerWithLead('Hold Cancel');
      const created = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      await asOperator(app).post(`/api/v1/admin/lead-as/${created.body.id}/review`).send({ decision: 'HOLD' }).expect(200);
      await as.post(`/api/v1/lead-as/${created.body.id}/cancel`).send({}).expect(200);
    });

    it('returns 400 AS_NOT_CANCELLABLE for a request that is neither pending nor on hold', async () => {
      const { as, leadId } = await partnerWithLead('Too Late');
      const created = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      await asOperator(app).post(`/api/v1/admin/lead-as/${created.body.id}/review`).send({ decision: 'REJECT' }).expect(200);
      expect((await as.post(`/api/v1/lead-as/${created.body.id}/cancel`).send({}).expect(400)).body.code).toBe('AS_NOT_CANCELLABLE');
      await as.post(`/api/v1/lead-as/${created.body.id}/cancel`).send({}).expect(400);
    });

    it('returns 403 for another partner’s request and 404 for an unknown one', async () => {
      const owner = await partnerWithLead('Cancel Owner');
      const created = await owner.as.post('/api/v1/lead-as').send({ leadId: owner.leadId, reasonCode: NO_EVIDENCE }).expect(200);
      const { as } = await partnerWithLead('Cancel Stranger');
      expect((await as.post(`/api/v1/lead-as/${created.body.id}/cancel`).send({}).expect(403)).body.code).toBe('AS_REQUEST_FORBIDDEN');
      expect((await as.post('/api/v1/lead-as/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10/cancel').send({}).expect(404)).body.code).toBe(
        'AS_REQUEST_NOT_FOUND',
      );
      expect((await owner.as.get(`/api/v1/lead-as/${created.body.id}`).expect(200)).body.status).toBe('PENDING');
    });
  });

  describe('operator review', () => {
    it('lists requests by status for operators, oldest first', async () => {
      const first = await partnerWithLead('Queue 1');
      const second = await partnerWithLead('Queue 2');
      const a = await first.as.post('/api/v1/lead-as').send({ leadId: first.leadId, reasonCode: NO_EVIDENCE }).expect(200);
      const b = await second.as.post('/api/v1/lead-as').send({ leadId: second.leadId, reasonCode: NO_EVIDENCE }).expect(200);
      const queue = await asOperator(app).get(`/api/v1/admin/lead-as?status=PENDING&limit=100`).expect(200);
      const ids = queue.body.data.map((item: { id: string }) => item.id);
      expect(ids.indexOf(a.body.id)).toBeLessThan(ids.indexOf(b.body.id));
      expect((await withKey(app, first.apiKey).get('/api/v1/admin/lead-as').expect(403)).body.code).toBe('ROLE_FORBIDDEN');
    });

    it('approves a request with a note, which returns the lead: it leaves the partner’s lists', async () => {
      const { as, leadId } = await partnerWithLead('Approved');
      const created = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      const reviewed = await asOperator(app)
        .post(`/api/v1/admin/lead-as/${created.body.id}/review`)
        .send({ decision: 'APPROVE', adminNote: '중복 확인, 반환 처리' })
        .expect(200);
      expect(reviewed.body).toMatchObject({
        status: 'APPROVED',
        statusLabel: '승인',
        adminNote: '중복 확인, 반환 처리',
        reviewedAt: expect.any(String),
      });

      expect((await as.get('/api/v1/leads').expect(200)).body.pagination.total).toBe(0);
      await as.get(`/api/v1/leads/${leadId}`).expect(404);
      expect((await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(404)).body.code).toBe('LEAD_NOT_FOUND');
      expect((await as.get(`/api/v1/lead-as/${created.body.id}`).expect(200)).body.status).toBe('APPROVED');
    });

    it('refuses decisions the state machine does not allow', async () => {
      const { as, leadId } = await partnerWithLead('Transitions');
      const created = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      const review = (decision: string) => asOperator(app).post(`/api/v1/admin/lead-as/${created.body.id}/review`).send({ decision });
      await review('HOLD').expect(200);
      expect((await review('HOLD').expect(409)).body.code).toBe('AS_INVALID_TRANSITION');
      await review('REJECT').expect(200);
      await review('APPROVE').expect(409);
      expect((await review('MAYBE').expect(400)).body.errors[0].field).toBe('decision');
      await asOperator(app)
        .post('/api/v1/admin/lead-as/0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10/review')
        .send({ decision: 'HOLD' })
        .expect(404);
    });
  });

  describe('hasAs on the lead list', () => {
    it('selects leads whose latest AS request is not CANCELLED with true or Y, and the others with false or N', async () => {
      const { as, partner, leadId: none } = await partnerWithLead('HasAs');
      const pending = await deliverLead(app, productId, partner.id);
      const cancelled = await deliverLead(app, productId, partner.id);
      const rejected = await deliverLead(app, productId, partner.id);
      await as.post('/api/v1/lead-as').send({ leadId: pending, reasonCode: NO_EVIDENCE }).expect(200);
      const c = await as.post('/api/v1/lead-as').send({ leadId: cancelled, reasonCode: NO_EVIDENCE }).expect(200);
      await as.post(`/api/v1/lead-as/${c.body.id}/cancel`).send({}).expect(200);
      const r = await as.post('/api/v1/lead-as').send({ leadId: rejected, reasonCode: NO_EVIDENCE }).expect(200);
      await asOperator(app).post(`/api/v1/admin/lead-as/${r.body.id}/review`).send({ decision: 'REJECT' }).expect(200);

      const ids = async (query: string) =>
        (await as.get(`/api/v1/leads?${query}`).expect(200)).body.data.map((lead: { id: string }) => lead.id).sort();
      expect(await ids('hasAs=true')).toEqual([pending, rejected].sort());
      expect(await ids('hasAs=Y')).toEqual([pending, rejected].sort());
      expect(await ids('hasAs=N')).toEqual([none, cancelled].sort());
      expect(await ids('hasAs=false')).toEqual([none, cancelled].sort());
      expect(await ids('hasAs=1')).toEqual([pending, rejected].sort());
      expect(await ids('hasAs=0')).toEqual([none, cancelled].sort());

      const expanded = await as.get('/api/v1/leads?expand=leadAs&hasAs=Y').expect(200);
      for (const lead of expanded.body.data) expect(lead.leadAs).toEqual([{ status: lead.leadAsStatus }]);
    });

    it('orders requests with the same createdAt by id', async () => {
      const { as, leadId } = await partnerWithLead('Tie');
      const first = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      await as.post(`/api/v1/lead-as/${first.body.id}/cancel`).send({}).expect(200);
      const second = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      await app.dataSource.query(`UPDATE lead_as_requests SET created_at = date_trunc('second', now()) WHERE lead_id = $1`, [leadId]);
      const ids = [first.body.id, second.body.id].sort().reverse();
      const lead = await as.get(`/api/v1/leads/${leadId}`).expect(200);
      const statusOf = (id: string) => (id === second.body.id ? 'PENDING' : 'CANCELLED');
      expect(lead.body.leadAs).toEqual(ids.map((id) => ({ status: statusOf(id) })));
      expect(lead.body.leadAsStatus).toBe(statusOf(ids[0]!));
    });

    it('takes the newest request as the latest, ties broken by id', async () => {
      const { as, leadId } = await partnerWithLead('Latest');
      const first = await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      await as.post(`/api/v1/lead-as/${first.body.id}/cancel`).send({}).expect(200);
      await as.post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      const lead = await as.get(`/api/v1/leads/${leadId}`).expect(200);
      expect(lead.body.leadAs).toEqual([{ status: 'PENDING' }, { status: 'CANCELLED' }]);
      expect(lead.body.leadAsStatus).toBe('PENDING');
    });
  });
});
