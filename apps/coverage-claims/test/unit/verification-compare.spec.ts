import { jest } from '@jest/globals';
import * as crypto from 'node:crypto';

// The one-time number is compared as a keyed digest, through timingSafeEqual over the whole digest:
// how near a guess is never decides how long the comparison takes. A wall-clock test cannot show
// this (a nanosecond compare beside a microsecond HMAC, on a loaded machine), so this one watches the
// comparison itself: every guess, right or wrong in any digit, reaches timingSafeEqual with two
// 32-byte digests and never the number.
const compared: Array<[Buffer, Buffer]> = [];
jest.unstable_mockModule('node:crypto', () => ({
  ...crypto,
  timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
    compared.push([Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)]);
    return crypto.timingSafeEqual(a, b);
  },
}));
const { codeHashKey, codeMatches, hashCode } = await import('../../src/verifications/verification-rules.js');

const key = codeHashKey(crypto.randomBytes(32).toString('base64url'));
const id = '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10';

describe('one-time number comparison', () => {
  beforeEach(() => (compared.length = 0));

  it.each(['111111', '111112', '211111', '999999', '000000'])(
    'compares the keyed digest of %s with the stored one in constant time',
    (guess) => {
      const stored = hashCode(key, id, '111111');
      expect(codeMatches(key, id, guess, stored)).toBe(guess === '111111');
      expect(compared).toHaveLength(1);
      const [presented, kept] = compared[0]!;
      expect([presented.length, kept.length]).toEqual([32, 32]);
      expect(kept.toString('hex')).toBe(stored);
      expect(presented.toString('hex')).toBe(hashCode(key, id, guess));
      expect(presented.includes(Buffer.from(guess))).toBe(false);
    },
  );

  it('refuses a stored hash of another length without comparing (it never was a digest)', () => {
    expect(codeMatches(key, id, '111111', hashCode(key, id, '111111').slice(2))).toBe(false);
    expect(compared).toHaveLength(0);
  });
});
