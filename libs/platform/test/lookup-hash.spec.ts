import { createHmac, randomBytes } from 'node:crypto';
import { lookupHash } from '../src/crypto/lookup-hash.js';

const key = randomBytes(32).toString('base64url');
const hmac = (input: string) => createHmac('sha256', Buffer.from(key, 'base64url')).update(input, 'utf8').digest('hex');

describe('lookupHash', () => {
  it('hashes the domain and the parts joined by NUL, so equal values of two domains never share a hash', () => {
    expect(lookupHash(key, 'claim-client-tel', '01012345678')).toBe(hmac('claim-client-tel\u000001012345678'));
    expect(lookupHash(key, 'customer', '김민수', '19850314', '01012345678')).toBe(
      hmac('customer\u0000김민수\u000019850314\u000001012345678'),
    );
    expect(lookupHash(key, 'claim-client-tel', '01012345678')).not.toBe(lookupHash(key, 'phone', '01012345678'));
  });

  it('keeps the bare value as input in the domains stored before the rule (phone, fc-user-ci), so stored hashes still match', () => {
    expect(lookupHash(key, 'phone', '01012345678')).toBe(hmac('01012345678'));
    expect(lookupHash(key, 'fc-user-ci', 'CI-of-a-user')).toBe(hmac('CI-of-a-user'));
  });
});
