import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** SHA-256 (hex) of a high-entropy secret (keys, codes, refresh tokens): what is stored instead of it. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** 256 random bits in base64url (43 characters), after an optional prefix. */
export function randomSecret(prefix = ''): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** Constant-time membership test of a secret's SHA-256 (hex) among configured hashes. */
export function matchesAnyHash(secretHash: string, hashes: readonly string[]): boolean {
  const candidate = Buffer.from(secretHash, 'hex');
  let found = false;
  for (const hash of hashes) {
    if (timingSafeEqual(candidate, Buffer.from(hash, 'hex'))) found = true;
  }
  return found;
}
