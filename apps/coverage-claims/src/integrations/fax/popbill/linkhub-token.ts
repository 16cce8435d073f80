import { createHash, createHmac } from 'node:crypto';
import type { PopbillError } from './popbill-codes.js';
import { parseJson, responseText } from '../../provider-answer.js';

/** What asking for a session token came to. */
export type TokenAnswer =
  | { kind: 'token'; value: string }
  /** LinkHub answered with an error: credentials, member, clock (or its own failure, 5xx). */
  | { kind: 'refused'; error: PopbillError }
  /** No usable answer: network error, timeout, not LinkHub's JSON, or the caller gave up. */
  | { kind: 'none'; reason: string };

export interface LinkhubTokenOptions {
  linkId: string;
  /** Base64, as Popbill issues it; the HMAC key is its decoded bytes. */
  secretKey: string;
  /** The Popbill member the token acts for (its business number): LinkHub's `access_id`. */
  corpNum: string;
  /** `POPBILL_TEST` (the test bed) or `POPBILL`. */
  serviceId: string;
  /** Popbill's scopes for the service: FaxService.js asks for `member`, `160` and `161`. */
  scopes: readonly string[];
  /** LinkHub's auth service, e.g. https://auth.linkhub.co.kr. */
  authUrl: string;
  timeoutMs: number;
}

const API_VERSION = '2.0';
/** A token is renewed this long before its `expiration`, so that no request carries one that lapses in flight. */
const RENEW_BEFORE_MS = 60_000;

/**
 * Popbill's session tokens from LinkHub's auth service (`POST /{ServiceID}/Token`), signed as linkhub's
 * TokenBuilder.js signs them, kept for the process until shortly before they expire. Callers that need
 * one at the same time share one request; a caller giving up does not cut it off for the others.
 */
export class LinkhubTokenSource {
  private cached?: { value: string; renewAt: number };
  private inFlight?: Promise<TokenAnswer>;
  private readonly secret: Buffer;

  constructor(
    private readonly options: LinkhubTokenOptions,
    private readonly now: () => number = Date.now,
  ) {
    this.secret = Buffer.from(options.secretKey, 'base64');
  }

  async get(signal: AbortSignal): Promise<TokenAnswer> {
    if (this.cached && this.now() < this.cached.renewAt) return { kind: 'token', value: this.cached.value };
    this.inFlight ??= this.request().finally(() => (this.inFlight = undefined));
    return untilAborted(this.inFlight, signal);
  }

  /** Forgets `value` (Popbill refused it); the next `get` asks LinkHub again. */
  invalidate(value: string): void {
    if (this.cached?.value === value) this.cached = undefined;
  }

  private async request(): Promise<TokenAnswer> {
    const uri = `/${this.options.serviceId}/Token`;
    const body = JSON.stringify({ access_id: this.options.corpNum, scope: this.options.scopes });
    const date = new Date(this.now()).toISOString();
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.options.authUrl.replace(/\/+$/, '')}${uri}`, {
        method: 'POST',
        headers: {
          'x-lh-date': date,
          'x-lh-version': API_VERSION,
          Authorization: `LINKHUB ${this.options.linkId} ${this.signature(body, date, uri)}`,
          'Content-Type': 'Application/json',
        },
        body,
        // As SOLAPI's and CODEF's calls: a redirect is a failure, never a second host handed the signed request.
        redirect: 'error',
        signal: timeout,
      });
      text = await responseText(response);
    } catch (error) {
      return { kind: 'none', reason: describeFailure(error, timeout, this.options.timeoutMs) };
    }
    const answer = parseJson(text);
    if (response.status === 200) {
      const token = answer as { session_token?: unknown; expiration?: unknown } | undefined;
      if (typeof token?.session_token !== 'string' || token.session_token === '')
        return { kind: 'none', reason: 'LinkHub answered 200 without a session token' };
      const expiresAt = typeof token.expiration === 'string' ? Date.parse(token.expiration) : NaN;
      // A token whose expiration cannot be read serves this request only.
      if (Number.isFinite(expiresAt)) this.cached = { value: token.session_token, renewAt: expiresAt - RENEW_BEFORE_MS };
      return { kind: 'token', value: token.session_token };
    }
    const error = popbillError(response.status, answer);
    return error ? { kind: 'refused', error } : { kind: 'none', reason: `LinkHub answered ${response.status} without its error body` };
  }

  /**
   * TokenBuilder.js: HMAC-SHA256 with the decoded SecretKey over `POST`, the body's base64 SHA-256, the
   * date, the API version and the URI, one per line (the forwarded-IP line it adds when IP restriction is
   * off is left out: the SDK's default keeps it on), base64.
   */
  private signature(body: string, date: string, uri: string): string {
    const bodyDigest = createHash('sha256').update(body).digest('base64');
    const target = ['POST', bodyDigest, date, API_VERSION, uri].join('\n');
    return createHmac('sha256', this.secret).update(target).digest('base64');
  }
}

/** `{code, message}` as LinkHub and Popbill answer errors, or undefined when the body is not that. */
export function popbillError(status: number, body: unknown): PopbillError | undefined {
  const error = body as { code?: unknown; message?: unknown } | undefined;
  if (typeof error?.code !== 'number' || !Number.isInteger(error.code)) return undefined;
  return { status, code: error.code, message: typeof error.message === 'string' ? error.message.slice(0, 300) : '' };
}

/**
 * Says why a fetch gave no answer, without anything of the request (no number, no token). Read from the
 * signals, not the error: fetch's errors come from Node's realm, not always `instanceof Error` here.
 */
export function describeFailure(error: unknown, timeout: AbortSignal, timeoutMs: number, caller?: AbortSignal): string {
  if (caller?.aborted) return 'the caller gave up';
  if (timeout.aborted) return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause === 'object' && cause !== null ? cause.code : undefined;
  return `the connection failed${typeof code === 'string' ? ` (${code})` : ''}`;
}

function untilAborted(answer: Promise<TokenAnswer>, signal: AbortSignal): Promise<TokenAnswer> {
  if (signal.aborted) return Promise.resolve({ kind: 'none', reason: 'the caller gave up' });
  return new Promise((resolve) => {
    const onAbort = () => resolve({ kind: 'none', reason: 'the caller gave up' });
    signal.addEventListener('abort', onAbort, { once: true });
    void answer.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}
