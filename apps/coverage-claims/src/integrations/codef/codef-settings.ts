import { createPublicKey, type KeyObject } from 'node:crypto';
import { ValidateBy } from 'class-validator';

// What CODEF's settings must be, checked where the service's configuration is validated
// (config/integrations.config.ts declares the CODEF_* variables; the rules are CODEF's, so here).

export type CodefEnvironment = 'sandbox' | 'demo' | 'production';

/** CODEF's environments (CODEF_ENV): the sandbox answers fixed samples; demo and production reach real data. */
export const CODEF_ENVIRONMENTS = ['sandbox', 'demo', 'production'] as const satisfies readonly CodefEnvironment[];

/** CODEF's OAuth service, the same for every environment. */
export const CODEF_TOKEN_URL = 'https://oauth.codef.io/oauth/token';

/** Whether an adapter uses CODEF (then the service holds one CODEF client: codef.module.ts). */
export const usesCodef = (config: { INSURANCE_DATA_ADAPTER: string; NHIS_ADAPTER: string }) =>
  config.INSURANCE_DATA_ADAPTER === 'codef' || config.NHIS_ADAPTER === 'codef';

/** How a CODEF_* variable's message says when it is needed. */
export const WITH_CODEF = 'required with INSURANCE_DATA_ADAPTER=codef or NHIS_ADAPTER=codef';

/**
 * The account's public key as CODEF shows it (base64 of a DER SubjectPublicKeyInfo, no armour) or as
 * PEM; throws unless it is an RSA public key.
 */
export function parseCodefPublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  const key = trimmed.startsWith('-----BEGIN')
    ? createPublicKey(trimmed)
    : createPublicKey({ key: Buffer.from(trimmed.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`the key is ${key.asymmetricKeyType ?? 'of no known type'}, not RSA`);
  return key;
}

/** CODEF_PUBLIC_KEY: an RSA public key as CODEF shows an account's (base64 of its DER SubjectPublicKeyInfo) or PEM. */
export const IsCodefPublicKey = () =>
  ValidateBy({
    name: 'isCodefPublicKey',
    validator: {
      validate: (value: unknown) => {
        if (typeof value !== 'string' || value.trim() === '') return false;
        try {
          parseCodefPublicKey(value);
          return true;
        } catch {
          return false;
        }
      },
      defaultMessage: () => `must be the RSA public key CODEF shows for the account (base64, or PEM) (${WITH_CODEF})`,
    },
  });
