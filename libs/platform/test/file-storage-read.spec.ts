import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { LocalFileStorage, S3FileStorage, StoredBytesMissingError, type StoredFileRef } from '#platform';

const fileRef = (size: number): StoredFileRef => {
  const id = randomUUID();
  return {
    id,
    key: `claim-evidence/org/2026/11/${id}.pdf`,
    mimeType: 'application/pdf',
    size,
    uploadExpiresAt: new Date(Date.now() + 60_000),
  };
};

describe('FileStorage.read', () => {
  describe('local driver', () => {
    let root: string;
    let storage: LocalFileStorage;

    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'storage-read-'));
      storage = new LocalFileStorage(root, 'local-read-test-secret-0123456789abcdef', 'http://127.0.0.1:1');
    });
    afterAll(() => rm(root, { recursive: true, force: true }));

    it('gives back exactly the bytes written under the key', async () => {
      const bytes = randomBytes(70_000);
      const file = fileRef(bytes.length);
      await storage.write(file, bytes);
      expect((await storage.read(file)).equals(bytes)).toBe(true);
    });

    it('rejects with StoredBytesMissingError when nothing is stored under the key', async () => {
      await expect(storage.read(fileRef(10))).rejects.toBeInstanceOf(StoredBytesMissingError);
    });
  });

  describe('s3 driver (S3-compatible server on loopback)', () => {
    const bucket = 'evidence';
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    let directory: string;
    let server: S3rver;
    let s3: S3Client;
    let storage: S3FileStorage;

    beforeAll(async () => {
      directory = await mkdtemp(path.join(tmpdir(), 'storage-read-s3-'));
      server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
      const endpoint = `http://127.0.0.1:${(await server.run()).port}`;
      s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
      storage = new S3FileStorage({ bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
    });
    afterAll(async () => {
      storage.onModuleDestroy();
      s3.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    });

    it('gives back exactly the bytes stored under the key', async () => {
      const bytes = randomBytes(70_000);
      const file = fileRef(bytes.length);
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: file.key, Body: bytes, ContentType: file.mimeType }));
      expect((await storage.read(file)).equals(bytes)).toBe(true);
    });

    it('rejects with StoredBytesMissingError when nothing is stored under the key', async () => {
      await expect(storage.read(fileRef(10))).rejects.toBeInstanceOf(StoredBytesMissingError);
    });
  });
});
