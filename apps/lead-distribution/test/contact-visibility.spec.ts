import {
  asOperator,
  deliverLead,
  nextPhone,
  startLeadDistribution,
  withKey,
  type LeadDistributionTestApp,
} from './support/lead-distribution.js';
import { given } from './support/given.js';
import { accessRecords } from '../../../test/support/access-records.js';

/** A reason that needs no evidence file (see the seeded reason list). */
const NO_EVIDENCE = 'DUPLICATE';

const formatted = (phone: string) => `${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`;

/**
 * Who sees a lead's contact in clear (docs/decisions/lead-distribution.md): the partner that owns the lead now,
 * once it is used, and an ancestor in the distributed list for a lead a descendant has used. Every
 * clear contact is audited; search matches only what the caller is shown.
 */
describe('contact visibility', () => {
  let app: LeadDistributionTestApp;
  let productId: string;

  beforeAll(async () => {
    app = await startLeadDistribution();
    ({
      product: { id: productId },
    } = await given(app).provider().product('치아보험 DB'));
  });
  afterAll(() => app.close());

  const total = (body: { pagination: { total: number } }) => body.pagination.total;

  /** The decryptions recorded for a key (access records of action `use`), oldest first: the operation and the leads revealed. */
  const usesBy = async (keyId: string): Promise<Array<{ operation: string; revealed: string[] }>> =>
    (await accessRecords(app, { actorId: keyId, action: 'use' })).map((record) => ({
      operation: record.operation,
      revealed: record.subjects.filter((subject) => subject.type === 'lead').map((subject) => subject.id),
    }));

  describe('search matches what the caller sees', () => {
    it('finds an unused lead only by its masked name and e-mail, and by the clear values once it is used', async () => {
      const { partner, apiKey } = await given(app).partner('Searcher').key();
      const leadId = await deliverLead(app, productId, partner.id, { name: '홍길동', email: 'hongsecret@example.com', memo: '저녁 연락' });
      const list = (search: string) =>
        withKey(app, apiKey)
          .get('/api/v1/leads')
          .query({ search })
          .expect(200)
          .then((response) => total(response.body));

      // Shown as 홍*동 and ho***@example.com.
      expect(await list('hongsecret@')).toBe(0);
      expect(await list('hon')).toBe(0);
      expect(await list('홍길동')).toBe(0);
      expect(await list('길')).toBe(0);
      expect(await list('ho***@example')).toBe(1);
      expect(await list('홍*동')).toBe(1);
      expect(await list('저녁')).toBe(1);
      expect(await list('치아보험')).toBe(1);

      await withKey(app, apiKey).post(`/api/v1/leads/${leadId}/use`).send({}).expect(200);
      expect(await list('hongsecret@')).toBe(1);
      expect(await list('홍길동')).toBe(1);
      expect(await list('홍*동')).toBe(0);
    });

    it('finds an AS request of an unused lead only by the masked name', async () => {
      const { partner, apiKey } = await given(app).partner('AS searcher').key();
      const leadId = await deliverLead(app, productId, partner.id, { name: '이영희' });
      await withKey(app, apiKey).post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      const list = (search: string) =>
        withKey(app, apiKey)
          .get('/api/v1/lead-as')
          .query({ search })
          .expect(200)
          .then((response) => total(response.body));

      expect(await list('이영희')).toBe(0);
      expect(await list('영')).toBe(0);
      expect(await list('이*희')).toBe(1);

      await withKey(app, apiKey).post(`/api/v1/leads/${leadId}/use`).send({}).expect(200);
      expect(await list('이영희')).toBe(1);
    });
  });

  describe('contacts only for the current owner', () => {
    it('shows a former owner the masked contact in its AS request after the lead was recalled and used', async () => {
      const agency = await given(app).partner('Former agency').key();
      const branch = await given(app).partner('Former branch', agency.partner.id).key();
      const phone = nextPhone();
      const leadId = await deliverLead(app, productId, agency.partner.id, { name: '김철수', phone });
      await withKey(app, agency.apiKey)
        .post('/api/v1/leads/distribute')
        .send({ toPartnerId: branch.partner.id, leadIds: [leadId] })
        .expect(200);
      const filed = await withKey(app, branch.apiKey).post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      await withKey(app, branch.apiKey).post(`/api/v1/lead-as/${filed.body.id}/cancel`).send({}).expect(200);
      await withKey(app, agency.apiKey)
        .post('/api/v1/leads/recall')
        .send({ leadIds: [leadId] })
        .expect(200);
      await withKey(app, agency.apiKey).post(`/api/v1/leads/${leadId}/use`).send({}).expect(200);

      const asSeenByBranch = await withKey(app, branch.apiKey).get(`/api/v1/lead-as/${filed.body.id}`).expect(200);
      expect(asSeenByBranch.body.lead).toMatchObject({ name: '김*수', phone: `010-****-${phone.slice(-4)}` });
      await withKey(app, branch.apiKey).get(`/api/v1/leads/${leadId}`).expect(404);

      const asSeenByAgency = await withKey(app, agency.apiKey).get(`/api/v1/lead-as/${filed.body.id}`).expect(200);
      expect(asSeenByAgency.body.lead).toMatchObject({ name: '김철수', phone: formatted(phone) });
      expect(await usesBy(branch.keyId)).toEqual([]);
      expect(await usesBy(agency.keyId)).toContainEqual({ operation: 'LeadAs_get', revealed: [leadId] });
    });

    it('shows operators the masked contact in the review queue (they are not the lead’s owner)', async () => {
      const { partner, apiKey } = await given(app).partner('Reviewed').key();
      const phone = nextPhone();
      const leadId = await deliverLead(app, productId, partner.id, { name: '박민수', phone });
      await withKey(app, apiKey).post(`/api/v1/leads/${leadId}/use`).send({}).expect(200);
      const filed = await withKey(app, apiKey).post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);

      const queue = await asOperator(app).get('/api/v1/admin/lead-as').query({ partnerId: partner.id }).expect(200);
      expect(queue.body.data).toEqual([
        expect.objectContaining({
          id: filed.body.id,
          lead: expect.objectContaining({ name: '박*수', phone: `010-****-${phone.slice(-4)}` }),
        }),
      ]);
    });
  });

  describe('every clear contact is audited', () => {
    it('audits the distributed list when it shows an ancestor a lead its descendant used', async () => {
      const agency = await given(app).partner('Auditing agency').key();
      const branch = await given(app).partner('Audited branch', agency.partner.id).key();
      const phone = nextPhone();
      const used = await deliverLead(app, productId, agency.partner.id, { name: '최지우', phone });
      const unused = await deliverLead(app, productId, agency.partner.id, { name: '정하늘' });
      await withKey(app, agency.apiKey)
        .post('/api/v1/leads/distribute')
        .send({ toPartnerId: branch.partner.id, leadIds: [used, unused] })
        .expect(200);
      await withKey(app, branch.apiKey).post(`/api/v1/leads/${used}/use`).send({}).expect(200);
      const before = await usesBy(agency.keyId);

      const distributed = await withKey(app, agency.apiKey).get('/api/v1/leads/distributed').expect(200);
      const byId = new Map(distributed.body.data.map((lead: { id: string }) => [lead.id, lead]));
      expect(byId.get(used)).toMatchObject({ name: '최지우', phone: formatted(phone) });
      expect(byId.get(unused)).toMatchObject({ name: '정*늘' });

      const after = await usesBy(agency.keyId);
      expect(after.slice(before.length)).toEqual([{ operation: 'Distribution_distributed', revealed: [used] }]);
      // The list itself is a view of both leads.
      const [view] = await accessRecords(app, { actorId: agency.keyId, operation: 'Distribution_distributed', action: 'view' });
      expect(view!.subjects).toEqual(
        expect.arrayContaining([
          { type: 'lead', id: used },
          { type: 'lead', id: unused },
        ]),
      );
    });

    it('audits the lead list, the single lead, the use and the AS list when they show a contact in clear, and not when all is masked', async () => {
      const { partner, apiKey, keyId } = await given(app).partner('Audited owner').key();
      const leadId = await deliverLead(app, productId, partner.id);
      await withKey(app, apiKey).get('/api/v1/leads').expect(200);
      await withKey(app, apiKey).get(`/api/v1/leads/${leadId}`).expect(200);
      expect(await usesBy(keyId)).toEqual([]);

      await withKey(app, apiKey).post(`/api/v1/leads/${leadId}/use`).send({}).expect(200);
      await withKey(app, apiKey).get('/api/v1/leads').expect(200);
      await withKey(app, apiKey).get(`/api/v1/leads/${leadId}`).expect(200);
      await withKey(app, apiKey).post('/api/v1/lead-as').send({ leadId, reasonCode: NO_EVIDENCE }).expect(200);
      await withKey(app, apiKey).get('/api/v1/lead-as').expect(200);
      await withKey(app, apiKey)
        .post('/api/v1/leads/contacts')
        .send({ leadIds: [leadId] })
        .expect(200);

      expect(await usesBy(keyId)).toEqual(
        ['Leads_use', 'Leads_list', 'Leads_get', 'LeadAs_list', 'Leads_contacts'].map((operation) => ({ operation, revealed: [leadId] })),
      );
    });
  });
});
