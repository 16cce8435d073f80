/*
 * What CODEF's result codes mean, in one place so that a fact found wrong is corrected here alone.
 * Sources and certainty of each line: docs/sources/codef.md.
 */

/** Why a CODEF call gave no usable answer, in the words the ports map to their own errors. */
export type CodefFailureKind =
  /** CODEF or the institution behind it failed, or gave no answer we can read. */
  | 'UNAVAILABLE'
  /** No answer within the call's time (ours, or the provider's wait for the institution). */
  | 'TIMED_OUT'
  /** The customer cancelled the second step in their app. */
  | 'CANCELLED'
  /** Too many follow-ups of a second step: start over. */
  | 'RETRY_LIMIT'
  /** The second step's time ran out: start over. */
  | 'AUTH_EXPIRED'
  /** The customer's sign-in with the institution is wrong. */
  | 'CREDENTIALS'
  /** The customer's account with the institution is locked. */
  | 'LOCKED'
  /** A parameter the institution refuses (missing, malformed, an identity that does not match). */
  | 'INPUT'
  /** Our account with CODEF is set up wrong: no customer input can fix it (logged at error level). */
  | 'CONFIGURATION';

/** Done: `data` holds the product's answer (unless it carries `continue2Way: true`, the older two-step form). */
export const CODEF_DONE = 'CF-00000';

/** A second step is needed: `data` holds the two-step info (`continue2Way`, `method`, `jobIndex`, ...). */
export const CODEF_TWO_WAY = 'CF-03002';

/**
 * ASSUMED: the code CODEF answers when an RSA-encrypted field does not decrypt with the account's
 * private key (our CODEF_PUBLIC_KEY is another account's, or not CODEF's). Not published where we
 * could read it; the fake answers it, and it is CONFIGURATION like the other key mix-ups.
 */
export const CODEF_UNDECRYPTABLE = 'CF-00007';

/** Each known failure code, with its kind and what it means (for the log line, never the customer). */
export const CODEF_FAILURES: ReadonlyMap<string, { kind: CodefFailureKind; meaning: string }> = new Map([
  ['CF-00001', { kind: 'INPUT', meaning: 'a required parameter is missing (assumed)' }],
  ['CF-00003', { kind: 'CONFIGURATION', meaning: 'the product is not subscribed for this account (assumed)' }],
  ['CF-00004', { kind: 'CONFIGURATION', meaning: 'demo keys used with production, or the reverse: check CODEF_ENV and the keys' }],
  ['CF-00005', { kind: 'CONFIGURATION', meaning: 'demo keys used with production, or the reverse: check CODEF_ENV and the keys' }],
  [CODEF_UNDECRYPTABLE, { kind: 'CONFIGURATION', meaning: 'an encrypted field does not decrypt: check CODEF_PUBLIC_KEY (assumed)' }],
  ['CF-00023', { kind: 'UNAVAILABLE', meaning: 'the provider failed (assumed)' }],
  ['CF-01004', { kind: 'TIMED_OUT', meaning: 'the institution did not answer in the provider’s wait (assumed)' }],
  ['CF-09999', { kind: 'UNAVAILABLE', meaning: 'the provider failed (assumed)' }],
  ['CF-11021', { kind: 'AUTH_EXPIRED', meaning: 'the second step’s time ran out (assumed)' }],
  ['CF-12102', { kind: 'CANCELLED', meaning: 'the customer cancelled the second step' }],
  ['CF-12801', { kind: 'INPUT', meaning: 'the identity check failed (assumed)' }],
  ['CF-12802', { kind: 'INPUT', meaning: 'the identity check failed (assumed)' }],
  ['CF-12803', { kind: 'CREDENTIALS', meaning: 'the customer’s id or password is wrong (assumed)' }],
  ['CF-12804', { kind: 'LOCKED', meaning: 'the customer’s account is locked (assumed)' }],
  ['CF-12872', { kind: 'RETRY_LIMIT', meaning: 'too many follow-ups of the second step' }],
]);

/**
 * The kind of a result code that is neither done nor a second step. A code not listed is
 * UNAVAILABLE: the safe reading (the caller answers 502) until the code is known; its log line
 * names it so that it can be added here.
 */
export function failureKindOf(code: string): CodefFailureKind {
  return CODEF_FAILURES.get(code)?.kind ?? 'UNAVAILABLE';
}
