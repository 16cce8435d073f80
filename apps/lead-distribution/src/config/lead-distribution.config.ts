import { IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';
import { EnvInt, EnvList, KEY_ENTRY, ServiceConfig } from '#platform';

export class LeadDistributionConfig extends ServiceConfig {
  override PORT = 3001;

  override EMBEDDED_DATABASE_PORT = 54321;

  /**
   * Operator keys accepted in addition to those in the database (comma-separated), so that a fresh
   * install can create its first partners. Each at least 32 characters.
   */
  @EnvList()
  @IsString({ each: true })
  @MinLength(32, { each: true, message: 'each key must be at least 32 characters long' })
  OPERATOR_API_KEYS: string[] = [];

  /**
   * Keys that encrypt phone numbers at rest (AES-256-GCM), as comma-separated `id:base64` entries of
   * 32 bytes. Required in production; elsewhere one is generated once and kept under DATA_DIR.
   */
  @ValidateIf((config: LeadDistributionConfig) => config.NODE_ENV === 'production' || config.DATA_ENCRYPTION_KEYS.length > 0)
  @EnvList()
  @IsString({ each: true })
  @Matches(KEY_ENTRY, { each: true, message: 'each entry must be id:base64 of 32 bytes' })
  DATA_ENCRYPTION_KEYS: string[] = [];

  /** Id of the key new values are encrypted with; defaults to the first of DATA_ENCRYPTION_KEYS. */
  @IsOptional()
  @IsString()
  DATA_ENCRYPTION_KEY_ID?: string;

  /** Secret of the keyed hash that finds duplicate phone numbers without decrypting (base64, >= 32 bytes). */
  @ValidateIf((config: LeadDistributionConfig) => config.NODE_ENV === 'production' || config.LOOKUP_HASH_KEY !== undefined)
  @IsString({ message: 'is required in production' })
  @MinLength(43, { message: 'must be at least 32 bytes, base64' })
  LOOKUP_HASH_KEY?: string;

  /** A lead with the same phone for the same product within this many days is a duplicate (409). */
  @EnvInt()
  @IsInt()
  @Min(0)
  @Max(3650)
  DUPLICATE_WINDOW_DAYS = 90;

  /** Base URL under which stored files (evidence, lead attachments) are served; a file's URL is this plus its key. */
  @IsString()
  CDN_BASE_URL = 'http://127.0.0.1:3001/files';
}
