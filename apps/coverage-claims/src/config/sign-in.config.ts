import { IsInt, IsString, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { EnvInt, FileStorageConfig } from '#platform';

/**
 * Who may call the service and how often: the planners' tokens (JWT_*, their lifetimes), SSO sign-in
 * and the rate limits of planners, sign-in and one-time numbers. Extended by IntegrationsConfig and
 * CoverageClaimsConfig (coverage-claims.config.ts), the service's one config class.
 */
export class SignInConfig extends FileStorageConfig {
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
   * HS256 secret that signs and verifies access tokens (at least 32 characters). Required in
   * production; elsewhere, when unset, a random one is generated once and kept under DATA_DIR.
   */
  @ValidateIf((config: SignInConfig) => config.NODE_ENV === 'production' || config.JWT_SECRET !== undefined)
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
}
