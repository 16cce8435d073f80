import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * Operators of the browser tests: people with accounts, created through the API with the bootstrap
 * key (OPERATOR_API_KEYS, which outside production keeps working), who sign in to the console with
 * their password and a TOTP code the test computes from the enrolment secret the page shows, with the
 * library the services use (otpauth: RFC 6238, SHA-1, 6 digits, 30 s).
 */
export type OperatorRole = 'viewer' | 'reviewer' | 'admin';

export interface OperatorAccount {
  id: string;
  name: string;
  email: string;
  role: OperatorRole;
  password: string;
  /** The TOTP secret once enrolled (read from the enrolment page); undefined before the first sign-in. */
  secret?: string;
  /** The recovery codes shown at enrolment, the unused ones. */
  recoveryCodes: string[];
  /** The last time step whose code was used: the service takes each step once. */
  lastStep?: number;
}

const PERIOD_MS = 30_000;

/**
 * A code of `account`'s secret the service takes now: the current step's, or (when that one was used)
 * the next step's, which its one-step window for clock drift accepts. Marks the step used.
 */
export function nextTotpCode(account: OperatorAccount): string {
  if (account.secret === undefined) throw new Error(`${account.email} has not enrolled a second factor yet`);
  const now = Date.now();
  let step = Math.floor(now / PERIOD_MS);
  if (account.lastStep !== undefined && step <= account.lastStep) step = account.lastStep + 1;
  if (step > Math.floor(now / PERIOD_MS) + 1) throw new Error('no unused TOTP step within the window: wait for the next one');
  account.lastStep = step;
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(account.secret) }).generate({
    timestamp: step * PERIOD_MS,
  });
}

let accounts = 0;

/** The body that creates a new account (a unique e-mail; a password of the guide's rule). */
export function newAccountBody(
  role: OperatorRole = 'admin',
  name = '한지우',
): { name: string; email: string; role: OperatorRole; password: string } {
  accounts += 1;
  return {
    name,
    email: `operator-${process.pid}-${accounts}-${randomBytes(3).toString('hex')}@example.com`,
    role,
    password: `Pw-${randomBytes(9).toString('base64url')}7a`,
  };
}

/** A six-digit code that none of the steps the service accepts now gives (a wrong code). */
export function wrongTotpCode(secret: string): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  const near = new Set([-1, 0, 1, 2].map((steps) => totp.generate({ timestamp: Date.now() + steps * PERIOD_MS })));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!near.has(code)) return code;
  }
}
