import { constants, privateDecrypt, randomBytes, type KeyObject } from 'node:crypto';

/*
 * How the CODEF fake reads a request and writes an answer, as CODEF does (codef-fake.ts has the
 * routes and the sign-in flow): the URL-encoded JSON body, the RSA field, the products' required
 * parameters, the result envelope.
 */

/** The products' paths, as CODEF publishes them. */
export const CODEF_FAKE_PATHS = {
  contracts: '/v1/kr/insurance/0001/credit4u/contract-info',
  checkups: '/v1/kr/public/pp/nhis-health-checkup/result',
} as const;

export type Product = keyof typeof CODEF_FAKE_PATHS;

export type Answer = { status: number; body: unknown; plain?: boolean; html?: boolean };

/** The parameters a follow-up adds to the identical first request. */
const FOLLOW_UP_KEYS = new Set(['is2Way', 'twoWayInfo', 'simpleAuth', 'secureNo', 'secureNoRefresh', 'smsAuthNo', 'emailAuthNo']);
/** PASS (`loginTypeLevel` 5) needs the telecom; the others do not. */
const NHIS_LOGIN_LEVELS = new Set(['1', '3', '4', '5', '6', '7', '8']);

/** The body as CODEF reads it: URL-encoded JSON of an object (a `+` is a space); undefined for anything else, plain JSON included. */
export function readBody(raw: string): Record<string, unknown> | undefined {
  if (raw.includes('{') || raw.includes('"')) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(raw.replace(/\+/g, ' '))) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * RSA PKCS#1 v1.5 decryption of CODEF's base64 field. Node 24 refuses privateDecrypt with
 * RSA_PKCS1_PADDING (CVE-2023-46809), so the fake decrypts raw and checks the type-2 padding itself
 * (0x00 0x02, at least 8 non-zero bytes, 0x00, the message). Timing leaks do not matter in a test fake.
 */
export function pkcs1Decrypt(key: KeyObject, base64: string): string | undefined {
  try {
    const block = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, Buffer.from(base64, 'base64'));
    if (block[0] !== 0 || block[1] !== 2) return undefined;
    const separator = block.indexOf(0, 2);
    if (separator < 10) return undefined;
    return block.subarray(separator + 1).toString('utf8');
  } catch {
    return undefined;
  }
}

export function missingParameter(product: Product, params: Record<string, unknown>): string | undefined {
  const required =
    product === 'contracts'
      ? ['organization', 'id', 'password', 'type', 'userName', 'identity', 'phoneNo']
      : [
          'organization',
          'loginType',
          'loginTypeLevel',
          'identity',
          'userName',
          'phoneNo',
          'id',
          'inquiryType',
          'searchStartYear',
          'searchEndYear',
          'type',
          ...(params.loginTypeLevel === '5' ? ['telecom'] : []),
        ];
  const missing = required.find((key) => typeof params[key] !== 'string' || params[key] === '');
  if (missing) return missing;
  if (product === 'contracts' && params.organization !== '0001') return 'organization';
  if (product === 'checkups') {
    if (params.organization !== '0002') return 'organization';
    if (params.loginType !== '5') return 'loginType';
    if (!NHIS_LOGIN_LEVELS.has(params.loginTypeLevel as string)) return 'loginTypeLevel';
    if (!/^\d{8}$/.test(params.identity as string)) return 'identity';
    if (!/^\d{4}$/.test(params.searchStartYear as string) || !/^\d{4}$/.test(params.searchEndYear as string)) return 'searchStartYear';
  }
  return undefined;
}

export function withoutFollowUp(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([key]) => !FOLLOW_UP_KEYS.has(key)));
}

export function sameRequest(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

export function result(code: string, message: string, extraMessage: string) {
  return { result: { code, message, extraMessage, transactionId: randomBytes(12).toString('hex') } };
}

export function coded(code: string, message: string): Answer {
  return { status: 200, body: { ...result(code, message, ''), data: {} } };
}

/** A small JPEG-looking `data:` URL as CODEF's sample gives it (`data:img/jpeg`, sic); new bytes each time. */
export function secureNoImage(): string {
  return `data:img/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(60), Buffer.from([0xff, 0xd9])]).toString('base64')}`;
}
