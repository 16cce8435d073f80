import {
  hashPassword,
  newRecoveryCodes,
  passwordRuleViolation,
  recoveryCodeHash,
  roleIncludes,
  totpCodeAt,
  totpStepOf,
  verifyPassword,
} from '#platform';

describe('operator credentials', () => {
  it("applies the safeguards guide's rule: 8 characters of 3 kinds, or 10 of 2", () => {
    expect(passwordRuleViolation('abcDEF12')).toBeNull(); // 8, 3 kinds
    expect(passwordRuleViolation('abcdef12#$')).toBeNull(); // 10, 3 kinds
    expect(passwordRuleViolation('abcdefgh12')).toBeNull(); // 10, 2 kinds
    expect(passwordRuleViolation('abcdefg12')).not.toBeNull(); // 9, 2 kinds
    expect(passwordRuleViolation('abcDE12')).not.toBeNull(); // 7, 3 kinds
    expect(passwordRuleViolation('abcdefghijklmnop')).not.toBeNull(); // 16, 1 kind
    expect(passwordRuleViolation(`Aa1${'x'.repeat(126)}`)).toBe('must be at most 128 characters');
  });

  it('hashes passwords with argon2id (OWASP: m=19 MiB, t=2, p=1) and verifies only the same password', async () => {
    const stored = await hashPassword('Tiger#2026');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hashPassword('Tiger#2026')).not.toBe(stored); // a salt of its own
    expect(await verifyPassword('Tiger#2026', stored)).toBe(true);
    expect(await verifyPassword('tiger#2026', stored)).toBe(false);
    expect(await verifyPassword('Tiger#2026', 'not a hash')).toBe(false);
  });

  it('accepts the TOTP code of the current step and one step either side (RFC 6238, 30 s), and no other', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const now = 1_765_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(totpStepOf(secret, totpCodeAt(secret, now), now)).toBe(step);
    expect(totpStepOf(secret, totpCodeAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(totpStepOf(secret, totpCodeAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(totpStepOf(secret, totpCodeAt(secret, now + 90_000), now)).toBeNull();
  });

  it('makes ten distinct recovery codes, hashed without case or dashes', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(recoveryCodeHash(codes[0]!.toLowerCase().replaceAll('-', ' '))).toBe(hashes[0]);
  });

  it('orders the roles viewer < reviewer < admin', () => {
    expect(roleIncludes('admin', 'reviewer')).toBe(true);
    expect(roleIncludes('reviewer', 'reviewer')).toBe(true);
    expect(roleIncludes('viewer', 'reviewer')).toBe(false);
    expect(roleIncludes('superuser', 'viewer')).toBe(false);
  });
});
