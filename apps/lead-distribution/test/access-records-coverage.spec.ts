import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AccessAction, AccessActor, AccessSubject } from '#platform';
import { sha256Hex } from '#platform';
import {
  expectAccessRecord,
  readDocument,
  recordedOperations,
  subject,
  tableGaps,
  timed,
  type CallWindow,
} from '../../../test/support/access-records.js';
import { OPERATOR_ACCOUNT_ROWS } from '../../../test/support/operator-access-rows.js';
import { given, type KeyedPartner } from './support/given.js';
import { OPERATOR_KEY, deliverLead, leadInput, startLeadDistribution, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { RECEIVER } from './support/webhook-endpoints.js';

// Every operation of lead-distribution's OpenAPI document marked x-access-record (@RecordsAccess),
// called through the real AppModule, leaves an access record with the five items: the caller (kind
// and the id of the key used), the time to the second within the call, the client address (from
// X-Forwarded-For under TRUSTED_PROXY_HOPS=1, as behind the Ingress), the subjects by id, and the
// action with the operation. The table is keyed by operationId: an operation marked in the document
// without a row fails, and so does a row of no marked operation (test/access-records-coverage.spec.ts
// fails an operation handling personal data that is not marked).

const document = readDocument('openapi/lead-distribution.json');

/** A caller: the key it sends and the actor its records must name. */
interface Caller {
  key: string;
  actor: AccessActor;
}

/** What a row's call left to check: who called from where and when, and whom it was about. */
interface Called {
  caller: Caller;
  address: string;
  window: CallWindow;
  subjects: AccessSubject[];
  /** The reason an export was given (kept in its record). */
  reason?: string;
  /** Records besides the operation's own, by the same caller in the same call (a contact shown in clear: `use`). */
  also?: Array<{ action: AccessAction; subjects: AccessSubject[] }>;
}

const lead = (id: string) => subject('lead', id);
const asRequest = (id: string) => subject('as-request', id);
const order = (id: string) => subject('order', id);

let addressSequence = 0;
/** A distinct documentation address (RFC 5737) per call, sent as X-Forwarded-For by the "Ingress". */
const nextAddress = () => `198.51.100.${(addressSequence++ % 250) + 1}`;

describe('access records: every recorded operation of lead-distribution', () => {
  let app: LeadDistributionTestApp;
  let productId: string;
  let operator: Caller;
  let provider: Caller;

  const partnerCaller = (keyed: KeyedPartner): Caller => ({ key: keyed.apiKey, actor: { kind: 'partner-key', id: keyed.keyId } });

  /** A partner with a key (below `parentId` when given), as a caller. */
  async function partner(name: string, parentId?: number): Promise<KeyedPartner & { caller: Caller }> {
    const keyed = await given(app)
      .partner(`${name} ${randomUUID().slice(0, 8)}`, parentId)
      .key();
    return { ...keyed, caller: partnerCaller(keyed) };
  }

  /** A request by `caller`, through the Ingress from a fresh address; answers the body and what the row must check. */
  async function call(
    caller: Caller,
    method: 'get' | 'post' | 'patch' | 'delete',
    path: string,
    { body, query, status = 200 }: { body?: unknown; query?: Record<string, unknown>; status?: number } = {},
  ) {
    const address = nextAddress();
    const { result, window } = await timed(async () => {
      const agent = request(app.url);
      let test = agent[method](path).set('X-API-Key', caller.key).set('X-Forwarded-For', address);
      if (query) test = test.query(query);
      return (method === 'post' || method === 'patch' ? test.send((body ?? {}) as object) : test).expect(status);
    });
    return { body: result.body as Record<string, unknown>, called: { caller, address, window } };
  }

  /** A lead delivered to `owner` and used by it (its contact shown in clear from now on). */
  async function usedLead(owner: KeyedPartner): Promise<string> {
    const id = await deliverLead(app, productId, owner.partner.id);
    await request(app.url).post(`/api/v1/leads/${id}/use`).set('X-API-Key', owner.apiKey).send({}).expect(200);
    return id;
  }

  async function fileAs(owner: KeyedPartner, leadId: string): Promise<string> {
    const response = await request(app.url)
      .post('/api/v1/lead-as')
      .set('X-API-Key', owner.apiKey)
      .send({ leadId, reasonCode: 'DUPLICATE', memo: '이미 가입한 고객' })
      .expect(200);
    return (response.body as { id: string }).id;
  }

  const orderBody = () => ({
    productId,
    ordererName: '김담당',
    ordererContact: '010-1234-5678',
    regionQuantities: [{ region: '제주', quantity: 5 }],
  });

  const TABLE: Record<string, () => Promise<Called>> = {
    Leads_list: async () => {
      const owner = await partner('List');
      const [used, masked] = [await usedLead(owner), await deliverLead(app, productId, owner.partner.id)];
      const { called } = await call(owner.caller, 'get', '/api/v1/leads');
      return { ...called, subjects: [lead(used), lead(masked)], also: [{ action: 'use', subjects: [lead(used)] }] };
    },
    Leads_register: async () => {
      const { body, called } = await call(provider, 'post', '/api/v1/leads', { body: leadInput(productId), status: 201 });
      return { ...called, subjects: [lead(body.id as string)] };
    },
    Leads_contacts: async () => {
      const owner = await partner('Contacts');
      const [used, unused] = [await usedLead(owner), await deliverLead(app, productId, owner.partner.id)];
      const { called } = await call(owner.caller, 'post', '/api/v1/leads/contacts', { body: { leadIds: [used, unused] } });
      return { ...called, subjects: [lead(used)] };
    },
    Leads_get: async () => {
      const owner = await partner('Get');
      const used = await usedLead(owner);
      const { called } = await call(owner.caller, 'get', `/api/v1/leads/${used}`);
      return { ...called, subjects: [lead(used)], also: [{ action: 'use', subjects: [lead(used)] }] };
    },
    Leads_use: async () => {
      const owner = await partner('Use');
      const id = await deliverLead(app, productId, owner.partner.id);
      const { called } = await call(owner.caller, 'post', `/api/v1/leads/${id}/use`, { body: {} });
      return { ...called, subjects: [lead(id)] };
    },
    LeadsAdmin_import: async () => {
      const { body, called } = await call(operator, 'post', '/api/v1/admin/leads/import', {
        body: { leads: [leadInput(productId), leadInput(productId, { region: 'Atlantis' })] },
      });
      const created = (body.results as Array<{ status: string; id?: string }>).filter((row) => row.status === 'CREATED');
      expect(created).toHaveLength(1);
      return { ...called, subjects: created.map((row) => lead(row.id!)) };
    },
    LeadAs_list: async () => {
      const owner = await partner('AS list');
      const leadId = await usedLead(owner);
      const filed = await fileAs(owner, leadId);
      const { called } = await call(owner.caller, 'get', '/api/v1/lead-as');
      return { ...called, subjects: [asRequest(filed), lead(leadId)], also: [{ action: 'use', subjects: [lead(leadId)] }] };
    },
    LeadAs_create: async () => {
      const owner = await partner('AS create');
      const leadId = await deliverLead(app, productId, owner.partner.id);
      const { body, called } = await call(owner.caller, 'post', '/api/v1/lead-as', { body: { leadId, reasonCode: 'DUPLICATE' } });
      return { ...called, subjects: [asRequest(body.id as string), lead(leadId)] };
    },
    LeadAs_get: async () => {
      const owner = await partner('AS get');
      const leadId = await usedLead(owner);
      const filed = await fileAs(owner, leadId);
      const { called } = await call(owner.caller, 'get', `/api/v1/lead-as/${filed}`);
      return { ...called, subjects: [asRequest(filed), lead(leadId)], also: [{ action: 'use', subjects: [lead(leadId)] }] };
    },
    LeadAs_cancel: async () => {
      const owner = await partner('AS cancel');
      const filed = await fileAs(owner, await deliverLead(app, productId, owner.partner.id));
      const { called } = await call(owner.caller, 'post', `/api/v1/lead-as/${filed}/cancel`, { body: {} });
      return { ...called, subjects: [asRequest(filed)] };
    },
    LeadAsAdmin_list: async () => {
      const owner = await partner('AS queue');
      const leadId = await deliverLead(app, productId, owner.partner.id);
      const filed = await fileAs(owner, leadId);
      const { called } = await call(operator, 'get', '/api/v1/admin/lead-as', { query: { partnerId: owner.partner.id } });
      return { ...called, subjects: [asRequest(filed), lead(leadId)] };
    },
    LeadAsAdmin_get: async () => {
      const owner = await partner('AS review view');
      const leadId = await deliverLead(app, productId, owner.partner.id);
      const filed = await fileAs(owner, leadId);
      const { called } = await call(operator, 'get', `/api/v1/admin/lead-as/${filed}`);
      return { ...called, subjects: [asRequest(filed), lead(leadId)] };
    },
    LeadAsAdmin_review: async () => {
      const owner = await partner('AS review');
      const leadId = await deliverLead(app, productId, owner.partner.id);
      const filed = await fileAs(owner, leadId);
      const { called } = await call(operator, 'post', `/api/v1/admin/lead-as/${filed}/review`, {
        body: { decision: 'REJECT', adminNote: '증빙 부족' },
      });
      return { ...called, subjects: [asRequest(filed), lead(leadId)] };
    },
    Orders_create: async () => {
      const owner = await partner('Order create');
      const { body, called } = await call(owner.caller, 'post', '/api/v1/orders', { body: orderBody(), status: 201 });
      return { ...called, subjects: [order(body.id as string)] };
    },
    Orders_list: async () => {
      const owner = await partner('Order list');
      const placed = (await request(app.url).post('/api/v1/orders').set('X-API-Key', owner.apiKey).send(orderBody()).expect(201)).body as {
        id: string;
      };
      const { called } = await call(owner.caller, 'get', '/api/v1/orders');
      return { ...called, subjects: [order(placed.id)] };
    },
    Orders_get: async () => {
      const owner = await partner('Order get');
      const placed = (await request(app.url).post('/api/v1/orders').set('X-API-Key', owner.apiKey).send(orderBody()).expect(201)).body as {
        id: string;
      };
      const { called } = await call(owner.caller, 'get', `/api/v1/orders/${placed.id}`);
      return { ...called, subjects: [order(placed.id)] };
    },
    Orders_cancel: async () => {
      const owner = await partner('Order cancel');
      const placed = (await request(app.url).post('/api/v1/orders').set('X-API-Key', owner.apiKey).send(orderBody()).expect(201)).body as {
        id: string;
      };
      const { called } = await call(owner.caller, 'post', `/api/v1/orders/${placed.id}/cancel`, { body: { memo: '취소' } });
      return { ...called, subjects: [order(placed.id)] };
    },
    Distribution_distribute: async () => {
      const agency = await partner('Agency');
      const branch = await partner('Branch', agency.partner.id);
      const leadIds = [await deliverLead(app, productId, agency.partner.id), await deliverLead(app, productId, agency.partner.id)];
      const { called } = await call(agency.caller, 'post', '/api/v1/leads/distribute', {
        body: { toPartnerId: branch.partner.id, leadIds },
      });
      return { ...called, subjects: leadIds.map(lead) };
    },
    Distribution_recall: async () => {
      const agency = await partner('Recalling agency');
      const branch = await partner('Recalled branch', agency.partner.id);
      const leadId = await deliverLead(app, productId, agency.partner.id);
      await request(app.url)
        .post('/api/v1/leads/distribute')
        .set('X-API-Key', agency.apiKey)
        .send({ toPartnerId: branch.partner.id, leadIds: [leadId] })
        .expect(200);
      const { called } = await call(agency.caller, 'post', '/api/v1/leads/recall', { body: { leadIds: [leadId] } });
      return { ...called, subjects: [lead(leadId)] };
    },
    Distribution_distributed: async () => {
      const agency = await partner('Distributing agency');
      const branch = await partner('Using branch', agency.partner.id);
      const leadIds = [await deliverLead(app, productId, agency.partner.id), await deliverLead(app, productId, agency.partner.id)];
      await request(app.url)
        .post('/api/v1/leads/distribute')
        .set('X-API-Key', agency.apiKey)
        .send({ toPartnerId: branch.partner.id, leadIds })
        .expect(200);
      await request(app.url).post(`/api/v1/leads/${leadIds[0]}/use`).set('X-API-Key', branch.apiKey).send({}).expect(200);
      const { called } = await call(agency.caller, 'get', '/api/v1/leads/distributed');
      return { ...called, subjects: leadIds.map(lead), also: [{ action: 'use', subjects: [lead(leadIds[0]!)] }] };
    },
    Webhooks_getDelivery: async () => {
      const owner = await partner('Hooked');
      const endpoint = (
        await request(app.url)
          .post('/api/v1/webhooks/endpoints')
          .set('X-API-Key', owner.apiKey)
          .send({ url: RECEIVER, eventTypes: ['lead.assigned'] })
          .expect(201)
      ).body as { id: string };
      const leadId = await deliverLead(app, productId, owner.partner.id);
      // The worker is off: the event and its delivery as it leaves them, the payload a lead.assigned renders (the lead).
      const [eventId, deliveryId] = [randomUUID(), randomUUID()];
      const payload = { id: eventId, type: 'lead.assigned', timestamp: new Date().toISOString(), data: { lead: { id: leadId } } };
      const [event] = await app.dataSource.query<Array<{ seq: string }>>(
        `INSERT INTO webhook_events (id, type, partner_id, subject_id, occurred_at, payload) VALUES ($1, 'lead.assigned', $2, $3, now(), $4) RETURNING seq`,
        [eventId, owner.partner.id, leadId, payload],
      );
      await app.dataSource.query(
        `INSERT INTO webhook_deliveries (id, event_id, event_seq, endpoint_id, status, attempt_count, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, 'PENDING', 0, now(), now())`,
        [deliveryId, eventId, event!.seq, endpoint.id],
      );
      const { called } = await call(owner.caller, 'get', `/api/v1/webhooks/deliveries/${deliveryId}`);
      return { ...called, subjects: [lead(leadId)] };
    },
    AccessRecordsAdmin_search: async () => {
      const leadId = randomUUID();
      const { called } = await call(operator, 'get', '/api/v1/admin/access-records', { query: { subjectType: 'lead', subjectId: leadId } });
      return { ...called, subjects: [lead(leadId)] };
    },
    AccessRecordsAdmin_export: async () => {
      const leadId = randomUUID();
      const reason = '월간 접속기록 점검';
      const { called } = await call(operator, 'get', '/api/v1/admin/access-records/export', {
        query: { reason, subjectType: 'lead', subjectId: leadId },
      });
      return { ...called, subjects: [lead(leadId)], reason };
    },
    ...operatorAccountRows(),
    AccessRecordsAdmin_review: async () => {
      const { called } = await call(operator, 'get', '/api/v1/admin/access-records/review', {
        query: { month: new Date().toISOString().slice(0, 7) },
      });
      return { ...called, subjects: [] };
    },
  };

  /** The platform's operator-account rows (the same in both services), each measured through `call`. */
  function operatorAccountRows(): Record<string, () => Promise<Called>> {
    return Object.fromEntries(
      Object.entries(OPERATOR_ACCOUNT_ROWS).map(([operationId, row]) => [
        operationId,
        async (): Promise<Called> => {
          let measured: Omit<Called, 'subjects'> | undefined;
          const result = await row.run({
            app,
            bootstrap: operator.actor,
            send: async (key, method, path, options = {}) => {
              const made = await call({ key, actor: operator.actor }, method, path, options);
              measured = made.called;
              return made.body;
            },
          });
          return { ...measured!, caller: { key: '', actor: result.actor }, subjects: result.subjects };
        },
      ]),
    );
  }

  beforeAll(async () => {
    app = await startLeadDistribution({ env: { TRUSTED_PROXY_HOPS: '1', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    const made = await given(app).provider().product('접속기록 상담 DB');
    productId = made.product.id;
    const key = (
      await request(app.url)
        .post(`/api/v1/admin/providers/${made.provider.id}/api-keys`)
        .set('X-API-Key', OPERATOR_KEY)
        .send({})
        .expect(201)
    ).body as {
      id: string;
      apiKey: string;
    };
    provider = { key: key.apiKey, actor: { kind: 'provider-key', id: key.id } };
    // OPERATOR_API_KEYS outside production: the bootstrap, recorded under the key's own id.
    operator = { key: OPERATOR_KEY, actor: { kind: 'bootstrap', id: `env:${sha256Hex(OPERATOR_KEY).slice(0, 8)}` } };
  });
  afterAll(() => app?.close());

  it('has a row for every operation the document marks, and none for an operation it does not', () => {
    expect(tableGaps(document, TABLE)).toEqual({ missing: [], unknown: [] });
    expect(recordedOperations(document).length).toBeGreaterThanOrEqual(24);
  });

  it.each(recordedOperations(document).map((entry) => [entry.operationId, entry.action] as const))(
    '%s writes its %s record: actor, time, address, subjects, action with the operation',
    async (operationId, action) => {
      const row = TABLE[operationId];
      if (!row) throw new Error(`no row for ${operationId}`);
      const called = await row();
      const expected = { actor: called.caller.actor, address: called.address, operation: operationId };
      await expectAccessRecord(app, { ...expected, action, subjects: called.subjects, reason: called.reason ?? null }, called.window);
      for (const extra of called.also ?? []) await expectAccessRecord(app, { ...expected, ...extra }, called.window);
    },
  );
});
