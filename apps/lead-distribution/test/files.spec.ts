import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ConfigError, loadConfig, ProblemException, StoredFileStatus, uploadSignature } from '#platform';
import { LeadDistributionConfig } from '../src/config/lead-distribution.config.js';
import { StoredFile } from '../src/files/entities/stored-file.entity.js';
import { FilesService } from '../src/files/files.service.js';
import { LEAD_DISTRIBUTION } from '../src/service.js';
import { answerBeforeBody } from '../../../test/support/uploads.js';
import {
  asOperator,
  startLeadDistribution,
  TEST_FILE_UPLOAD_SECRET,
  withKey,
  type LeadDistributionTestApp,
} from './support/lead-distribution.js';
import { given } from './support/given.js';

const CDN_BASE_URL = 'https://cdn.test.example/evidence/';
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TEN_MIB = 10 * 1024 * 1024;

interface Presigned {
  fileId: string;
  uploadUrl: string;
  key: string;
  cdnUrl: string;
  expiresIn: number;
}

/** Real HTTP PUT of real bytes to the URL exactly as the service handed it out. */
function put(url: string, bytes: Buffer, contentType: string): Promise<Response> {
  return fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: bytes });
}

/** The upload URL of a file with the given query, signed or not. */
function uploadUrlWith(presigned: Presigned, expires: number, signature: string): string {
  const url = new URL(presigned.uploadUrl);
  url.search = new URLSearchParams({ expires: String(expires), signature }).toString();
  return url.toString();
}

async function problemOf(promise: Promise<unknown>): Promise<ProblemException> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof ProblemException)) throw new Error(`expected a ProblemException, got ${String(error)}`);
  return error;
}

