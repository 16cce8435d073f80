import { randomBytes } from 'node:crypto';
import { FieldCipher } from '../src/crypto/field-cipher.js';
import { lookupHash } from '../src/crypto/lookup-hash.js';

const key = (id: string) => `${id}:${randomBytes(32).toString('base64url')}`;

describe('FieldCipher', () => {
  it('seals with the active key and opens what it sealed', () => {
    const cipher = new FieldCipher([key('k1')], 'k1');
    const sealed = cipher.seal('01012345678');
    expect(sealed.keyId).toBe('k1');
    expect(sealed.ciphertext.toString('utf8')).not.toContain('01012345678');
    expect(cipher.open(sealed)).toBe('01012345678');
  });

  it('uses a fresh IV each time, so equal values do not look equal', () => {
    const cipher = new FieldCipher([key('k1')], 'k1');
    expect(cipher.seal('same').ciphertext.equals(cipher.seal('same').ciphertext)).toBe(false);
  });

  it('opens values sealed with an older key after rotation', () => {
    const old = key('k1');
    const sealed = new FieldCipher([old], 'k1').seal('01099998888');
    const rotated = new FieldCipher([key('k2'), old], 'k2');
    expect(rotated.open(sealed)).toBe('01099998888');
    expect(rotated.seal('x').keyId).toBe('k2');
  });

  it('refuses tampered ciphertext', () => {
    const cipher = new FieldCipher([key('k1')], 'k1');
    const sealed = cipher.seal('01012345678');
    sealed.ciphertext[sealed.ciphertext.length - 1]! ^= 1;
    expect(() => cipher.open(sealed)).toThrow();
  });

  it('refuses a configuration whose active key is missing or malformed', () => {
    expect(() => new FieldCipher([key('k1')], 'k2')).toThrow(/active encryption key/);
    expect(() => new FieldCipher(['k1:short'], 'k1')).toThrow(/id:base64/);
  });

  it('hashes equal values equally per key, differently across keys', () => {
    const a = randomBytes(32).toString('base64url');
    const b = randomBytes(32).toString('base64url');
    expect(lookupHash(a, 'phone', '01012345678')).toBe(lookupHash(a, 'phone', '01012345678'));
    expect(lookupHash(a, 'phone', '01012345678')).not.toBe(lookupHash(b, 'phone', '01012345678'));
  });
});
