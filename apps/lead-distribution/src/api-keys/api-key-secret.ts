import { randomSecret, sha256Hex } from '#platform';

const KEY_PREFIX = 'ldk_';

/** A new key: `ldk_` and 256 random bits in base64url. */
export function generateApiKey(): string {
  return randomSecret(KEY_PREFIX);
}

export const hashApiKey = sha256Hex;

/** What is shown to recognise a key: `ldk_` and four characters. */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 4);
}