describe('AS evidence files with the local storage driver', () => {
  let app: LeadDistributionTestApp;
  let dataDir: string;
  let files: FilesService;
  let agency: { partnerId: number; apiKey: string };
  let rival: { partnerId: number; apiKey: string };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ld-files-'));
    app = await startLeadDistribution({ env: { DATA_DIR: dataDir, CDN_BASE_URL } });
    files = app.app.get(FilesService);
    const a = await given(app).partner('Evidence Agency').key();
    const b = await given(app).partner('Rival Agency').key();
    agency = { partnerId: a.partner.id, apiKey: a.apiKey };
    rival = { partnerId: b.partner.id, apiKey: b.apiKey };
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function presign(body: Record<string, unknown>, apiKey = agency.apiKey): Promise<Presigned> {
    const response = await withKey(app, apiKey).post('/api/v1/files/presigned').send(body).expect(200);
    return response.body as Presigned;
  }

  const pngOf = (size: number) => presign({ originalName: 'photo.png', mimeType: 'image/png', size });

  describe('the complete sequence', () => {
    it('presigns, takes the PUT of the declared bytes, keeps them on disk, and requireUploadedFiles accepts the file', async () => {
      const bytes = randomBytes(4321);
      const started = new Date();
      const presigned = await presign({ originalName: '../../통화 녹음.m4a', mimeType: 'audio/x-m4a', size: bytes.length });

      const month = String(started.getUTCMonth() + 1).padStart(2, '0');
      expect(presigned.fileId).toMatch(UUID_V7);
      expect(presigned.key).toBe(`as-evidence/${agency.partnerId}/${started.getUTCFullYear()}/${month}/${presigned.fileId}.m4a`);
      // AS evidence has no permanent URL: cdnUrl is a signed download URL that expires.
      expect(presigned.cdnUrl).toMatch(
        new RegExp(`^${app.url}/api/v1/files/download/${presigned.fileId}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
      );
      expect(presigned.cdnUrl).not.toContain('cdn.test.example');
      expect(presigned.expiresIn).toBe(600);
      const uploadUrl = new URL(presigned.uploadUrl);
      expect(`${uploadUrl.origin}${uploadUrl.pathname}`).toBe(`${app.url}/api/v1/files/upload/${presigned.fileId}`);
      const expires = Number(uploadUrl.searchParams.get('expires'));
      expect(expires * 1000).toBeGreaterThan(started.getTime() + 590_000);
      expect(expires * 1000).toBeLessThan(Date.now() + 601_000);

      const upload = await put(presigned.uploadUrl, bytes, 'audio/x-m4a');
      expect(upload.status).toBe(204);
      expect(await readFile(path.join(dataDir, 'lead-distribution', 'files', presigned.key))).toEqual(bytes);

      const accepted = await files.requireUploadedFiles(agency.partnerId, [presigned.fileId]);
      expect(accepted).toHaveLength(1);
      expect(accepted[0]).toMatchObject({
        id: presigned.fileId,
        partnerId: agency.partnerId,
        originalName: '../../통화 녹음.m4a',
        status: StoredFileStatus.Uploaded,
        uploadedAt: expect.any(Date),
      });
      const [described] = await files.describe(accepted);
      expect(described).toEqual({
        fileId: presigned.fileId,
        originalName: '../../통화 녹음.m4a',
        mimeType: 'audio/x-m4a',
        size: 4321,
        cdnUrl: described!.downloadUrl,
        downloadUrl: expect.stringMatching(
          new RegExp(`^${app.url}/api/v1/files/download/${presigned.fileId}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
        ),
        downloadUrlExpiresAt: expect.any(String),
      });
      // The presign answer's link serves the bytes once they are uploaded, until it expires.
      const downloaded = await fetch(presigned.cdnUrl);
      expect(downloaded.status).toBe(200);
      expect(Buffer.from(await downloaded.arrayBuffer())).toEqual(bytes);
      const linkExpires = Number(new URL(described!.downloadUrl).searchParams.get('expires'));
      expect(linkExpires * 1000).toBeLessThanOrEqual(Date.now() + 600_000);
      expect(Date.parse(described!.downloadUrlExpiresAt)).toBeLessThanOrEqual(Date.now() + 600_000);
    });

    it('gives a provider’s file (lead metadata) its CDN URL, and AS evidence none: no answer carries CDN_BASE_URL + an evidence key', async () => {
      const { providerKey } = await given(app).provider('CDN Provider').product();
      const leadFile = await presign({ originalName: 'rec.mp3', mimeType: 'audio/mpeg', size: 10 }, providerKey);
      expect(leadFile.cdnUrl).toBe(`https://cdn.test.example/evidence/${leadFile.key}`);
      const evidence = await pngOf(10);
      expect(evidence.key.startsWith('as-evidence/')).toBe(true);
      expect(evidence.cdnUrl.startsWith('https://cdn.test.example/')).toBe(false);
    });

    it('builds the upload URL from configuration, whatever Host or X-Forwarded-* the request carries', async () => {
      const response = await withKey(app, agency.apiKey)
        .post('/api/v1/files/presigned')
        .set('X-Forwarded-Host', 'evil.example')
        .set('X-Forwarded-Proto', 'https')
        .set('Host', 'attacker.example:8443')
        .send({ originalName: 'a.png', mimeType: 'image/png', size: 10 })
        .expect(200);
      expect(response.body.uploadUrl.startsWith(`${app.url}/api/v1/files/upload/${response.body.fileId}?`)).toBe(true);
    });

    it('lets an operator presign for the partner it names, and the key carries that partner', async () => {
      const response = await asOperator(app)
        .post('/api/v1/files/presigned')
        .send({ originalName: 'scan.pdf', mimeType: 'application/pdf', size: 1000, partnerId: rival.partnerId })
        .expect(200);
      expect(response.body.key).toMatch(new RegExp(`^as-evidence/${rival.partnerId}/\\d{4}/\\d{2}/${response.body.fileId}\\.pdf$`));
    });

    it('names each accepted MIME type with its extension in the key', async () => {
      const extensions: Record<string, string> = {
        'image/jpeg': 'jpg',
        'image/png': 'png',
        'image/webp': 'webp',
        'image/heic': 'heic',
        'application/pdf': 'pdf',
        'audio/mpeg': 'mp3',
        'audio/mp4': 'm4a',
        'audio/x-m4a': 'm4a',
      };
      for (const [mimeType, extension] of Object.entries(extensions)) {
        const presigned = await presign({ originalName: 'x', mimeType, size: 1 });
        expect(presigned.key.endsWith(`/${presigned.fileId}.${extension}`)).toBe(true);
      }
    });

    it('builds cdnUrl from CDN_BASE_URL and the key without a double slash', () => {
      expect(files.cdnUrl('as-evidence/1/2026/11/a.png')).toBe('https://cdn.test.example/evidence/as-evidence/1/2026/11/a.png');
    });
  });

  describe('presign refusals', () => {
    it('returns 401 without an API key', async () => {
      const response = await request(app.url)
        .post('/api/v1/files/presigned')
        .send({ originalName: 'a.png', mimeType: 'image/png', size: 10 })
        .expect(401);
      expect(response.body.code).toBe('API_KEY_MISSING');
    });

    it('returns 403 PARTNER_FORBIDDEN when a partner key names another partner', async () => {
      const response = await withKey(app, agency.apiKey)
        .post('/api/v1/files/presigned')
        .send({ originalName: 'a.png', mimeType: 'image/png', size: 10, partnerId: rival.partnerId })
        .expect(403);
      expect(response.body.code).toBe('PARTNER_FORBIDDEN');
    });

    it('returns 400 naming mimeType for a type that is not on the list, compared exactly', async () => {
      for (const mimeType of ['image/gif', 'IMAGE/PNG', 'text/html', 'application/octet-stream']) {
        const response = await withKey(app, agency.apiKey)
          .post('/api/v1/files/presigned')
          .send({ originalName: 'a', mimeType, size: 10 })
          .expect(400);
        expect(response.body.code).toBe('VALIDATION_FAILED');
        expect(response.body.errors).toEqual([{ field: 'mimeType', message: expect.stringContaining('must be one of image/jpeg') }]);
      }
    });

    it('returns 400 naming size above 10 MiB, below 1 byte or not an integer, and accepts exactly 10 MiB', async () => {
      for (const size of [TEN_MIB + 1, 0, -5, 1.5, '100']) {
        const response = await withKey(app, agency.apiKey)
          .post('/api/v1/files/presigned')
          .send({ originalName: 'a.pdf', mimeType: 'application/pdf', size })
          .expect(400);
        expect(response.body.errors.map((error: { field: string }) => error.field)).toEqual(expect.arrayContaining(['size']));
      }
      await presign({ originalName: 'a.pdf', mimeType: 'application/pdf', size: TEN_MIB });
    });

    it('returns 400 naming originalName when it is empty or longer than 255 characters, and refuses unknown fields', async () => {
      for (const originalName of ['', '   ', 'x'.repeat(256)]) {
        const response = await withKey(app, agency.apiKey)
          .post('/api/v1/files/presigned')
          .send({ originalName, mimeType: 'image/png', size: 10 })
          .expect(400);
        expect(response.body.errors[0].field).toBe('originalName');
      }
      const unknown = await withKey(app, agency.apiKey)
        .post('/api/v1/files/presigned')
        .send({ originalName: 'a.png', mimeType: 'image/png', size: 10, key: 'as-evidence/evil' })
        .expect(400);
      expect(unknown.body.errors).toEqual([{ field: 'key', message: 'is not an accepted field' }]);
    });

    it('returns 400 naming partnerId when an operator names a partner that does not exist', async () => {
      const response = await asOperator(app)
        .post('/api/v1/files/presigned')
        .send({ originalName: 'a.png', mimeType: 'image/png', size: 10, partnerId: 987654 })
        .expect(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'partnerId', message: 'partner 987654 does not exist' }],
      });
    });
  });

  describe('upload refusals', () => {
    it('returns 403 UPLOAD_SIGNATURE_INVALID for a changed signature, a changed expiry or another file’s signature', async () => {
      const presigned = await pngOf(16);
      const other = await pngOf(16);
      const url = new URL(presigned.uploadUrl);
      const expires = Number(url.searchParams.get('expires'));
      const signature = url.searchParams.get('signature')!;
      const flipped = `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`;
      const otherSignature = new URL(other.uploadUrl).searchParams.get('signature')!;

      for (const target of [
        uploadUrlWith(presigned, expires, flipped),
        uploadUrlWith(presigned, expires + 3600, signature),
        uploadUrlWith(presigned, expires, otherSignature),
      ]) {
        const response = await put(target, randomBytes(16), 'image/png');
        expect(response.status).toBe(403);
        expect(((await response.json()) as { code: string }).code).toBe('UPLOAD_SIGNATURE_INVALID');
      }
      expect((await put(presigned.uploadUrl, randomBytes(16), 'image/png')).status).toBe(204);
    });

    it('refuses a junk signature on a 10 MiB upload before reading its body (it was read, then parsed as JSON for 4 s)', async () => {
      const presigned = await presign({ originalName: 'scan.pdf', mimeType: 'application/pdf', size: TEN_MIB });
      const expires = Number(new URL(presigned.uploadUrl).searchParams.get('expires'));
      const answer = await answerBeforeBody(uploadUrlWith(presigned, expires, 'f'.repeat(64)), TEN_MIB, 'application/pdf');
      expect(answer.status).toBe(403);
      expect((JSON.parse(answer.body) as { code: string }).code).toBe('UPLOAD_SIGNATURE_INVALID');
    });

    it('refuses a malformed upload URL on a 10 MiB upload before reading its body, naming each field (400)', async () => {
      const presigned = await presign({ originalName: 'scan.pdf', mimeType: 'application/pdf', size: TEN_MIB });
      const base = presigned.uploadUrl.split('?')[0]!;
      for (const [query, fields] of [
        ['?expires=soon&signature=xyz', ['expires', 'signature']],
        ['', ['expires', 'signature']],
        [`?expires=1&expires=2&signature=${'a'.repeat(64)}`, ['expires']],
      ] as const) {
        const answer = await answerBeforeBody(`${base}${query}`, TEN_MIB, 'application/pdf');
        expect(answer.status).toBe(400);
        expect([...new Set((JSON.parse(answer.body) as { errors: Array<{ field: string }> }).errors.map((error) => error.field))]).toEqual(
          fields,
        );
      }
      // A space the query's integer rule trims (`+`) is checked, not waved through to a buffered body.
      const spaced = await answerBeforeBody(
        `${base}?expires=+${Math.floor(Date.now() / 1000) + 60}&signature=${'f'.repeat(64)}`,
        TEN_MIB,
        'application/pdf',
      );
      expect([spaced.status, (JSON.parse(spaced.body) as { code: string }).code]).toEqual([403, 'UPLOAD_SIGNATURE_INVALID']);
    });

    it('refuses an expired genuine URL on a 10 MiB upload before reading its body', async () => {
      const presigned = await presign({ originalName: 'scan.pdf', mimeType: 'application/pdf', size: TEN_MIB });
      const past = Math.floor(Date.now() / 1000) - 1;
      const url = uploadUrlWith(presigned, past, uploadSignature(TEST_FILE_UPLOAD_SECRET, presigned.fileId, past));
      const answer = await answerBeforeBody(url, TEN_MIB, 'application/pdf');
      expect(answer.status).toBe(403);
      expect((JSON.parse(answer.body) as { code: string }).code).toBe('UPLOAD_URL_EXPIRED');
    });

    it('returns 403 UPLOAD_URL_EXPIRED for a genuine URL past its expiry', async () => {
      const presigned = await pngOf(16);
      const past = Math.floor(Date.now() / 1000) - 1;
      const response = await put(
        uploadUrlWith(presigned, past, uploadSignature(TEST_FILE_UPLOAD_SECRET, presigned.fileId, past)),
        randomBytes(16),
        'image/png',
      );
      expect(response.status).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe('UPLOAD_URL_EXPIRED');
    });

    it('returns 400 naming signature and expires when they are missing or malformed', async () => {
      const presigned = await pngOf(16);
      const base = presigned.uploadUrl.split('?')[0]!;
      const response = await put(`${base}?expires=soon&signature=xyz`, randomBytes(16), 'image/png');
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; errors: { field: string }[] };
      expect(body.code).toBe('VALIDATION_FAILED');
      expect([...new Set(body.errors.map((error) => error.field))].sort()).toEqual(['expires', 'signature']);
      expect((await put(base, randomBytes(16), 'image/png')).status).toBe(400);
    });

    it('returns 415 UPLOAD_CONTENT_TYPE_MISMATCH for a Content-Type other than the declared one, and the file stays uploadable', async () => {
      const presigned = await pngOf(16);
      const bytes = randomBytes(16);
      const mismatch = await put(presigned.uploadUrl, bytes, 'image/jpeg');
      expect(mismatch.status).toBe(415);
      expect(((await mismatch.json()) as { code: string }).code).toBe('UPLOAD_CONTENT_TYPE_MISMATCH');

      const asJson = await put(presigned.uploadUrl, Buffer.from('{"a":1}'), 'application/json');
      expect(asJson.status).toBe(415);
      const unknownType = await put(presigned.uploadUrl, bytes, 'text/plain');
      expect(unknownType.status).toBe(415);
      expect(((await unknownType.json()) as { code: string }).code).toBe('UNSUPPORTED_MEDIA_TYPE');

      expect((await put(presigned.uploadUrl, bytes, 'image/png; charset=binary')).status).toBe(204);
    });

    it('returns 400 UPLOAD_SIZE_MISMATCH for a body shorter or longer than declared, and 413 beyond 10 MiB', async () => {
      const presigned = await pngOf(1000);
      for (const size of [999, 1001]) {
        const response = await put(presigned.uploadUrl, randomBytes(size), 'image/png');
        expect(response.status).toBe(400);
        expect(((await response.json()) as { code: string }).code).toBe('UPLOAD_SIZE_MISMATCH');
      }
      const tooLarge = await put(presigned.uploadUrl, Buffer.alloc(TEN_MIB + 1), 'image/png');
      expect(tooLarge.status).toBe(413);
      expect(((await tooLarge.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
      await expect(stat(path.join(dataDir, 'lead-distribution', 'files', presigned.key))).rejects.toThrow(/ENOENT/);
    });

    it('accepts a body of exactly 10 MiB, beyond the JSON body limit', async () => {
      const presigned = await presign({ originalName: 'big.pdf', mimeType: 'application/pdf', size: TEN_MIB });
      expect((await put(presigned.uploadUrl, Buffer.alloc(TEN_MIB, 7), 'application/pdf')).status).toBe(204);
    });

    it('returns 409 FILE_ALREADY_UPLOADED for a second upload and keeps the first bytes', async () => {
      const presigned = await pngOf(32);
      const first = randomBytes(32);
      expect((await put(presigned.uploadUrl, first, 'image/png')).status).toBe(204);
      const second = await put(presigned.uploadUrl, randomBytes(32), 'image/png');
      expect(second.status).toBe(409);
      expect(((await second.json()) as { code: string }).code).toBe('FILE_ALREADY_UPLOADED');
      expect(await readFile(path.join(dataDir, 'lead-distribution', 'files', presigned.key))).toEqual(first);
    });

    it('takes exactly one of two simultaneous uploads of the same file', async () => {
      const presigned = await pngOf(2048);
      const statuses = await Promise.all([1, 2].map(() => put(presigned.uploadUrl, randomBytes(2048), 'image/png').then((r) => r.status)));
      expect(statuses.sort()).toEqual([204, 409]);
    });

    it('returns 400 naming fileId for a malformed id', async () => {
      const response = await put(
        `${app.url}/api/v1/files/upload/not-a-uuid?expires=1&signature=${'0'.repeat(64)}`,
        randomBytes(4),
        'image/png',
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: { field: string }[] }).errors[0]!.field).toBe('fileId');
    });

    it('still answers 415 on JSON operations to the evidence types', async () => {
      const response = await asOperator(app)
        .post('/api/v1/admin/partners')
        .set('Content-Type', 'image/png')
        .send(Buffer.from('name'))
        .expect(415);
      expect(response.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('requireUploadedFiles', () => {
    async function uploaded(apiKey = agency.apiKey): Promise<Presigned> {
      const bytes = randomBytes(64);
      const presigned = await presign({ originalName: 'p.png', mimeType: 'image/png', size: bytes.length }, apiKey);
      expect((await put(presigned.uploadUrl, bytes, 'image/png')).status).toBe(204);
      return presigned;
    }

    it('returns the files in the order given', async () => {
      const [a, b] = [await uploaded(), await uploaded()];
      const result = await files.requireUploadedFiles(agency.partnerId, [b.fileId, a.fileId]);
      expect(result.map((file: StoredFile) => file.id)).toEqual([b.fileId, a.fileId]);
      expect(await files.requireUploadedFiles(agency.partnerId, [])).toEqual([]);
    });

    it('refuses another partner’s file exactly like an unknown id, naming storedFileIds.<index>', async () => {
      const mine = await uploaded();
      const theirs = await uploaded(rival.apiKey);
      const problem = await problemOf(
        files.requireUploadedFiles(agency.partnerId, [mine.fileId, theirs.fileId, '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10', 'not-a-uuid']),
      );
      expect(problem.getStatus()).toBe(400);
      expect(problem.code).toBe('FILE_NOT_USABLE');
      expect(problem.errors).toEqual([
        { field: 'storedFileIds.1', message: 'is not a file of this partner' },
        { field: 'storedFileIds.2', message: 'is not a file of this partner' },
        { field: 'storedFileIds.3', message: 'is not a file of this partner' },
      ]);
      expect(problem.message).not.toContain(theirs.fileId);
    });

    it('refuses a file that was presigned but never uploaded', async () => {
      const pending = await pngOf(64);
      const problem = await problemOf(files.requireUploadedFiles(agency.partnerId, [pending.fileId]));
      expect(problem.errors).toEqual([{ field: 'storedFileIds.0', message: expect.stringMatching(/^has not been uploaded/) }]);
    });

    it('refuses a file listed twice', async () => {
      const file = await uploaded();
      const problem = await problemOf(files.requireUploadedFiles(agency.partnerId, [file.fileId, file.fileId]));
      expect(problem.getStatus()).toBe(400);
      expect(problem.errors).toEqual([{ field: 'storedFileIds.1', message: 'is listed more than once' }]);
    });
  });

  describe('configuration', () => {
    /** The variables a configuration is refused for. */
    function refused(env: Record<string, string>): string[] {
      return [...new Set(problemsOf(env).map((problem) => problem.split(':')[0]!))].sort();
    }

    function problemsOf(env: Record<string, string>): string[] {
      try {
        loadConfig(LeadDistributionConfig, env);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    }

    it('defaults to the local driver, 600-second upload URLs, a local CDN base and no S3 settings', () => {
      expect(loadConfig(LeadDistributionConfig, {})).toMatchObject({
        STORAGE_DRIVER: 'local',
        FILE_UPLOAD_EXPIRES_SECONDS: 600,
        CDN_BASE_URL: 'http://127.0.0.1:3001/files',
        S3_BUCKET: undefined,
      });
    });

    it('stops on a bad storage variable, naming it', () => {
      expect(refused({ STORAGE_DRIVER: 'ftp' })).toEqual(['STORAGE_DRIVER']);
      expect(refused({ STORAGE_DRIVER: 's3' })).toEqual(['S3_BUCKET', 'S3_REGION']);
      expect(refused({ FILE_UPLOAD_EXPIRES_SECONDS: '0' })).toEqual(['FILE_UPLOAD_EXPIRES_SECONDS']);
      expect(refused({ FILE_UPLOAD_SECRET: 'short' })).toEqual(['FILE_UPLOAD_SECRET']);
      expect(refused({ CDN_BASE_URL: 'cdn.example.com' })).toEqual(['CDN_BASE_URL']);
      expect(refused({ S3_ENDPOINT: 'not a url' })).toEqual(['S3_ENDPOINT']);
      expect(refused({ S3_FORCE_PATH_STYLE: 'sometimes' })).toEqual(['S3_FORCE_PATH_STYLE']);
      expect(refused({ S3_ACCESS_KEY_ID: 'AKIA' })).toEqual(['S3_SECRET_ACCESS_KEY']);
    });

    it('requires FILE_UPLOAD_SECRET and PUBLIC_BASE_URL (local driver) and CDN_BASE_URL in production', () => {
      // Other features have production requirements of their own; only the storage variables count here.
      const storageRefused = (env: Record<string, string>) =>
        refused(env).filter((name) => /^(STORAGE_DRIVER|CDN_BASE_URL|FILE_UPLOAD_|PUBLIC_BASE_URL|S3_)/.test(name));
      expect(storageRefused({ NODE_ENV: 'production' })).toEqual(['CDN_BASE_URL', 'FILE_UPLOAD_SECRET', 'PUBLIC_BASE_URL']);
      expect(
        storageRefused({
          NODE_ENV: 'production',
          CDN_BASE_URL: 'https://cdn.example.com',
          FILE_UPLOAD_SECRET: TEST_FILE_UPLOAD_SECRET,
          PUBLIC_BASE_URL: 'https://lead-api.example.com',
        }),
      ).toEqual([]);
      expect(
        storageRefused({
          NODE_ENV: 'production',
          STORAGE_DRIVER: 's3',
          S3_BUCKET: 'evidence',
          S3_REGION: 'ap-northeast-2',
          CDN_BASE_URL: 'https://cdn.example.com',
        }),
      ).toEqual([]);
    });

    it('generates the upload secret once outside production and keeps it under DATA_DIR with mode 0600', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'ld-secret-'));
      try {
        const first = loadConfig(LeadDistributionConfig, {});
        await LEAD_DISTRIBUTION.prepare!(first, dir);
        expect(first.FILE_UPLOAD_SECRET!.length).toBeGreaterThanOrEqual(32);
        expect((await stat(path.join(dir, 'file-upload-secret'))).mode & 0o777).toBe(0o600);
        const second = loadConfig(LeadDistributionConfig, {});
        await LEAD_DISTRIBUTION.prepare!(second, dir);
        expect(second.FILE_UPLOAD_SECRET).toBe(first.FILE_UPLOAD_SECRET);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });
  });
});
