import { randomUUID } from 'node:crypto';
import { isUUID } from 'class-validator';
import jwt from 'jsonwebtoken';
import { MAX_ASSERTION_LIFETIME_SECONDS, SsoAssertionClaimsDto, type UserRole } from '#contracts';
import { validatePlain, validationFailed } from '#platform';
import { AuthErrors } from './auth.errors.js';

/** Clock difference tolerated between an organisation's signer and this service. */
export const CLOCK_TOLERANCE_SECONDS = 30;

/** The organisation an assertion claims to come from (`iss`), read before its signature is checked; null when absent. */
export function assertionIssuer(assertion: string): string | null {
  const payload = jwt.decode(assertion, { json: true });
  const issuer: unknown = payload?.iss;
  return typeof issuer === 'string' && isUUID(issuer) ? issuer : null;
}

/**
 * Verifies an SSO assertion with its organisation's secret: HS256 only, the expected issuer and
 * audience, not expired (30 s tolerance), issued at most 300 s before it expires and not in the
 * future, with valid claims. Signature, expiry, audience and time problems are 401; claims that
 * fail validation are 400 naming `assertion.<claim>`. Whether the `jti` was used before is the
 * caller's check.
 */
export function verifyAssertion(
  assertion: string,
  secret: string,
  expected: { issuer: string; audience: string },
  now = Math.floor(Date.now() / 1000),
): SsoAssertionClaimsDto {
  let payload: string | jwt.JwtPayload;
  try {
    payload = jwt.verify(assertion, secret, {
      algorithms: ['HS256'],
      issuer: expected.issuer,
      audience: expected.audience,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      clockTimestamp: now,
    });
  } catch (error) {
    throw AuthErrors.assertionInvalid(refusalReason(error, expected.audience));
  }
  if (typeof payload !== 'object') throw AuthErrors.assertionInvalid('its payload is not a JSON object');

  const claims = validatePlain(SsoAssertionClaimsDto, payload, 'assertion');
  if (claims.exp - claims.iat > MAX_ASSERTION_LIFETIME_SECONDS) {
    throw validationFailed([{ field: 'assertion.exp', message: `must be at most ${MAX_ASSERTION_LIFETIME_SECONDS} seconds after iat` }]);
  }
  if (claims.iat > now + CLOCK_TOLERANCE_SECONDS) throw AuthErrors.assertionInvalid('it is issued in the future (iat)');
  return claims;
}

function refusalReason(error: unknown, audience: string): string {
  if (error instanceof jwt.TokenExpiredError) return 'it has expired';
  if (error instanceof jwt.NotBeforeError) return 'it is not valid yet (nbf)';
  const message = error instanceof Error ? error.message : '';
  if (message === 'invalid signature') return "its signature does not verify with the organisation's SSO secret";
  if (message === 'invalid algorithm') return 'it is not signed with HS256';
  if (message.startsWith('jwt audience invalid')) return `its audience (aud) is not ${audience}`;
  if (message.startsWith('jwt issuer invalid')) return 'it is not signed by a registered organisation';
  return 'it is not a well-formed JWT';
}

export interface AssertionInput {
  organisationId: string;
  secret: string;
  audience: string;
  fcUserCi: string;
  name: string;
  phone?: string;
  role?: UserRole;
  /** Seconds until it expires (default 120; negative for an expired one). */
  expiresIn?: number;
  jti?: string;
  algorithm?: jwt.Algorithm;
}

/**
 * Signs an assertion the way an organisation's sign-in server does: for the guide's script (docs/guides/coverage-claims.md), the
 * tests, and as the reference of the format.
 */
export function mintAssertion(input: AssertionInput): string {
  const now = Math.floor(Date.now() / 1000);
  const expiresIn = input.expiresIn ?? 120;
  const claims: Record<string, unknown> = { fcUserCi: input.fcUserCi, name: input.name, iat: Math.min(now, now + expiresIn - 60) };
  if (input.phone !== undefined) claims.phone = input.phone;
  if (input.role !== undefined) claims.role = input.role;
  return jwt.sign({ ...claims, exp: now + expiresIn }, input.secret, {
    algorithm: input.algorithm ?? 'HS256',
    issuer: input.organisationId,
    audience: input.audience,
    jwtid: input.jti ?? randomUUID(),
  });
}
