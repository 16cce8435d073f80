import type { OnModuleDestroy } from '@nestjs/common';
import { HeadObjectCommand, NotFound, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { StoredFile } from '../entities/stored-file.entity.js';
import type { FileStorage, StoredObject } from './file-storage.js';

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

  createUploadUrl(file: StoredFile): Promise<string> {
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

  async inspect(file: StoredFile): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: file.key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType };
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
  }

  onModuleDestroy(): void {
    this.client.destroy();
  }
}
