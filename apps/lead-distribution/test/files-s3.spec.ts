import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { FILE_STORAGE, ProblemException, StoredFileStatus, type FileStorage } from '#platform';
import { FilesService } from '../src/files/files.service.js';
import { answerBeforeBody } from '../../../test/support/uploads.js';
import { asOperator, deliverLead, startLeadDistribution, withKey, type LeadDistributionTestApp } from './support/lead-distribution.js';
import { given } from './support/given.js';

const BUCKET = 'evidence';
// s3rver's built-in account.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

interface Presigned {
  fileId: string;
  uploadUrl: string;
  key: string;
  cdnUrl: string;
  expiresIn: number;
}

function put(url: string, bytes: Buffer, contentType: string): Promise<Response> {
  return fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
}

async function problemOf(promise: Promise<unknown>): Promise<ProblemException> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ProblemException)) throw new Error(`expected a ProblemException, got ${String(error)}`);
  return error;
}

describe('AS evidence files with the s3 storage driver (S3-compatible server on loopback)', () => {
  let s3Dir: string;
  let dataDir: string;
  let s3rver: S3rver;
  let endpoint: string;
  let s3: S3Client;
  let app: LeadDistributionTestApp;
  let files: FilesService;
  let partner: { partnerId: number; apiKey: string };

  beforeAll(async () => {
    s3Dir = await mkdtemp(path.join(tmpdir(), 'ld-s3rver-'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'ld-files-s3-'));
    s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
    endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
    s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));

    app = await startLeadDistribution({
      env: {
        DATA_DIR: dataDir,
        STORAGE_DRIVER: 's3',
        S3_BUCKET: BUCKET,
        S3_REGION: 'us-east-1',
        S3_ENDPOINT: endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
        CDN_BASE_URL: 'https://cdn.test.example',
      },
    });
    files = app.app.get(FilesService);
    const created = await given(app).partner('S3 Agency').key();
    partner = { partnerId: created.partner.id, apiKey: created.apiKey };
  });
  afterAll(async () => {
    await app?.close();
    s3?.destroy();
    await s3rver?.close();
    await rm(s3Dir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  async function presign(mimeType: string, size: number): Promise<Presigned> {
    const response = await withKey(app, partner.apiKey)
      .post('/api/v1/files/presigned')
      .send({ originalName: 'evidence', mimeType, size })
      .expect(200);
    return response.body as Presigned;
  }

  it('presigns an S3 PUT, the bytes go straight to S3, and requireUploadedFiles confirms them with HeadObject', async () => {
    const bytes = randomBytes(5000);
    const presigned = await presign('audio/mpeg', bytes.length);

    const url = new URL(presigned.uploadUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${endpoint}/${BUCKET}/${presigned.key}`);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    );
    expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);
    // AS evidence has no permanent URL: an S3 presigned GET of the key, not CDN_BASE_URL + key.
    const evidenceLink = new URL(presigned.cdnUrl);
    expect(`${evidenceLink.origin}${evidenceLink.pathname}`).toBe(`${endpoint}/${BUCKET}/${presigned.key}`);
    expect(evidenceLink.searchParams.get('X-Amz-Expires')).toBe('600');

    expect((await put(presigned.uploadUrl, bytes, 'audio/mpeg')).status).toBe(200);
    const stored = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: presigned.key }));
    expect(Buffer.from(await stored.Body!.transformToByteArray())).toEqual(bytes);

    const [file] = await files.requireUploadedFiles(partner.partnerId, [presigned.fileId]);
    expect(file).toMatchObject({ id: presigned.fileId, status: StoredFileStatus.Uploaded, uploadedAt: expect.any(Date) });
    const row = await app.dataSource.query<{ status: string }[]>('SELECT status FROM stored_files WHERE id = $1', [presigned.fileId]);
    expect(row[0]!.status).toBe(StoredFileStatus.Uploaded);
  });

  it('gives a presigned S3 GET of the stored bytes as a download URL (the platform driver a claim history uses)', async () => {
    const bytes = randomBytes(3000);
    const presigned = await presign('application/pdf', bytes.length);
    expect((await put(presigned.uploadUrl, bytes, 'application/pdf')).status).toBe(200);
    const storage = app.app.get<FileStorage>(FILE_STORAGE);
    const url = await storage.createDownloadUrl(
      { id: presigned.fileId, key: presigned.key, mimeType: 'application/pdf' },
      new Date(Date.now() + 600_000),
    );
    expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('600');
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect([fetched.headers.get('content-type'), fetched.headers.get('content-disposition'), fetched.headers.get('cache-control')]).toEqual(
      ['application/pdf', 'attachment', 'no-store'],
    );
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);
  });

  it('shows operators an AS request’s evidence through presigned S3 GETs; the local download route is not there (404)', async () => {
    const { product } = await given(app).provider().product('S3 AS 상품');
    const leadId = await deliverLead(app, product.id, partner.partnerId);
    const bytes = randomBytes(2000);
    const presigned = await presign('image/png', bytes.length);
    expect((await put(presigned.uploadUrl, bytes, 'image/png')).status).toBe(200);
    const created = await withKey(app, partner.apiKey)
      .post('/api/v1/lead-as')
      .send({ leadId, reasonCode: 'WRONG_NUMBER', storedFileIds: [presigned.fileId] })
      .expect(200);

    const shown = await asOperator(app).get(`/api/v1/admin/lead-as/${created.body.id}`).expect(200);
    const [file] = shown.body.files;
    const url = new URL(file.downloadUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${endpoint}/${BUCKET}/${presigned.key}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(Date.parse(file.downloadUrlExpiresAt)).toBeGreaterThan(Date.now() + 590_000);
    const fetched = await fetch(file.downloadUrl);
    expect([fetched.status, fetched.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(bytes);

    const local = await fetch(`${app.url}/api/v1/files/download/${presigned.fileId}?expires=9999999999&signature=${'0'.repeat(64)}`);
    expect(local.status).toBe(404);
  });

  it('refuses a file whose upload had another size: S3 refuses the PUT or HeadObject shows the difference', async () => {
    const presigned = await presign('image/png', 1000);
    const upload = await put(presigned.uploadUrl, randomBytes(900), 'image/png');
    // Real S3 refuses the PUT (Content-Length is signed); s3rver does not check SigV4 signatures and stores it.
    const problem = await problemOf(files.requireUploadedFiles(partner.partnerId, [presigned.fileId]));
    expect(problem.code).toBe('FILE_NOT_USABLE');
    expect(problem.errors).toEqual([
      {
        field: 'storedFileIds.0',
        message: upload.ok ? 'the uploaded file is 900 bytes, not the declared 1000' : expect.stringMatching(/^has not been uploaded/),
      },
    ]);
  });

  it('refuses a file uploaded with another Content-Type', async () => {
    const presigned = await presign('image/png', 100);
    const upload = await put(presigned.uploadUrl, randomBytes(100), 'image/jpeg');
    const problem = await problemOf(files.requireUploadedFiles(partner.partnerId, [presigned.fileId]));
    expect(problem.errors).toEqual([
      {
        field: 'storedFileIds.0',
        message: upload.ok
          ? 'the uploaded file has Content-Type image/jpeg, not the declared image/png'
          : expect.stringMatching(/^has not been uploaded/),
      },
    ]);
  });

  it('refuses a file that was presigned but never uploaded', async () => {
    const presigned = await presign('application/pdf', 10);
    const problem = await problemOf(files.requireUploadedFiles(partner.partnerId, [presigned.fileId]));
    expect(problem.errors).toEqual([{ field: 'storedFileIds.0', message: expect.stringMatching(/^has not been uploaded/) }]);
  });

  it('has no upload route of its own: the service never takes the bytes', async () => {
    const presigned = await presign('image/png', 4);
    const response = await put(
      `${app.url}/api/v1/files/upload/${presigned.fileId}?expires=9999999999&signature=${'0'.repeat(64)}`,
      randomBytes(4),
      'image/png',
    );
    expect(response.status).toBe(404);
    // Answered before a body is read: 10 MiB declared, 64 KiB sent, the 404 comes.
    const held = await answerBeforeBody(`${app.url}/api/v1/files/upload/${presigned.fileId}`, 10 * 1024 * 1024, 'image/png');
    expect(held.status).toBe(404);
  });
});
