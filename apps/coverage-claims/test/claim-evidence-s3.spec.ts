import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CreateBucketCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, NotFound, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { ClaimFileDto, ClaimHistoryRecordDto, ClaimPresignedUploadDto, ClaimReceiptDto, ProblemDto } from '#contracts';
import { startCoverageClaims, withToken, type CoverageClaimsTestApp } from './support/coverage-claims.js';
import { startS3PresignedChecks, type S3PresignedChecks } from '../../../test/support/s3-presigned-checks.js';
import { fixture, startReplica, waitForDelivery } from './support/claim-delivery.js';
import { transparentPng } from './support/hostile-evidence.js';
import { given } from './support/given.js';
import { claimBody } from './support/claim-body.js';

const BUCKET = 'claim-evidence';
// s3rver's built-in account.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const INSURER = { code: 'N03', fax: '05051811234' };

describe('claim evidence with the s3 storage driver: uploads bound to what was declared, claims carrying what was checked', () => {
  let s3Dir: string;
  let s3rver: S3rver;
  let checks: S3PresignedChecks;
  let s3: S3Client;
  let env: Record<string, string>;
  let app: CoverageClaimsTestApp;
  let faxing: CoverageClaimsTestApp | undefined;
  let planner: string;

  beforeAll(async () => {
    s3Dir = await mkdtemp(path.join(tmpdir(), 'cc-s3rver-'));
    s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
    const upstream = `http://127.0.0.1:${(await s3rver.run()).port}`;
    s3 = new S3Client({ region: 'us-east-1', endpoint: upstream, forcePathStyle: true, credentials: CREDENTIALS });
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    checks = await startS3PresignedChecks(upstream, CREDENTIALS.secretAccessKey);
    env = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: checks.endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      FAX_SANDBOX_MS_PER_PAGE: '1',
      CLAIM_DELIVERY_POLL_MS: '20',
      STORAGE_DELETION_POLL_MS: '20',
    };
    // This replica files claims but faxes none: a test lets another replica fax them when it chooses.
    app = await startCoverageClaims({ env: { ...env, CLAIM_DELIVERY_ENABLED: 'false' } });
    planner = await given(app).planner({ organisation: 'S3 에셋', name: '김설계' }).token();
    await given(app).insurerFax(INSURER.code, INSURER.fax);
  });
  afterAll(async () => {
    await faxing?.close();
    await app?.close();
    s3?.destroy();
    await checks?.close();
    await s3rver?.close();
    await rm(s3Dir, { recursive: true, force: true });
  });

  const presign = async (body: Record<string, unknown>) =>
    (await withToken(app, planner).post('/api/v1/files/presigned').send(body).expect(200)).body as ClaimPresignedUploadDto;
  const put = (presigned: ClaimPresignedUploadDto, bytes: Buffer, headers: Record<string, string> = presigned.uploadHeaders) =>
    fetch(presigned.uploadUrl, { method: 'PUT', headers, body: bytes });
  const inBucket = async (key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
      () => true,
      (error: unknown) => {
        if (error instanceof NotFound) return false;
        throw error;
      },
    );
  const errorCode = async (response: Response) => /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1];

  it('signs the declared size and type into the upload URL: S3 refuses a longer or shorter body, or another type', async () => {
    const bytes = randomBytes(1000);
    const presigned = await presign({ originalName: 'scan.pdf', mimeType: 'application/pdf', size: bytes.length });
    const signed = new URL(presigned.uploadUrl).searchParams.get('X-Amz-SignedHeaders')!.split(';');
    expect(signed).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));

    const longer = await put(presigned, randomBytes(5000));
    expect([longer.status, await errorCode(longer)]).toEqual([403, 'SignatureDoesNotMatch']);
    const shorter = await put(presigned, randomBytes(999));
    expect([shorter.status, await errorCode(shorter)]).toEqual([403, 'SignatureDoesNotMatch']);
    const otherType = await put(presigned, bytes, { 'content-type': 'image/png' });
    expect([otherType.status, await errorCode(otherType)]).toEqual([403, 'SignatureDoesNotMatch']);
    expect(await inBucket(presigned.key)).toBe(false);
    expect((await put(presigned, bytes)).status).toBe(200);
    expect(((await withToken(app, planner).get(`/api/v1/files/${presigned.fileId}`).expect(200)).body as ClaimFileDto).status).toBe(
      'UPLOADED',
    );
  });

  it('binds the upload to a declared SHA-256: uploadHeaders names it, S3 refuses other bytes (BadDigest) and a PUT without it', async () => {
    const bytes = randomBytes(2000);
    const sha256 = createHash('sha256').update(bytes).digest('base64');
    const presigned = await presign({ originalName: 'scan.pdf', mimeType: 'application/pdf', size: bytes.length, sha256 });
    expect(presigned.uploadHeaders).toEqual({ 'content-type': 'application/pdf', 'x-amz-checksum-sha256': sha256 });
    expect(new URL(presigned.uploadUrl).searchParams.get('X-Amz-SignedHeaders')!.split(';')).toContain('x-amz-checksum-sha256');
    const other = await put(presigned, randomBytes(2000));
    expect([other.status, await errorCode(other)]).toEqual([400, 'BadDigest']);
    const withoutDigest = await put(presigned, bytes, { 'content-type': 'application/pdf' });
    expect([withoutDigest.status, await errorCode(withoutDigest)]).toEqual([403, 'SignatureDoesNotMatch']);
    expect((await put(presigned, bytes)).status).toBe(200);
  });

  it('refuses an image over the pixel budget from the header of the frozen copy (an S3 range read)', async () => {
    const bomb = await transparentPng(8000, 8000);
    const presigned = await presign({ originalName: 'scan.png', mimeType: 'image/png', size: bomb.length });
    expect((await put(presigned, bomb)).status).toBe(200);
    const answer = await withToken(app, planner)
      .post('/api/v1/claim/requests')
      .send(claimBody(INSURER.code, { fileIds: [presigned.fileId] }))
      .expect(400);
    expect((answer.body as ProblemDto).errors).toEqual([{ field: 'fileIds.0', message: expect.stringMatching(/^is 8000 × 8000 pixels/) }]);
    // The copy checked is let go: its removal, queued before the copy was made, is due at once.
    const copies = async () =>
      ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'frozen/' }))).Contents ?? []).filter((object) =>
        object.Key!.endsWith(presigned.key),
      );
    for (let waited = 0; (await copies()).length > 0; waited += 50) {
      if (waited > 10_000) throw new Error('the frozen copy of a refused claim was not removed');
      await sleep(50);
    }
    expect(await inBucket(presigned.key)).toBe(true);
  });

  it('faxes and shows the bytes checked at filing, though the upload URL is used again afterwards; the customer’s deletion removes both objects', async () => {
    const photo = await fixture('claim-receipt-photo.jpg');
    const presigned = await presign({ originalName: '영수증.jpg', mimeType: 'image/jpeg', size: photo.length });
    expect((await put(presigned, photo)).status).toBe(200);
    const { claimReqId } = (
      await withToken(app, planner)
        .post('/api/v1/claim/requests')
        .send(claimBody(INSURER.code, { clientNm: '얼린고객', fileIds: [presigned.fileId] }))
        .expect(201)
    ).body as ClaimReceiptDto;

    // The URL is still valid: other bytes of the same size and type land on the uploaded key.
    const swapped = randomBytes(photo.length);
    expect((await put(presigned, swapped)).status).toBe(200);
    const original = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: presigned.key }));
    expect(Buffer.from(await original.Body!.transformToByteArray()).equals(swapped)).toBe(true);

    // Another replica faxes it now: from the frozen copy (the swapped bytes are no image: they would fail it).
    faxing = await startReplica(app, { env });
    expect(await waitForDelivery(faxing, claimReqId)).toMatchObject({ status: 'SENT', statusReason: null });
    const [record] = (await withToken(app, planner).post('/api/v1/claim/histories').send({ clientNm: '얼린고객' }).expect(200))
      .body as ClaimHistoryRecordDto[];
    const shown = await fetch(record!.files[0]!);
    expect(Buffer.from(await shown.arrayBuffer()).equals(photo)).toBe(true);
    const shownNow = (await withToken(app, planner).get(`/api/v1/files/${presigned.fileId}`).expect(200)).body as ClaimFileDto;
    expect(Buffer.from(await (await fetch(shownNow.downloadUrl!)).arrayBuffer()).equals(photo)).toBe(true);

    const [{ frozenKey, customerId }] = await app.dataSource.query<Array<{ frozenKey: string; customerId: string }>>(
      `SELECT f.frozen_key AS "frozenKey", c.customer_id AS "customerId"
         FROM stored_files f JOIN claim_files cf ON cf.file_id = f.id JOIN claims c ON c.id = cf.claim_id WHERE f.id = $1`,
      [presigned.fileId],
    );
    expect(frozenKey).toMatch(new RegExp(`^frozen/[0-9a-f-]{36}/${presigned.key}$`));
    // Its removal, queued before the copy, was taken back when the claim was filed.
    expect(await app.dataSource.query('SELECT 1 FROM storage_deletions WHERE key = $1', [frozenKey])).toEqual([]);
    expect([await inBucket(presigned.key), await inBucket(frozenKey)]).toEqual([true, true]);
    // Deleting the customer removes the claim and both objects, through the storage_deletions outbox.
    await withToken(app, planner).delete(`/api/v1/customers/${customerId}`).expect(204);
    const queued = async () => Number((await app.dataSource.query('SELECT count(*) AS n FROM storage_deletions'))[0].n);
    for (let waited = 0; (await queued()) > 0; waited += 50) {
      if (waited > 10_000) throw new Error('the queued removals were not worked off');
      await sleep(50);
    }
    expect([await inBucket(presigned.key), await inBucket(frozenKey)]).toEqual([false, false]);
  });
});
