import { IsBoolean, IsInt, IsUrl, Max, Min, ValidateBy } from 'class-validator';
import { EnvBool, EnvInt, FileStorageConfig, HTTP_URL, SetInProduction } from '#platform';

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

  /** How often the owned-lead list's kept counts are merged (LeadListCountsCompaction). */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(3600)
  LEAD_LIST_COUNTS_COMPACTION_SECONDS = 5;

  /** A lead with the same phone for the same product within this many days is a duplicate (409). */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(3650)
  DUPLICATE_WINDOW_DAYS = 90;

  /**
   * Calls of `register_leads_v5` for single registrations at once; registrations arriving while that
   * many run wait and go together in the next call (RegistrationBatcher).
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(64)
  REGISTRATION_STATEMENTS_AT_ONCE = 1;

  /**
   * Prefix of the public URL of a provider's file (lead metadata): cdnUrl and `fileUrl` = CDN_BASE_URL +
   * key. AS evidence has none (signed URLs that expire). Required in production; elsewhere this
   * service's own `/files`.
   */
  @IsUrl(HTTP_URL, { message: 'must be an http(s) URL' })
  @SetInProduction()
  CDN_BASE_URL = 'http://127.0.0.1:3001/files';

  /** How often each replica's webhook worker looks for due deliveries when it found none last time. */
  @EnvInt()
  @IsInt()
  @Min(50)
  @Max(60000)
  WEBHOOK_POLL_MS = 500;

  /** Deliveries one replica sends at once, all endpoints together. 0 turns the worker off in this replica. */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(256)
  WEBHOOK_WORKER_CONCURRENCY = 16;

  /** Time a partner's endpoint has to answer one delivery (connection, headers and body). */
  @EnvInt()
  @IsInt()
  @Min(1000)
  @Max(60000)
  WEBHOOK_TIMEOUT_MS = 15000;

  /** Deliveries in flight to one endpoint that opted into parallel delivery (ordered endpoints: 1). */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(64)
  WEBHOOK_ENDPOINT_MAX_IN_FLIGHT = 4;

  /** Attempts started to one endpoint in one second, across replicas. */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(10000)
  WEBHOOK_ENDPOINT_RATE_PER_SECOND = 50;

  /** Days the webhook delivery log (events, deliveries, attempts) is kept; a delivery still pending is kept until it ends. */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(365)
  WEBHOOK_RETENTION_DAYS = 30;

  /**
   * Tests only: lets endpoints resolve to loopback and private addresses (the local test receiver).
   * Off by default, and refused with NODE_ENV=production.
   */
  @EnvBool()
  @IsBoolean()
  @ValidateBy({
    name: 'offInProduction',
    validator: {
      validate: (value, args) => !(value === true && (args?.object as LeadDistributionConfig).NODE_ENV === 'production'),
      defaultMessage: () => 'must not be true in production',
    },
  })
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES = false;
}
