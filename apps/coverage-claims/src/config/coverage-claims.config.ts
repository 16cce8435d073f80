import { IsIn, IsInt, IsString, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { EnvInt, FieldEncryptionConfig } from '#platform';

/** Adapters of the SMS port (one-time numbers); only the sandbox exists so far. */
export const SMS_ADAPTERS = ['sandbox'] as const;
export type SmsAdapterName = (typeof SMS_ADAPTERS)[number];
export const INSURANCE_DATA_ADAPTERS = ['sandbox'] as const;

/**
 * DATA_ENCRYPTION_KEYS, DATA_ENCRYPTION_KEY_ID and LOOKUP_HASH_KEY (organisations' SSO secrets,
 * planners' CI and customers' personal data at rest) come from FieldEncryptionConfig.
 */
export class CoverageClaimsConfig extends FieldEncryptionConfig {
  override PORT = 3000;

  override METRICS_PORT = 9464;

  override EMBEDDED_DATABASE_PORT = 54320;

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

  /** The `aud` SSO assertions must carry. */
  @IsString()
  @MinLength(1)
  SSO_AUDIENCE = 'coverage-claims-sso';

  /**
   * Which SMS adapter sends one-time numbers. `sandbox` delivers nothing: it keeps the messages for
   * operators (`GET /api/v1/admin/sandbox/messages`) and fails the documented magic numbers.
   */
  @IsIn(SMS_ADAPTERS)
  SMS_ADAPTER: SmsAdapterName = 'sandbox';
  /** Where customers' insurance contracts come from (docs/coverage-analysis.md). Only `sandbox` exists so far. */
  @IsIn(INSURANCE_DATA_ADAPTERS)
  INSURANCE_DATA_ADAPTER: (typeof INSURANCE_DATA_ADAPTERS)[number] = 'sandbox';

  /** How long the sandbox insurance-data source takes to answer for its slow magic input (phone ending 0002), in ms; 0: at once. */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(60_000)
  SANDBOX_INSURANCE_DELAY_MS = 3_000;

  /**
   * How long the analysis waits for the insurance-data source, in ms (100 … 60,000); past it the
   * lookup is aborted and the analysis answers 504 INSURANCE_DATA_TIMEOUT.
   */
  @EnvInt()
  @IsInt()
  @Min(100)
  @Max(60_000)
  INSURANCE_DATA_TIMEOUT_MS = 10_000;
}
