import type { OnModuleDestroy } from '@nestjs/common';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { uuidv7 } from '../crypto/random.js';
import { StoredBytesMissingError, frozenKeyOf, type FileStorage, type StoredFileRef, type StoredObject } from './file-storage.js';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Evidence in an S3 bucket: callers PUT straight to S3 with a presigned URL. */
export class S3FileStorage implements FileStorage, OnModuleDestroy {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Otherwise the SDK presigns a checksum of the empty body, and S3 refuses the real upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
  }

  /**
   * A presigned PUT bound to the declared type and size (and checksum, when declared): S3 refuses a
   * body of another length, another Content-Type, or other bytes. The URL may still be used again
   * until it expires, which is why a service freezes what it checked (`freeze`).
   */
  createUploadUrl(file: StoredFileRef): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: file.key,
      ContentType: file.mimeType,
      ContentLength: file.size,
      ...(file.checksumSha256 ? { ChecksumSHA256: file.checksumSha256 } : {}),
    });
    return getSignedUrl(this.client, command, {
      expiresIn: Math.max(1, Math.round((file.uploadExpiresAt.getTime() - Date.now()) / 1000)),
      // Neither is signed by default: unsigned, a presign for 1,000 bytes of a PDF would take 5 GB of anything.
      signableHeaders: new Set(['content-type', 'content-length']),
      // The presigner moves x-amz-* headers into the query, where S3 ignores a checksum: kept a signed
      // header, the uploader must send it, and S3 then refuses other bytes (BadDigest).
      unhoistableHeaders: new Set(file.checksumSha256 ? ['x-amz-checksum-sha256'] : []),
    });
  }

  createDownloadUrl(file: Pick<StoredFileRef, 'id' | 'key' | 'mimeType'>, expiresAt: Date): Promise<string> {
    // S3 answers with these headers: the file is saved, never shown inline, and never kept by a cache.
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: file.key,
      ResponseContentType: file.mimeType,
      ResponseContentDisposition: 'attachment',
      ResponseCacheControl: 'no-store',
    });
    return getSignedUrl(this.client, command, { expiresIn: Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000)) });
  }

  async inspect(file: StoredFileRef): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: file.key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType };
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
  }

  async read(file: StoredFileRef): Promise<Buffer> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: file.key }));
      if (!object.Body) throw new Error(`S3 answered GetObject of ${file.key} without a body`);
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey) throw new StoredBytesMissingError(file.key);
      throw error;
    }
  }

  async readHead(file: StoredFileRef, bytes: number): Promise<Buffer> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: file.key, Range: `bytes=0-${bytes - 1}` }),
      );
      if (!object.Body) throw new Error(`S3 answered GetObject of ${file.key} without a body`);
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey) throw new StoredBytesMissingError(file.key);
      // An empty object has no byte 0: S3 refuses the range.
      if (error instanceof S3ServiceException && error.name === 'InvalidRange') return Buffer.alloc(0);
      throw error;
    }
  }

  uploadHeaders(file: StoredFileRef): Record<string, string> {
    return { 'content-type': file.mimeType, ...(file.checksumSha256 ? { 'x-amz-checksum-sha256': file.checksumSha256 } : {}) };
  }

  frozenKeyFor(file: StoredFileRef): string {
    return frozenKeyOf(file.key, uuidv7());
  }

  async freeze(file: StoredFileRef, frozen: string): Promise<void> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.options.bucket,
          Key: frozen,
          CopySource: `${this.options.bucket}/${file.key.split('/').map(encodeURIComponent).join('/')}`,
          MetadataDirective: 'COPY',
        }),
      );
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.name === 'NoSuchKey'))
        throw new StoredBytesMissingError(file.key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: key }));
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }
}
