import type { OnModuleDestroy } from '@nestjs/common';
import { GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { StoredBytesMissingError, type FileStorage, type StoredFileRef, type StoredObject } from './file-storage.js';

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

  createUploadUrl(file: StoredFileRef): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.options.bucket,
      Key: file.key,
      ContentType: file.mimeType,
      ContentLength: file.size,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: Math.max(1, Math.round((file.uploadExpiresAt.getTime() - Date.now()) / 1000)),
      // Content-Type is not signed by default; signing it makes S3 refuse an upload of another type.
      signableHeaders: new Set(['content-type']),
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

  onModuleDestroy(): void {
    this.client.destroy();
  }
}
