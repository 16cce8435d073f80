import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256Hex } from '../crypto/secret-hash.js';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;

function totpOf(secretBase32: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** A new secret of 160 bits (RFC 4226's recommended length), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secretBase32: string, issuer: string, email: string): string {
  return totpOf(secretBase32, issuer, email).toString();
}

/**
 * The time step a code is valid for (the current one, or one step either side for clock drift), or
 * null when it is not; the caller accepts a step once (a replayed code is refused).
 */
export function totpStepOf(secretBase32: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secretBase32, 'x', 'x').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of a time: for tests and for nothing else. */
export function totpCodeAt(secretBase32: string, now = Date.now()): string {
  return totpOf(secretBase32, 'x', 'x').generate({ timestamp: now });
}

/** Ten one-time recovery codes (60 bits each, `XXXX-XXXX-XXXX` in Crockford's base32) and the hashes to store. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: 10 }, () => {
    const bytes = randomBytes(12);
    const text = Array.from(bytes, (byte) => CROCKFORD[byte & 31]).join('');
    return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}`;
  });
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

/** The hash a recovery code is kept as: upper-cased, without dashes or spaces. */
export function recoveryCodeHash(code: string): string {
  return sha256Hex(code.toUpperCase().replace(/[\s-]/g, ''));
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
