import request from 'supertest';
import type { ApiKeyIssuedDto, PartnerDto } from '#contracts';
import type { LeadDistributionConfig } from '../../apps/lead-distribution/src/config/lead-distribution.config.js';
import { LEAD_DISTRIBUTION } from '../../apps/lead-distribution/src/service.js';
import { startTestApp, type TestApp, type TestAppOptions } from './test-app.js';

/** The bootstrap operator key every lead-distribution test app accepts (OPERATOR_API_KEYS). */
export const OPERATOR_KEY = 'op_test_0123456789abcdef0123456789abcdef';

/** The HMAC key of local upload URLs in test apps (what `prepare` generates when the service runs). */
export const TEST_FILE_UPLOAD_SECRET = 'test-file-upload-secret-0123456789abcdef';

export type LeadDistributionTestApp = TestApp<LeadDistributionConfig>;

export function startLeadDistribution(options: TestAppOptions = {}): Promise<LeadDistributionTestApp> {
  return startTestApp(LEAD_DISTRIBUTION, {
    ...options,
    env: { OPERATOR_API_KEYS: OPERATOR_KEY, FILE_UPLOAD_SECRET: TEST_FILE_UPLOAD_SECRET, ...options.env },
  });
}

/** Requests signed with an API key. */
export function withKey(app: LeadDistributionTestApp, apiKey: string) {
  const agent = request(app.url);
  return {
    get: (path: string) => agent.get(path).set('X-API-Key', apiKey),
    post: (path: string) => agent.post(path).set('X-API-Key', apiKey),
    put: (path: string) => agent.put(path).set('X-API-Key', apiKey),
    patch: (path: string) => agent.patch(path).set('X-API-Key', apiKey),
    delete: (path: string) => agent.delete(path).set('X-API-Key', apiKey),
  };
}

export const asOperator = (app: LeadDistributionTestApp) => withKey(app, OPERATOR_KEY);

/** Creates a partner through the operator API. */
export async function createPartner(app: LeadDistributionTestApp, name: string, parentId?: number): Promise<PartnerDto> {
  const response = await asOperator(app)
    .post('/api/v1/admin/partners')
    .send(parentId === undefined ? { name } : { name, parentId })
    .expect(201);
  return response.body as PartnerDto;
}

/** Issues a partner key through the operator API. */
export async function issuePartnerKey(app: LeadDistributionTestApp, partnerId: number): Promise<ApiKeyIssuedDto> {
  const response = await asOperator(app).post(`/api/v1/admin/partners/${partnerId}/api-keys`).send({}).expect(201);
  return response.body as ApiKeyIssuedDto;
}

/** A partner with a key of its own. */
export async function partnerWithKey(app: LeadDistributionTestApp, name: string, parentId?: number) {
  const partner = await createPartner(app, name, parentId);
  const key = await issuePartnerKey(app, partner.id);
  return { partner, apiKey: key.apiKey, keyId: key.id };
}
