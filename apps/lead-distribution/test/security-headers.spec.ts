import type { Response } from 'supertest';
import type {
  ApiKeyIssuedDto,
  AsCreatedDto,
  LeadCreated,
  OrderDto,
  PartnerDto,
  ProductDto,
  ProviderDto,
  WebhookEndpointCreatedDto,
  WebhookTestEventSentDto,
} from '#contracts';
import type { Credential } from '../../../test/support/hostile-sweep.js';
import { readOpenApiDocument, type Schema } from '../../../test/support/openapi-document.js';
import {
  OPERATOR_KEY,
  asOperator,
  leadInput,
  startLeadDistribution,
  withKey,
  type LeadDistributionTestApp,
} from './support/lead-distribution.js';
import { HeaderAudit, auditAnswersOfNoOperation, auditBaselines } from '../../../test/support/security-headers.js';
import { checkOperatorOperations } from '../../../test/support/operators.js';

/**
 * Security headers on every kind of answer of every operation of openapi/lead-distribution.json, and
 * `Cache-Control: no-store` on every answer of the operations the document marks `x-no-store`
 * (personal data or credentials), each of them seen succeeding. A new operation is covered without
 * touching the test; a new x-no-store operation needs a valid request below if its baseline fails.
 */
describe('security headers and no-store on every operation of openapi/lead-distribution.json', () => {
  let app: LeadDistributionTestApp;

  beforeAll(async () => {
    // Webhook endpoints on loopback (nothing listens there; the worker, off, sends nothing).
    app = await startLeadDistribution({ env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_WORKER_CONCURRENCY: '0' } });
  });
  afterAll(() => app.close());

  it('sends nosniff, the CSP, DENY and no-referrer on every answer, and no-store on every answer of an x-no-store operation', async () => {
    const document = await readOpenApiDocument('openapi/lead-distribution.json');
    const audit = new HeaderAudit(document);
    const check = (operation: string, response: Response) =>
      audit.check(`${operation} (valid request)`, operation, response.status, response.headers);
    const operator = asOperator(app);

    // Valid requests, through an operator's set-up, a provider's lead and a partner's day.
    const partner = (await operator.post('/api/v1/admin/partners').send({ name: '헤더 보험대리점' }).expect(201)).body as PartnerDto;
    const issued = await operator.post(`/api/v1/admin/partners/${partner.id}/api-keys`).send({ name: 'crm' });
    check('POST /api/v1/admin/partners/{id}/api-keys', issued);
    const partnerKey = (issued.body as ApiKeyIssuedDto).apiKey;
    const spareKey = (await operator.post(`/api/v1/admin/partners/${partner.id}/api-keys`).send({ name: 'spare' }).expect(201))
      .body as ApiKeyIssuedDto;
    const provider = (await operator.post('/api/v1/admin/providers').send({ name: '헤더 공급사' }).expect(201)).body as ProviderDto;
    const providerIssued = await operator.post(`/api/v1/admin/providers/${provider.id}/api-keys`).send({});
    check('POST /api/v1/admin/providers/{id}/api-keys', providerIssued);
    const providerKey = (providerIssued.body as ApiKeyIssuedDto).apiKey;
    const product = (await operator.post('/api/v1/admin/products').send({ name: '헤더 상담 DB', providerId: provider.id }).expect(201))
      .body as ProductDto;

    const asPartner = withKey(app, partnerKey);
    const ordered = await asPartner.post('/api/v1/orders').send({
      productId: product.id,
      ordererName: '김담당',
      ordererContact: '010-1234-5678',
      regionQuantities: [{ region: '서울', quantity: 2 }],
    });
    check('POST /api/v1/orders', ordered);
    const order = ordered.body as OrderDto;
    check('GET /api/v1/orders', await asPartner.get('/api/v1/orders'));
    check('GET /api/v1/orders/{id}', await asPartner.get(`/api/v1/orders/${order.id}`));
    const registered = async () => {
      const response = await withKey(app, providerKey)
        .post('/api/v1/leads')
        .send(leadInput(product.id, { region: '서울' }));
      check('POST /api/v1/leads', response);
      return (response.body as LeadCreated).id;
    };
    const [leadId, returnedLeadId] = [await registered(), await registered()];
    check('GET /api/v1/leads', await asPartner.get('/api/v1/leads'));
    check('GET /api/v1/leads/{id}', await asPartner.get(`/api/v1/leads/${leadId}`));
    check('POST /api/v1/leads/contacts', await asPartner.post('/api/v1/leads/contacts').send({ leadIds: [leadId] }));
    check('POST /api/v1/leads/{id}/use', await asPartner.post(`/api/v1/leads/${leadId}/use`).send({}));
    check('GET /api/v1/leads/distributed', await asPartner.get('/api/v1/leads/distributed'));

    const filed = await asPartner.post('/api/v1/lead-as').send({ leadId: returnedLeadId, reasonCode: 'DUPLICATE' });
    check('POST /api/v1/lead-as', filed);
    const asId = (filed.body as AsCreatedDto).id;
    check('GET /api/v1/lead-as', await asPartner.get('/api/v1/lead-as'));
    check('GET /api/v1/lead-as/{id}', await asPartner.get(`/api/v1/lead-as/${asId}`));
    check('GET /api/v1/admin/lead-as', await operator.get('/api/v1/admin/lead-as').query({ partnerId: partner.id }));
    check(
      'POST /api/v1/admin/lead-as/{id}/review',
      await operator.post(`/api/v1/admin/lead-as/${asId}/review`).send({ decision: 'APPROVE' }),
    );

    const cancellable = (
      await asPartner
        .post('/api/v1/orders')
        .send({
          productId: product.id,
          ordererName: '김담당',
          ordererContact: '010-1234-5678',
          regionQuantities: [{ region: '부산', quantity: 1 }],
        })
        .expect(201)
    ).body as OrderDto;
    check('POST /api/v1/orders/{id}/cancel', await asPartner.post(`/api/v1/orders/${cancellable.id}/cancel`).send({}));
    check(
      'POST /api/v1/files/presigned',
      await asPartner.post('/api/v1/files/presigned').send({ originalName: 'call-log.pdf', mimeType: 'application/pdf', size: 10 }),
    );

    const webhookEndpoint = await asPartner
      .post('/api/v1/webhooks/endpoints')
      .send({ url: 'http://127.0.0.1:9/hooks', eventTypes: ['lead.assigned'] });
    check('POST /api/v1/webhooks/endpoints', webhookEndpoint);
    const endpointId = (webhookEndpoint.body as WebhookEndpointCreatedDto).id;
    check(
      'POST /api/v1/webhooks/endpoints/{endpointId}/rotate-secret',
      await asPartner.post(`/api/v1/webhooks/endpoints/${endpointId}/rotate-secret`).send({}),
    );
    const deliveryId = (
      (await asPartner.post(`/api/v1/webhooks/endpoints/${endpointId}/test`).send({}).expect(202)).body as WebhookTestEventSentDto
    ).deliveryId;
    check('GET /api/v1/webhooks/deliveries/{deliveryId}', await asPartner.get(`/api/v1/webhooks/deliveries/${deliveryId}`));

    // Every operation's baseline, with each key and with none (401 problems): path parameters name
    // the resources made above; deletions (the spare key's revocation) run last.
    const ids: Record<string, string> = {
      'GET /api/v1/admin/partners/{id}': String(partner.id),
      'POST /api/v1/admin/partners/{id}/api-keys': String(partner.id),
      'GET /api/v1/admin/partners/{id}/api-keys': String(partner.id),
      'DELETE /api/v1/admin/api-keys/{keyId}': spareKey.id,
      'POST /api/v1/admin/providers/{id}/api-keys': provider.id,
      'GET /api/v1/products/{productId}/as-policy': product.id,
      'PUT /api/v1/admin/products/{id}/as-policy': product.id,
      'GET /api/v1/leads/{id}': leadId,
      'POST /api/v1/leads/{id}/use': leadId,
      'GET /api/v1/lead-as/{id}': asId,
      'POST /api/v1/lead-as/{id}/cancel': asId,
      'GET /api/v1/admin/lead-as/{id}': asId,
      'POST /api/v1/admin/lead-as/{id}/review': asId,
      'GET /api/v1/orders/{id}': order.id,
      'POST /api/v1/orders/{id}/cancel': order.id,
      ...Object.fromEntries(
        ['GET {}', 'PATCH {}', 'DELETE {}', 'POST {}/rotate-secret', 'POST {}/test', 'GET {}/deliveries', 'POST {}/recover'].map(
          (route) => [route.replace('{}', '/api/v1/webhooks/endpoints/{endpointId}'), endpointId],
        ),
      ),
      'GET /api/v1/webhooks/deliveries/{deliveryId}': deliveryId,
      'POST /api/v1/webhooks/deliveries/{deliveryId}/resend': deliveryId,
    };
    const apiKey = (name: string, key: string): Credential => ({ name, headers: { 'x-api-key': key } });
    await auditBaselines(
      app.url,
      document,
      audit,
      { ApiKey: [apiKey('partner key', partnerKey), apiKey('provider key', providerKey), apiKey('operator key', OPERATOR_KEY)] },
      { pathValue: (_name: string, _schema: Schema, operation: string) => ids[operation] },
    );
    await checkOperatorOperations(app, check);
    await auditAnswersOfNoOperation(app.url, audit);

    expect(audit.failures).toEqual([]);
    expect(audit.operations.filter((operation) => !audit.statuses.has(operation))).toEqual([]);
    expect(audit.noStoreWithoutSuccess()).toEqual([]);
    const statuses = [...audit.statuses.values()].flatMap((seen) => [...seen]);
    expect(new Set(statuses.map((status) => Math.floor(status / 100)))).toEqual(new Set([2, 4]));
    expect([...audit.kinds].sort()).toEqual([
      'docs asset',
      'docs page',
      'document',
      'health',
      'path not decodable',
      'route not found',
      'unparseable request',
    ]);
    expect(audit.noStore.size).toBeGreaterThanOrEqual(15);
  }, 120_000);
});
