import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import {
  MAX_EVIDENCE_FILE_BYTES,
  UserRole,
  type ClaimFileDto,
  type OrganisationWithSecretDto,
  type ClaimPresignedUploadDto,
} from '#contracts';
import { uploadSignature } from '#platform';
import { startCoverageClaims, withToken, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { given } from './support/given.js';
import { answerBeforeBody } from '../../../test/support/uploads.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function put(url: string, bytes: Buffer, contentType: string): Promise<Response> {
  return fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
}

describe('claim evidence files', () => {
  let app: CoverageClaimsTestApp;
  let organisation: OrganisationWithSecretDto;
  let planner: string;
  let colleague: string;
  let admin: string;
  let stranger: string;

  beforeAll(async () => {
    app = await startCoverageClaims();
    organisation = await given(app).organisation('증빙 에셋');
    planner = await given(app).planner({ organisation }).token();
    colleague = await given(app).planner({ organisation }).token();
    admin = await given(app).planner({ organisation, role: UserRole.OrgAdmin }).token();
    stranger = await given(app).planner({ organisation: '다른 에셋' }).token();
  });
  afterAll(() => app.close());

  const presign = async (body: Record<string, unknown>, token = planner) =>
    (await withToken(app, token).post('/api/v1/files/presigned').send(body).expect(200)).body as ClaimPresignedUploadDto;
  const getFile = (fileId: string, token = planner) => withToken(app, token).get(`/api/v1/files/${fileId}`);

  it('presigns under the organisation, takes the PUT of the declared bytes, keeps them on disk, and shows the file UPLOADED', async () => {
    const bytes = randomBytes(2345);
    const started = new Date();
    const presigned = await presign({ originalName: '../진료비 영수증.pdf', mimeType: 'application/pdf', size: bytes.length });
    const month = String(started.getUTCMonth() + 1).padStart(2, '0');
    expect(presigned.fileId).toMatch(UUID_V7);
    expect(presigned.key).toBe(`claim-evidence/${organisation.id}/${started.getUTCFullYear()}/${month}/${presigned.fileId}.pdf`);
    expect(presigned).not.toHaveProperty('cdnUrl');
    expect(presigned.uploadHeaders).toEqual({ 'content-type': 'application/pdf' });
    expect(presigned.expiresIn).toBe(600);
    const uploadUrl = new URL(presigned.uploadUrl);
    expect(`${uploadUrl.origin}${uploadUrl.pathname}`).toBe(`${app.url}/api/v1/files/upload/${presigned.fileId}`);

    expect((await getFile(presigned.fileId).expect(200)).body as ClaimFileDto).toMatchObject({
      status: 'PENDING',
      downloadUrl: null,
      downloadUrlExpiresAt: null,
    });
    expect((await put(presigned.uploadUrl, bytes, 'application/pdf')).status).toBe(204);
    expect(await readFile(path.join(app.config.DATA_DIR, 'coverage-claims', 'files', presigned.key))).toEqual(bytes);
    const shown = (await getFile(presigned.fileId).expect(200)).body as ClaimFileDto;
    expect(shown).toEqual({
      fileId: presigned.fileId,
      originalName: '../진료비 영수증.pdf',
      mimeType: 'application/pdf',
      size: 2345,
      status: 'UPLOADED',
      downloadUrl: expect.stringMatching(
        new RegExp(`^${app.url}/api/v1/files/download/${presigned.fileId}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
      ),
      downloadUrlExpiresAt: expect.any(String),
      createdAt: expect.any(String),
      uploadedAt: expect.any(String),
    });
    // The only way to the bytes is a signed URL that expires in ten minutes.
    const expiresAt = Date.parse(shown.downloadUrlExpiresAt!);
    expect(expiresAt - Date.now()).toBeGreaterThan(590_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(600_000);
    expect(Number(new URL(shown.downloadUrl!).searchParams.get('expires'))).toBe(Math.floor(expiresAt / 1000));
    const downloaded = await fetch(shown.downloadUrl!);
    expect(downloaded.status).toBe(200);
    expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(bytes);

    const again = await put(presigned.uploadUrl, bytes, 'application/pdf');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('FILE_ALREADY_UPLOADED');
  });

  it('binds the upload to a declared SHA-256: other bytes of the same size are 400 UPLOAD_CHECKSUM_MISMATCH', async () => {
    const bytes = randomBytes(3000);
    const sha256 = createHash('sha256').update(bytes).digest('base64');
    const presigned = await presign({ originalName: 'scan.pdf', mimeType: 'application/pdf', size: bytes.length, sha256 });
    // The local driver hashes the body itself: only Content-Type is to be sent.
    expect(presigned.uploadHeaders).toEqual({ 'content-type': 'application/pdf' });
    const other = await put(presigned.uploadUrl, randomBytes(3000), 'application/pdf');
    expect(other.status).toBe(400);
    expect(((await other.json()) as { code: string }).code).toBe('UPLOAD_CHECKSUM_MISMATCH');
    expect(((await getFile(presigned.fileId).expect(200)).body as ClaimFileDto).status).toBe('PENDING');
    expect((await put(presigned.uploadUrl, bytes, 'application/pdf')).status).toBe(204);
    const malformed = await withToken(app, planner)
      .post('/api/v1/files/presigned')
      .send({ originalName: 'a.pdf', mimeType: 'application/pdf', size: 10, sha256: 'not-a-digest' })
      .expect(400);
    expect((malformed.body as { errors: Array<{ field: string }> }).errors.map((error) => error.field)).toEqual(['sha256']);
  });

  it('refuses an upload of another type (415) or size (400), and leaves the file PENDING', async () => {
    const presigned = await presign({ originalName: 'photo.png', mimeType: 'image/png', size: 100 });
    const wrongType = await put(presigned.uploadUrl, randomBytes(100), 'image/jpeg');
    expect(wrongType.status).toBe(415);
    expect(((await wrongType.json()) as { code: string }).code).toBe('UPLOAD_CONTENT_TYPE_MISMATCH');
    const wrongSize = await put(presigned.uploadUrl, randomBytes(99), 'image/png');
    expect(wrongSize.status).toBe(400);
    expect(((await wrongSize.json()) as { code: string }).code).toBe('UPLOAD_SIZE_MISMATCH');
    const notEvidence = await put(presigned.uploadUrl, randomBytes(100), 'text/html');
    expect(notEvidence.status).toBe(415);
    expect((await getFile(presigned.fileId).expect(200)).body as ClaimFileDto).toMatchObject({
      status: 'PENDING',
      downloadUrl: null,
      downloadUrlExpiresAt: null,
    });
  });

  it('refuses an upload URL not signed for the file, or expired, with 403', async () => {
    const presigned = await presign({ originalName: 'a.png', mimeType: 'image/png', size: 10 });
    const url = new URL(presigned.uploadUrl);
    url.searchParams.set('signature', 'f'.repeat(64));
    const forged = await put(url.toString(), randomBytes(10), 'image/png');
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe('UPLOAD_SIGNATURE_INVALID');

    const past = Math.floor(Date.now() / 1000) - 1;
    url.searchParams.set('expires', String(past));
    url.searchParams.set('signature', uploadSignature(app.config.FILE_UPLOAD_SECRET!, presigned.fileId, past));
    const expired = await put(url.toString(), randomBytes(10), 'image/png');
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { code: string }).code).toBe('UPLOAD_URL_EXPIRED');
  });

  it('refuses a forged or expired URL on a 10 MiB upload before reading its body', async () => {
    const presigned = await presign({ originalName: 'scan.pdf', mimeType: 'application/pdf', size: MAX_EVIDENCE_FILE_BYTES });
    const url = new URL(presigned.uploadUrl);
    url.searchParams.set('signature', 'f'.repeat(64));
    const forged = await answerBeforeBody(url.toString(), MAX_EVIDENCE_FILE_BYTES, 'application/pdf');
    expect([forged.status, (JSON.parse(forged.body) as { code: string }).code]).toEqual([403, 'UPLOAD_SIGNATURE_INVALID']);

    const past = Math.floor(Date.now() / 1000) - 1;
    url.searchParams.set('expires', String(past));
    url.searchParams.set('signature', uploadSignature(app.config.FILE_UPLOAD_SECRET!, presigned.fileId, past));
    const expired = await answerBeforeBody(url.toString(), MAX_EVIDENCE_FILE_BYTES, 'application/pdf');
    expect([expired.status, (JSON.parse(expired.body) as { code: string }).code]).toEqual([403, 'UPLOAD_URL_EXPIRED']);
  });

  it.each([
    ['a type outside the list', { originalName: 'a.gif', mimeType: 'image/gif', size: 10 }, 'mimeType'],
    ['more than 10 MiB', { originalName: 'a.pdf', mimeType: 'application/pdf', size: MAX_EVIDENCE_FILE_BYTES + 1 }, 'size'],
    ['an empty file', { originalName: 'a.pdf', mimeType: 'application/pdf', size: 0 }, 'size'],
    ['no name', { originalName: ' ', mimeType: 'application/pdf', size: 10 }, 'originalName'],
    [
      'a partnerId (not a field of this service)',
      { originalName: 'a.pdf', mimeType: 'application/pdf', size: 10, partnerId: 1 },
      'partnerId',
    ],
  ])('refuses to presign %s with a 400 naming the field', async (_case, body, field) => {
    const response = await withToken(app, planner).post('/api/v1/files/presigned').send(body).expect(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.errors.map((error: { field: string }) => error.field)).toEqual([field]);
  });

  it("shows a planner's file to them and their organisation's admin; another planner and another organisation get 404", async () => {
    const { fileId } = await presign({ originalName: 'scan.jpg', mimeType: 'image/jpeg', size: 10 });
    await getFile(fileId, planner).expect(200);
    await getFile(fileId, admin).expect(200);
    expect((await getFile(fileId, colleague).expect(404)).body.code).toBe('FILE_NOT_FOUND');
    expect((await getFile(fileId, stranger).expect(404)).body.code).toBe('FILE_NOT_FOUND');
    expect((await getFile('01a20000-0000-7000-8000-000000000000').expect(404)).body.code).toBe('FILE_NOT_FOUND');
    expect((await getFile('not-a-uuid').expect(400)).body.errors).toEqual([{ field: 'fileId', message: 'must be a UUID' }]);
  });

  it('answers a repeated presign with the same Idempotency-Key with the first file', async () => {
    const body = { originalName: 'a.pdf', mimeType: 'application/pdf', size: 10 };
    const first = await withToken(app, planner).post('/api/v1/files/presigned').set('Idempotency-Key', 'presign-1').send(body).expect(200);
    const again = await withToken(app, planner).post('/api/v1/files/presigned').set('Idempotency-Key', 'presign-1').send(body).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.fileId).toBe(first.body.fileId);
  });

  it('needs a signed-in planner to presign or read a file', async () => {
    const body = { originalName: 'a.pdf', mimeType: 'application/pdf', size: 10 };
    expect((await request(app.url).post('/api/v1/files/presigned').send(body).expect(401)).body.code).toBe('TOKEN_MISSING');
    expect((await request(app.url).get('/api/v1/files/01a20000-0000-7000-8000-000000000000').expect(401)).body.code).toBe('TOKEN_MISSING');
  });
});
