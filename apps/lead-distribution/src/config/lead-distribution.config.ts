import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength, ValidateBy, ValidateIf } from 'class-validator';
import { EnvBool, EnvInt, FieldEncryptionConfig, type ServiceConfig } from '#platform';

const STORAGE_DRIVERS = ['local', 's3'] as const;
type StorageDriver = (typeof STORAGE_DRIVERS)[number];

const HTTP_URL = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/** CDN_BASE_URL when unset: fine on a developer machine, never what partners should be sent. */
const DEVELOPMENT_CDN_BASE_URL = 'http://127.0.0.1:3001/files';

/** Refuses the development default of a variable in production, i.e. the variable must be set there. */
const SetInProduction = (developmentDefault: string) =>
  ValidateBy({
    name: 'setInProduction',
    validator: {
      validate: (value: unknown, args) => (args?.object as ServiceConfig).NODE_ENV !== 'production' || value !== developmentDefault,
      defaultMessage: () => 'is required in production',
    },
  });

/** DATA_ENCRYPTION_KEYS, DATA_ENCRYPTION_KEY_ID and LOOKUP_HASH_KEY (lead phones) come from FieldEncryptionConfig. */
export class LeadDistributionConfig extends FieldEncryptionConfig {
  override PORT = 3001;

  override METRICS_PORT = 9465;

  override EMBEDDED_DATABASE_PORT = 54321;

  /** How often reserved orders whose time has come are started (they then take the leads waiting in the pool). */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(3600)
  RESERVATION_POLL_SECONDS = 5;

  /** A lead with the same phone for the same product within this many days is a duplicate (409). */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(3650)
  DUPLICATE_WINDOW_DAYS = 90;

  /** Where evidence files go: `local` (DATA_DIR, uploads through this service) or `s3`. */
  @IsIn(STORAGE_DRIVERS)
  STORAGE_DRIVER: StorageDriver = 'local';

  /** Prefix of the public URL of a stored file: cdnUrl = CDN_BASE_URL + key. Required in production. */
  @IsUrl(HTTP_URL, { message: 'must be an http(s) URL' })
  @SetInProduction(DEVELOPMENT_CDN_BASE_URL)
  CDN_BASE_URL: string = DEVELOPMENT_CDN_BASE_URL;

  /** Validity of an upload URL, in seconds (S3 accepts at most 7 days). */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(604_800)
  FILE_UPLOAD_EXPIRES_SECONDS = 600;

  /**
   * HMAC key of local upload URLs (at least 32 characters). Required in production with the local
   * driver; elsewhere, when unset, a random one is generated once and kept under DATA_DIR.
   */
  @ValidateIf(
    (config: LeadDistributionConfig) =>
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
    (config: LeadDistributionConfig) =>
      (config.NODE_ENV === 'production' && config.STORAGE_DRIVER === 'local') || config.PUBLIC_BASE_URL !== undefined,
  )
  @IsUrl(HTTP_URL, { message: 'must be an http(s) URL (required in production with STORAGE_DRIVER=local)' })
  PUBLIC_BASE_URL?: string;

  @ValidateIf((config: LeadDistributionConfig) => config.STORAGE_DRIVER === 's3')
  @IsString({ message: 'is required with STORAGE_DRIVER=s3' })
  S3_BUCKET?: string;

  @ValidateIf((config: LeadDistributionConfig) => config.STORAGE_DRIVER === 's3')
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
  @ValidateIf((config: LeadDistributionConfig) => config.S3_ACCESS_KEY_ID !== undefined || config.S3_SECRET_ACCESS_KEY !== undefined)
  @IsString({ message: 'must be set together with S3_SECRET_ACCESS_KEY' })
  S3_ACCESS_KEY_ID?: string;

  @ValidateIf((config: LeadDistributionConfig) => config.S3_ACCESS_KEY_ID !== undefined || config.S3_SECRET_ACCESS_KEY !== undefined)
  @IsString({ message: 'must be set together with S3_ACCESS_KEY_ID' })
  S3_SECRET_ACCESS_KEY?: string;
}
