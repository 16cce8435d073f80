import { IsBoolean, IsInt, IsString, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { EnvBool, EnvInt } from '#platform';
import { IntegrationsConfig } from './integrations.config.js';

/**
 * The service's settings, split by meaning: the systems outside our walls and their adapters'
 * settings (IntegrationsConfig, integrations.config.ts), and here the service's own: its ports, the
 * removal of stored objects, who may call it and how often (tokens, SSO, rate limits), and claim
 * delivery.
 * DATA_ENCRYPTION_KEYS, DATA_ENCRYPTION_KEY_ID and LOOKUP_HASH_KEY (organisations' SSO secrets,
 * planners' CI and customers' personal data at rest) come from FieldEncryptionConfig, the storage
 * variables of claims' evidence files (STORAGE_DRIVER, FILE_UPLOAD_*, PUBLIC_BASE_URL, S3_*) from
 * FileStorageConfig. Evidence has no CDN URL: it is only ever read through signed URLs that expire.
 */
export class CoverageClaimsConfig extends IntegrationsConfig {
  override PORT = 3000;

  override METRICS_PORT = 9464;

  override EMBEDDED_DATABASE_PORT = 54320;

  override RATE_LIMIT_REDIS_PREFIX = 'rate-limit:coverage-claims:';

  /**
   * How often the removal of stored objects (an erased customer's evidence) looks for due work, in ms
   * (10 … 600,000); a deletion committed in this process wakes it at once.
   */
  @EnvInt()
  @IsInt()
  @Min(10)
  @Max(600_000)
  STORAGE_DELETION_POLL_MS = 30_000;

  /** Wait before retrying a removal storage refused, in ms (10 … 3,600,000); it doubles with each failure, up to an hour. */
  @EnvInt()
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  STORAGE_DELETION_RETRY_BASE_MS = 60_000;

  /** Requests one planner may make in a window of RATE_LIMIT_WINDOW_SECONDS, whichever token they use (policy `planner`). */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_PLANNER = 300;

  /** Sign-in requests (the SSO redirect and token issue) one client address may make in a window (policy `sign-in`). */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_SIGN_IN = 30;

  /** One-time-number requests (each sends an SMS) one planner may make in RATE_LIMIT_SMS_WINDOW_SECONDS (policy `sms-planner`). */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_SMS_PLANNER = 30;

  /** One-time-number requests all planners of one organisation may make in RATE_LIMIT_SMS_WINDOW_SECONDS (policy `sms-organisation`). */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_SMS_ORGANISATION = 500;

  /** The window of the SMS limits, in seconds (60 … 86,400). */
  @EnvInt()
  @IsInt()
  @Min(60)
  @Max(86_400)
  RATE_LIMIT_SMS_WINDOW_SECONDS = 3600;

  /**
   * Requests that may prompt one customer's phone through CODEF (a coverage analysis, whose credit4u
   * sign-in may ask a second step; an NHIS approval request to their app), together, in
   * RATE_LIMIT_PROMPT_WINDOW_SECONDS (policy `customer-prompts`): a planner cannot flood a
   * customer with prompts nor lock their credit4u account.
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  RATE_LIMIT_CUSTOMER_PROMPTS = 5;

  /** The window of RATE_LIMIT_CUSTOMER_PROMPTS, in seconds (60 … 86,400). */
  @EnvInt()
  @IsInt()
  @Min(60)
  @Max(86_400)
  RATE_LIMIT_PROMPT_WINDOW_SECONDS = 3600;

  /**
   * HS256 secret that signs and verifies access tokens (at least 32 characters). Required in
   * production; elsewhere, when unset, a random one is generated once and kept under DATA_DIR.
   */
  @ValidateIf((config: CoverageClaimsConfig) => config.NODE_ENV === 'production' || config.JWT_SECRET !== undefined)
  @IsString({ message: 'is required in production' })
  @MinLength(32, { message: 'must be at least 32 characters long' })
  JWT_SECRET?: string;

  @IsString()
  JWT_ISSUER = 'coverage-claims';

  @IsString()
  JWT_AUDIENCE = 'coverage-claims-api';

  /** Lifetime of access tokens, in seconds (1 minute … 1 hour). */
  @EnvInt()
  @IsInt()
  @Min(60)
  @Max(3600)
  ACCESS_TOKEN_TTL_SECONDS = 900;

  /** How long a refresh token stays usable, in seconds (5 minutes … 90 days); each refresh starts a new one. */
  @EnvInt()
  @IsInt()
  @Min(300)
  @Max(7_776_000)
  REFRESH_TOKEN_TTL_SECONDS = 1_209_600;

  /**
   * How long one sign-in lasts at most, in seconds (1 hour … 1 year), however often its refresh
   * token is rotated: then the planner signs in again. Its refresh tokens never outlive it.
   */
  @EnvInt()
  @IsInt()
  @Min(3600)
  @Max(31_536_000)
  SIGN_IN_LIFETIME_SECONDS = 2_592_000;

  /** The `aud` SSO assertions must carry. */
  @IsString()
  @MinLength(1)
  SSO_AUDIENCE = 'coverage-claims-sso';

  /**
   * How long after a fax was handed to the gateway its result is first checked, and then between two
   * checks, in ms (10 … 600,000). The worker's slot is free meanwhile.
   */
  @EnvInt()
  @IsInt()
  @Min(10)
  @Max(600_000)
  CLAIM_DELIVERY_RESULT_POLL_MS = 5_000;

  /**
   * How long a fax the gateway accepted may stay without a final result, in hours (1 … 168); then the
   * claim is FAILED (RESULT_UNKNOWN) and not sent again, since it may have arrived.
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(168)
  CLAIM_DELIVERY_RESULT_MAX_WAIT_HOURS = 24;

  /** Whether this process delivers filed claims (the outbox worker); replicas share the work. */
  @EnvBool()
  @IsBoolean()
  CLAIM_DELIVERY_ENABLED = true;

  /** How many claims this process renders and faxes at once (1 … 16). */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(16)
  CLAIM_DELIVERY_WORKERS = 2;

  /** How often an idle worker looks for claims due, in ms (10 … 60,000); a claim filed in this process wakes it at once. */
  @EnvInt()
  @IsInt()
  @Min(10)
  @Max(60_000)
  CLAIM_DELIVERY_POLL_MS = 2_000;

  /** Attempts at faxing a claim before it is given up as FAILED (1 … 20). */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(20)
  CLAIM_DELIVERY_MAX_ATTEMPTS = 5;

  /** Wait before the second attempt, in ms (0 … 3,600,000); it doubles with each attempt, up to an hour. */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  CLAIM_DELIVERY_RETRY_BASE_MS = 60_000;

  /**
   * How long one take may work on a claim (reading the files, rendering, handing the fax to the
   * gateway), in seconds (1 … 3,600). Past it, work not yet handed over is aborted and the attempt
   * counts as failed (retryable); a hand-over cut off is unconfirmed, and its result is checked. A
   * worker holds its claim by a lease a minute longer, so a crashed worker's claim is taken up again
   * after it.
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(3_600)
  CLAIM_DELIVERY_TIMEOUT_SECONDS = 600;

  /**
   * The most resident memory a claim fax's render may use, in MiB (256 … 65,536): the render process's
   * own, its runtime and fonts included (about 110 MiB idle), whatever the service holds. Past it the
   * render process is killed and the attempt fails (RENDER_FAILED, retryable). 384 leaves room for a
   * PNG at the image budgets (about 190 MiB to render); the container's limit holds the service and
   * this together.
   */
  @EnvInt()
  @IsInt()
  @Min(256)
  @Max(65_536)
  CLAIM_DELIVERY_RENDER_MAX_RSS_MB = 384;

  /**
   * How long a claim's render may take, in seconds (1 … 600), counted from when a ready render process
   * is handed the claim (its start is not counted); then it is killed (RENDER_FAILED, retryable).
   */
  @EnvInt()
  @IsInt()
  @Min(1)
  @Max(600)
  CLAIM_DELIVERY_RENDER_TIMEOUT_SECONDS = 60;

  /**
   * How long a stopping process lets claim deliveries in flight finish, in ms (0 … 60,000), before it
   * cuts them off: an attempt not yet handed to the gateway is released uncounted for another replica;
   * a fax handed over goes on at the gateway, and the next take checks its result. Keep it within
   * SHUTDOWN_TIMEOUT_MS less the drain.
   */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(60_000)
  CLAIM_DELIVERY_SHUTDOWN_WAIT_MS = 10_000;
}
