import request from 'supertest';
import type { EvidenceMimeType, PresignedUploadDto } from '#contracts';
import type { LeadDistributionConfig } from '../../src/config/lead-distribution.config.js';
import { LEAD_DISTRIBUTION } from '../../src/service.js';
import { OPERATOR_KEY, startTestApp, withHeader, type TestApp, type TestAppOptions } from '../../../../test/support/test-app.js';

/** The bootstrap operator key every lead-distribution test app accepts (OPERATOR_API_KEYS). */
export { OPERATOR_KEY };

/** The HMAC key of local upload URLs in test apps (what `prepare` generates when the service runs). */
export const TEST_FILE_UPLOAD_SECRET = 'test-file-upload-secret-0123456789abcdef';

export type LeadDistributionTestApp = TestApp<LeadDistributionConfig>;

/**
 * Boots lead-distribution for a test file. The webhook worker is off (WEBHOOK_WORKER_CONCURRENCY=0)
 * unless the test turns it on, so that no test but those about delivery sends anything anywhere.
 */
export function startLeadDistribution(options: TestAppOptions = {}): Promise<LeadDistributionTestApp> {
  return startTestApp(LEAD_DISTRIBUTION, {
    ...options,
    env: { OPERATOR_API_KEYS: OPERATOR_KEY, FILE_UPLOAD_SECRET: TEST_FILE_UPLOAD_SECRET, WEBHOOK_WORKER_CONCURRENCY: '0', ...options.env },
  });
}

/** Requests signed with an API key. */
export const withKey = (app: LeadDistributionTestApp, apiKey: string) => withHeader(app, 'X-API-Key', apiKey);

export const asOperator = (app: LeadDistributionTestApp) => withKey(app, OPERATOR_KEY);

let phoneSequence = 10_000_000 + Math.floor(Math.random() * 80_000_000);

/** A distinct valid mobile number for each call (duplicate detection keys on the phone). */
export function nextPhone(): string {
  phoneSequence += 1;
  return `010${String(phoneSequence).padStart(8, '0')}`;
}

export function leadInput(productId: string, overrides: Record<string, unknown> = {}) {
  return {
    productId,
    name: '홍길동',
    phone: nextPhone(),
    email: 'hong@example.com',
    region: '서울',
    address: '서울특별시 강남구 테헤란로 123',
    birth_date: '850314',
    gender: 'M',
    memo: '오후 상담 희망',
    ...overrides,
  };
}

/** Registers a lead as operator and delivers it straight to `partnerId`; returns its id. */
export async function deliverLead(
  app: LeadDistributionTestApp,
  productId: string,
  partnerId: number,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await asOperator(app)
    .post('/api/v1/leads')
    .send(leadInput(productId, { partnerId, ...overrides }))
    .expect(201);
  return (response.body as { id: string }).id;
}

/**
 * Presigns a file with `apiKey` (a partner's evidence, or a provider's lead file) and PUTs the bytes
 * to its upload URL, unless `send` is false; returns the presign response.
 */
export async function uploadFile(
  app: LeadDistributionTestApp,
  apiKey: string,
  {
    send = true,
    mimeType = 'application/pdf',
    bytes = Buffer.from('%PDF-1.4 call log'),
    originalName = 'call-log.pdf',
  }: { send?: boolean; mimeType?: EvidenceMimeType; bytes?: Buffer; originalName?: string } = {},
): Promise<PresignedUploadDto> {
  const presigned = await withKey(app, apiKey)
    .post('/api/v1/files/presigned')
    .send({ originalName, mimeType, size: bytes.length })
    .expect(200);
  if (send) {
    const target = new URL(presigned.body.uploadUrl);
    await request(target.origin)
      .put(target.pathname + target.search)
      .set('Content-Type', mimeType)
      .send(bytes)
      .expect(204);
  }
  return presigned.body as PresignedUploadDto;
}
