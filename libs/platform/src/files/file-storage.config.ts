import path from 'node:path';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength, ValidateBy, ValidateIf } from 'class-validator';
import { EnvBool, EnvInt } from '../config/config-helpers.js';
import { FieldEncryptionConfig } from '../config/field-encryption-config.js';
import { localSecret } from '../config/local-secret.js';
import type { FileStorage } from './file-storage.js';
import { LocalFileStorage } from './local-file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

const STORAGE_DRIVERS = ['local', 's3'] as const;
type StorageDriver = (typeof STORAGE_DRIVERS)[number];

export const HTTP_URL = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/** Refuses a loopback URL in production: a variable whose development default is one must be set there. */
export const SetInProduction = () =>
  ValidateBy({
    name: 'setInProduction',
    validator: {
      validate: (value: unknown, args) =>
        (args?.object as { NODE_ENV?: string }).NODE_ENV !== 'production' ||
        (typeof value === 'string' && !/^https?:\/\/(127\.0\.0\.1|localhost)[:/]/.test(value)),
      defaultMessage: () => 'is required in production',
    },
  });

/** The variables of a service that stores presigned evidence files (both services): the same names, rules and defaults in each. */
export class FileStorageConfig extends FieldEncryptionConfig {
  /** Where evidence files go: `local` (DATA_DIR, uploads through this service) or `s3`. */
  @IsIn(STORAGE_DRIVERS)
  STORAGE_DRIVER: StorageDriver = 'local';

  /** Validity of an upload URL, in seconds (S3 accepts at most 7 days). */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(604_800)
  FILE_UPLOAD_EXPIRES_SECONDS = 600;

  /**
   * How many presigned uploads one owner (a partner or provider; a planner) may have outstanding:
   * registered, not yet uploaded, URL not yet expired. One more is 429 TOO_MANY_PENDING_UPLOADS.
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  MAX_PENDING_UPLOADS = 100;

  /**
   * HMAC key of local upload URLs (at least 32 characters). Required in production with the local
   * driver; elsewhere, when unset, a random one is generated once and kept under DATA_DIR.
   */
  @ValidateIf(
    (config: FileStorageConfig) =>
      (config.NODE_ENV === 'production' && config.STORAGE_DRIVER === 'local') || config.FILE_UPLOAD_SECRET !== undefined,
  )
  @IsString({ message: 'is required in production with STORAGE_DRIVER=local' })
  @MinLength(32, { message: 'must be at least 32 characters long' })
  FILE_UPLOAD_SECRET?: string;

  /**
   * External base URL of this service (`https://lead-api.example.com`), used in local upload URLs;
   * never taken from request headers. Required in production with the local driver; elsewhere, when
   * unset, `http://127.0.0.1:<PORT>`.
   */
  @ValidateIf(
    (config: FileStorageConfig) =>
      (config.NODE_ENV === 'production' && config.STORAGE_DRIVER === 'local') || config.PUBLIC_BASE_URL !== undefined,
  )
  @IsUrl(HTTP_URL, { message: 'must be an http(s) URL (required in production with STORAGE_DRIVER=local)' })
  PUBLIC_BASE_URL?: string;

  @ValidateIf((config: FileStorageConfig) => config.STORAGE_DRIVER === 's3')
  @IsString({ message: 'is required with STORAGE_DRIVER=s3' })
  S3_BUCKET?: string;

  @ValidateIf((config: FileStorageConfig) => config.STORAGE_DRIVER === 's3')
  @IsString({ message: 'is required with STORAGE_DRIVER=s3' })
  S3_REGION?: string;

  /** Endpoint of an S3-compatible server (MinIO, Ceph, ...). Unset: AWS S3. */
  @IsOptional()
  @IsUrl(HTTP_URL, { message: 'must be an http(s) URL' })
  S3_ENDPOINT?: string;

  /** Address buckets in the path (`endpoint/bucket/key`) rather than the host name; most S3-compatible servers need it. */
  @EnvBool()
  @IsBoolean()
  S3_FORCE_PATH_STYLE = false;

  /** Static credentials; both or neither. Unset: the AWS default credential chain (environment, profile, instance role). */
  @ValidateIf((config: FileStorageConfig) => config.S3_ACCESS_KEY_ID !== undefined || config.S3_SECRET_ACCESS_KEY !== undefined)
  @IsString({ message: 'must be set together with S3_SECRET_ACCESS_KEY' })
  S3_ACCESS_KEY_ID?: string;

  @ValidateIf((config: FileStorageConfig) => config.S3_ACCESS_KEY_ID !== undefined || config.S3_SECRET_ACCESS_KEY !== undefined)
  @IsString({ message: 'must be set together with S3_ACCESS_KEY_ID' })
  S3_SECRET_ACCESS_KEY?: string;
}

/** Development default: the local driver's upload secret, generated once under the service's data directory. */
export async function prepareFileStorage(config: FileStorageConfig, dataDir: string): Promise<void> {
  if (config.STORAGE_DRIVER === 'local') config.FILE_UPLOAD_SECRET ??= await localSecret(dataDir, 'file-upload-secret');
}

/** The storage STORAGE_DRIVER names; local files go under `DATA_DIR/<service>/files`. */
export function createFileStorage(config: FileStorageConfig, service: string): FileStorage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3FileStorage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION!,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  // Set from the environment, or generated under DATA_DIR by the service's prepare step.
  if (!config.FILE_UPLOAD_SECRET) throw new Error('FILE_UPLOAD_SECRET is not set');
  return new LocalFileStorage(
    path.resolve(config.DATA_DIR, service, 'files'),
    config.FILE_UPLOAD_SECRET,
    config.PUBLIC_BASE_URL ?? `http://127.0.0.1:${config.PORT}`,
  );
}
