import { IsInt, IsUrl, Max, Min } from 'class-validator';
import { EnvInt, FileStorageConfig, HTTP_URL, SetInProduction } from '#platform';

/**
 * DATA_ENCRYPTION_KEYS, DATA_ENCRYPTION_KEY_ID and LOOKUP_HASH_KEY (lead phones) come from
 * FieldEncryptionConfig, the storage variables (STORAGE_DRIVER, FILE_UPLOAD_*, PUBLIC_BASE_URL, S3_*)
 * from FileStorageConfig.
 */
export class LeadDistributionConfig extends FileStorageConfig {
  override PORT = 3001;

  override METRICS_PORT = 9465;

  override EMBEDDED_DATABASE_PORT = 54321;

  override RATE_LIMIT_REDIS_PREFIX = 'rate-limit:lead-distribution:';

  /** Requests one partner key may make in a window of RATE_LIMIT_WINDOW_SECONDS (policy `partner`). */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_PARTNER = 600;

  /** Requests one provider key may make in a window (policy `provider`): lead registration comes in bursts. */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_PROVIDER = 1200;

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

  /**
   * Calls of `register_leads_v2` for single registrations at once; registrations arriving while that
   * many run wait and go together in the next call (RegistrationBatcher).
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(64)
  REGISTRATION_STATEMENTS_AT_ONCE = 1;

  /**
   * Prefix of the public URL of an AS evidence file: cdnUrl = CDN_BASE_URL + key (the spec's presign
   * answer carries it). Required in production; elsewhere this service's own `/files`.
   */
  @IsUrl(HTTP_URL, { message: 'must be an http(s) URL' })
  @SetInProduction()
  CDN_BASE_URL = 'http://127.0.0.1:3001/files';
}
