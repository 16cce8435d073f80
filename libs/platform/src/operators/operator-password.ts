import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);

/**
 * argon2id with OWASP's first recommended configuration (Password Storage Cheat Sheet: m=19 MiB,
 * t=2, p=1), a 16-byte salt and a 32-byte tag, by Node's own `crypto.argon2` (no native module).
 * Stored as a PHC string, so that changed parameters still verify old hashes.
 */
export const ARGON2_PARAMETERS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function hashPassword(password: string): Promise<string> {
  const { memory, passes, parallelism, tagLength } = ARGON2_PARAMETERS;
  const nonce = randomBytes(16);
  const tag = await argon2Async('argon2id', { message: password, nonce, memory, passes, parallelism, tagLength });
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(nonce)}$${b64(tag)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, memory, passes, parallelism, salt, hash] = match as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  const tag = await argon2Async('argon2id', {
    message: password,
    nonce: Buffer.from(salt, 'base64'),
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expected.length,
  });
  return timingSafeEqual(tag, expected);
}

/** A hash no password matches, verified for an unknown e-mail so that it takes as long as a known one. */
export const UNMATCHABLE_PASSWORD_HASH = `$argon2id$v=19$m=${ARGON2_PARAMETERS.memory},t=${ARGON2_PARAMETERS.passes},p=1$${b64(Buffer.alloc(16))}$${b64(Buffer.alloc(32))}`;

function b64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

/**
 * The safeguards notice guide's length rule (개인정보의 안전성 확보조치 기준 해설서, 제5조): at least 8
 * characters of 3 kinds, or at least 10 of 2 kinds, among upper-case letters, lower-case letters,
 * digits and symbols. Answers what is wrong, or null.
 */
export function passwordRuleViolation(password: string): string | null {
  if (password.length > 128) return 'must be at most 128 characters';
  const kinds = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;
  if ((password.length >= 8 && kinds >= 3) || (password.length >= 10 && kinds >= 2)) return null;
  return 'must be at least 8 characters of 3 kinds (upper-case, lower-case, digits, symbols) or at least 10 of 2 kinds';
}
