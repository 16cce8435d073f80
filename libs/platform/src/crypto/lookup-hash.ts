import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

// One rule for every lookup hash (docs/decisions/lookup-hashes.md): HMAC-SHA256 under the
// service's LOOKUP_HASH_KEY, hex, of the domain and the value's parts joined by NUL, so that equal
// values of two kinds never share a hash. A domain is what the value is, not the column: every
// column holding a phone hashes it in the `phone` domain and can be matched with the others.

/**
 * Every domain a lookup hash is taken in, with the column(s) that store it. `phone` and
 * `fc-user-ci` were stored before the rule with the bare value as input, and stay bare so that the
 * stored hashes keep matching (rehashing needs the key, which only the service has). A bare value
 * never contains NUL, so it never meets a prefixed input; the two bare domains are told apart by
 * what they hold only (a phone's digits, a CI). A new domain is never bare.
 */
export const LOOKUP_HASH_DOMAINS = {
  /** Digits (01012345678): customers.phone_hash, customer_verifications.phone_hash, sandbox_sms_messages.phone_hash, leads.phone_hash. Bare. */
  phone: { bare: true },
  /** A user's fcUserCi: users.fc_user_ci_hash. Bare. */
  'fc-user-ci': { bare: true },
  /** A person (normalised name, birth date, phone): customers.identity_hash. */
  customer: { bare: false },
  /** A claim's client name, normalised: claims.client_name_hash. */
  'claim-client-name': { bare: false },
  /** A claim's client birth date (YYYYMMDD): claims.client_birthday_hash. */
  'claim-client-birthday': { bare: false },
  /** A claim's client phone (digits): claims.client_tel_hash. */
  'claim-client-tel': { bare: false },
} as const satisfies Record<string, { bare: boolean }>;

export type LookupHashDomain = keyof typeof LOOKUP_HASH_DOMAINS;

/** Keyed hash (HMAC-SHA256, hex) of `parts` in `domain`, for equality look-ups of encrypted values without decrypting them. */
export function lookupHash(key: string, domain: LookupHashDomain, ...parts: [string, ...string[]]): string {
  const input = LOOKUP_HASH_DOMAINS[domain].bare ? parts : [domain, ...parts];
  return createHmac('sha256', decodedKey(key)).update(input.join('\u0000'), 'utf8').digest('hex');
}

/**
 * The service's lookup hash: `lookupHash` under its LOOKUP_HASH_KEY, injected by class
 * (FieldEncryptionModule) wherever a value is hashed for a look-up.
 */
export class LookupHasher {
  constructor(private readonly key: string) {}

  hash(domain: LookupHashDomain, ...parts: [string, ...string[]]): string {
    return lookupHash(this.key, domain, ...parts);
  }
}

/**
 * Each configured hash key decoded and made a KeyObject once (a service has one or two); a raw key
 * given to createHmac is made one on every call, 8 of a hash's 10 µs.
 */
const decodedHashKeys = new Map<string, KeyObject>();

function decodedKey(key: string): KeyObject {
  let secret = decodedHashKeys.get(key);
  if (!secret) decodedHashKeys.set(key, (secret = createSecretKey(Buffer.from(key, 'base64url'))));
  return secret;
}
