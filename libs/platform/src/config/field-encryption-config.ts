import { ArrayNotEmpty, IsOptional, IsString, Matches, MinLength, ValidateIf } from 'class-validator';
import { KEY_ENTRY } from '../crypto/field-cipher.js';
import { EnvList } from './config-helpers.js';
import { localSecret } from './local-secret.js';
import { ServiceConfig } from './service-config.js';

/** Variables of a service that encrypts fields at rest and looks encrypted values up by a keyed hash. */
export class FieldEncryptionConfig extends ServiceConfig {
  /**
   * Keys that encrypt fields at rest (AES-256-GCM), as comma-separated `id:base64` entries of 32
   * bytes. Required in production; elsewhere one is generated once and kept under DATA_DIR.
   */
  @ValidateIf((config: FieldEncryptionConfig) => config.NODE_ENV === 'production' || config.DATA_ENCRYPTION_KEYS.length > 0)
  @EnvList()
  // The `each` rules below pass on an empty list: without this, production would silently generate a per-process key.
  @ArrayNotEmpty({ message: 'is required in production' })
  @IsString({ each: true })
  @Matches(KEY_ENTRY, { each: true, message: 'each entry must be id:base64 of 32 bytes' })
  DATA_ENCRYPTION_KEYS: string[] = [];

  /** Id of the key new values are encrypted with; defaults to the first of DATA_ENCRYPTION_KEYS. */
  @IsOptional()
  @IsString()
  DATA_ENCRYPTION_KEY_ID?: string;

  /** Secret of the keyed hash that finds encrypted values without decrypting them (base64, >= 32 bytes). */
  @ValidateIf((config: FieldEncryptionConfig) => config.NODE_ENV === 'production' || config.LOOKUP_HASH_KEY !== undefined)
  @IsString({ message: 'is required in production' })
  @MinLength(43, { message: 'must be at least 32 bytes, base64' })
  LOOKUP_HASH_KEY?: string;
}

/** Development defaults: generates the encryption key and the lookup-hash key once, under the data directory. */
export async function prepareFieldEncryption(config: FieldEncryptionConfig, dataDir: string): Promise<void> {
  if (config.DATA_ENCRYPTION_KEYS.length === 0)
    config.DATA_ENCRYPTION_KEYS = [`local:${await localSecret(dataDir, 'data-encryption-key')}`];
  config.LOOKUP_HASH_KEY ??= await localSecret(dataDir, 'lookup-hash-key');
}

/** LOOKUP_HASH_KEY, which `prepareFieldEncryption` fills outside production. */
export function lookupHashKeyOf(config: FieldEncryptionConfig): string {
  if (!config.LOOKUP_HASH_KEY) throw new Error('LOOKUP_HASH_KEY is not set');
  return config.LOOKUP_HASH_KEY;
}
