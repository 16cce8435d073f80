import { randomBytes } from 'node:crypto';
import { isBirthDateYyyymmdd } from '#contracts';
import { FieldCipher, LookupHasher } from '#platform';
import { VerificationStatus } from '../../src/verifications/entities/customer-verification.entity.js';
import {
  addSeconds,
  attemptsLeft,
  codeHashKey,
  codeMatches,
  confirmRefusal,
  generateCode,
  hashCode,
  isExpired,
  maskedPhone,
  retryAfterSeconds,
} from '../../src/verifications/verification-rules.js';
import { CustomerCipher } from '../../src/customers/customer-cipher.js';

const key = codeHashKey(randomBytes(32).toString('base64url'));
const customerCipher = new CustomerCipher(
  new FieldCipher([`k1:${randomBytes(32).toString('base64')}`], 'k1'),
  new LookupHasher(randomBytes(32).toString('base64url')),
);
const identityKey = (identity: { name: string; birthDate: string; phone: string }) => customerCipher.identityHash(identity);
const id = '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10';

describe('one-time numbers', () => {
  it('are six digits, leading zeros kept, spread over the whole range', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('hash with a key, bound to the verification: another key or another verification gives another hash', () => {
    const hash = hashCode(key, id, '012345');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCode(key, id, '012345')).toBe(hash);
    expect(hashCode(codeHashKey(randomBytes(32).toString('base64url')), id, '012345')).not.toBe(hash);
    expect(hashCode(key, '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e11', '012345')).not.toBe(hash);
  });

  it('match only the number that was hashed, and a malformed stored hash matches nothing', () => {
    const stored = hashCode(key, id, '654321');
    expect(codeMatches(key, id, '654321', stored)).toBe(true);
    expect(codeMatches(key, id, '654322', stored)).toBe(false);
    expect(codeMatches(key, id, '65432', stored)).toBe(false);
    expect(codeMatches(key, 'another-id', '654321', stored)).toBe(false);
    expect(codeMatches(key, id, '654321', stored.slice(2))).toBe(false);
    expect(codeMatches(key, id, '654321', '')).toBe(false);
  });
});

describe('expiry arithmetic', () => {
  const sent = new Date('2026-11-23T06:00:00.000Z');

  it('accepts a number strictly before its 180 s are over', () => {
    const expiresAt = addSeconds(sent, 180);
    expect(expiresAt.toISOString()).toBe('2026-11-23T06:03:00.000Z');
    expect(isExpired(expiresAt, addSeconds(sent, 179.999))).toBe(false);
    expect(isExpired(expiresAt, addSeconds(sent, 180))).toBe(true);
  });

  it('makes a new request wait out the 60 s since the last one, rounding up to whole seconds', () => {
    expect(retryAfterSeconds(null, sent)).toBe(0);
    expect(retryAfterSeconds(sent, sent)).toBe(60);
    expect(retryAfterSeconds(sent, addSeconds(sent, 0.2))).toBe(60);
    expect(retryAfterSeconds(sent, addSeconds(sent, 59.001))).toBe(1);
    expect(retryAfterSeconds(sent, addSeconds(sent, 60))).toBe(0);
    expect(retryAfterSeconds(addSeconds(sent, 2), sent)).toBe(62);
  });

  it('refuses a confirmed verification first, then a locked one, then an expired one', () => {
    const expiresAt = addSeconds(sent, 180);
    const late = addSeconds(sent, 181);
    expect(confirmRefusal({ status: VerificationStatus.Pending, expiresAt }, sent)).toBeNull();
    expect(confirmRefusal({ status: VerificationStatus.Pending, expiresAt }, late)).toBe('EXPIRED');
    expect(confirmRefusal({ status: VerificationStatus.Locked, expiresAt }, late)).toBe('LOCKED');
    expect(confirmRefusal({ status: VerificationStatus.Confirmed, expiresAt }, late)).toBe('ALREADY_CONFIRMED');
  });

  it('counts the attempts left down to zero', () => {
    expect([0, 1, 4, 5, 6].map(attemptsLeft)).toEqual([5, 4, 1, 0, 0]);
  });
});

describe('customer data rules', () => {
  it('treat names typed with or without spaces, or in another Unicode form, as the same person', () => {
    const base = { birthDate: '19850314', phone: '01012345678' };
    expect(identityKey({ ...base, name: '남궁 민수' })).toBe(identityKey({ ...base, name: '남궁민수' }));
    expect(identityKey({ ...base, name: '남궁민수'.normalize('NFD') })).toBe(identityKey({ ...base, name: '남궁민수' }));
    expect(identityKey({ ...base, name: 'Kim Minsu' })).toBe(identityKey({ ...base, name: 'kim  minsu' }));
    expect(identityKey({ ...base, name: '남궁민수' })).not.toBe(identityKey({ ...base, name: '남궁민수', birthDate: '19850315' }));
  });

  it('accept birth dates that are real days, not in the future (Korean calendar)', () => {
    const now = new Date('2026-11-22T16:30:00.000Z'); // 01:30 on 23 November in Korea
    expect(isBirthDateYyyymmdd('20261123', now)).toBe(true);
    expect(isBirthDateYyyymmdd('20261124', now)).toBe(false);
    expect(isBirthDateYyyymmdd('20000229', now)).toBe(true);
    expect(isBirthDateYyyymmdd('19000229', now)).toBe(false);
    expect(isBirthDateYyyymmdd('19850230', now)).toBe(false);
    expect(isBirthDateYyyymmdd('18991231', now)).toBe(false);
    expect(isBirthDateYyyymmdd('1985-03-14', now)).toBe(false);
    expect(isBirthDateYyyymmdd(19850314, now)).toBe(false);
  });

  it('mask the phone a number went to', () => {
    expect(maskedPhone('01012345678')).toBe('010-****-5678');
  });
});
