import { Global, Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import { lookupHashKeyOf, type FieldEncryptionConfig } from '../config/field-encryption-config.js';
import { FieldCipher } from './field-cipher.js';
import { LookupHasher } from './lookup-hash.js';

/**
 * The service's one FieldCipher (DATA_ENCRYPTION_KEYS, sealing with DATA_ENCRYPTION_KEY_ID) and one
 * LookupHasher (LOOKUP_HASH_KEY), built once from its config and injected by class wherever a field
 * is sealed or hashed. Each app imports it once, after PlatformModule (whose config it reads).
 */
@Global()
@Module({
  providers: [
    { provide: FieldCipher, useFactory: (config: FieldEncryptionConfig) => fieldCipherOf(config), inject: [SERVICE_CONFIG] },
    {
      provide: LookupHasher,
      useFactory: (config: FieldEncryptionConfig) => new LookupHasher(lookupHashKeyOf(config)),
      inject: [SERVICE_CONFIG],
    },
  ],
  exports: [FieldCipher, LookupHasher],
})
export class FieldEncryptionModule {}

/** The cipher of the configured key ring, sealing with DATA_ENCRYPTION_KEY_ID (or the first key). */
function fieldCipherOf(config: FieldEncryptionConfig): FieldCipher {
  if (config.DATA_ENCRYPTION_KEYS.length === 0) throw new Error('DATA_ENCRYPTION_KEYS is not set');
  return new FieldCipher(config.DATA_ENCRYPTION_KEYS, config.DATA_ENCRYPTION_KEY_ID ?? config.DATA_ENCRYPTION_KEYS[0]!.split(':')[0]!);
}
