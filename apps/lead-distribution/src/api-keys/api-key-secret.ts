import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_PREFIX = 'ldk_';

/** A new key: `ldk_` and 256 random bits in base64url. */
export function generateApiKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** What is shown to recognise a key: `ldk_` and four characters. */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 4);
}

/** Constant-time membership test of a key's hash among configured hashes. */
export function matchesAnyHash(keyHash: string, hashes: readonly string[]): boolean {
  const candidate = Buffer.from(keyHash, 'hex');
  let found = false;
  for (const hash of hashes) {
    if (timingSafeEqual(candidate, Buffer.from(hash, 'hex'))) found = true;
  }
  return found;
}
