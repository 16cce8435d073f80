import { randomInt } from 'node:crypto';
import type { components } from '../../src/api/generated/lead-distribution.js';
import { ok } from './api.js';
import type { ConsoleFixture } from './fixture.js';

type Schemas = components['schemas'];
type LeadDistribution = ConsoleFixture<'lead-distribution'>;

let phone = 10_000_000 + randomInt(80_000_000);

/** A mobile number no other lead of the run has (duplicates are detected by phone). */
export function nextPhone(): string {
  phone += 1;
  return `010${String(phone).padStart(8, '0')}`;
}

/** A lead of `productId` as a provider registers it. */
export function leadInput(productId: string, overrides: Partial<Schemas['CreateLeadV1Request']> = {}): Schemas['CreateLeadV1Request'] {
  return { productId, name: '홍길동', phone: nextPhone(), region: '서울', birth_date: '850314', gender: 'M', ...overrides };
}

/** A provider (named `name`), its product `productName`, and the provider's key that registers the product's leads. */
export async function givenProduct(app: LeadDistribution, productName: string, name = `공급사 ${productName}`) {
  const provider = await ok(app.api().POST('/api/v1/admin/providers', { body: { name } }));
  const product = await ok(
    app.api().POST('/api/v1/admin/products', { body: { name: productName, providerId: provider.id, asWindowDays: 7, active: true } }),
  );
  const key = await ok(app.api().POST('/api/v1/admin/providers/{id}/api-keys', { params: { path: { id: provider.id } }, body: {} }));
  return { provider, product, providerKey: key.apiKey };
}

/** A partner at the top of its organisation, and its key. */
export async function givenPartner(app: LeadDistribution, name: string) {
  const partner = await ok(app.api().POST('/api/v1/admin/partners', { body: { name } }));
  const key = await ok(app.api().POST('/api/v1/admin/partners/{id}/api-keys', { params: { path: { id: partner.id } }, body: {} }));
  return { partner, apiKey: key.apiKey };
}

/** Presigns `bytes` with the partner's key and PUTs them to the upload URL; the stored file's id. */
export async function uploadEvidence(
  app: LeadDistribution,
  apiKey: string,
  { bytes, mimeType, originalName }: { bytes: Buffer; mimeType: Schemas['EvidenceMimeType']; originalName: string },
): Promise<string> {
  const presigned = await ok(app.api(apiKey).POST('/api/v1/files/presigned', { body: { originalName, mimeType, size: bytes.length } }));
  const put = await fetch(presigned.uploadUrl, { method: 'PUT', headers: { 'content-type': mimeType }, body: new Uint8Array(bytes) });
  if (put.status !== 204) throw new Error(`the upload answered ${put.status}`);
  return presigned.fileId;
}
