import { parseJson, responseText } from '../provider-answer.js';

/** What asking CODEF's OAuth service for a token came to. */
export type CodefTokenAnswer =
  | { kind: 'token'; value: string }
  /** The OAuth service refused our client id and secret (401, or 400 naming `invalid_client` / `unauthorized_client`). */
  | { kind: 'refused'; status: number; error: string }
  /** No usable answer: network error, timeout, a 5xx, not the OAuth service's JSON. */
  | { kind: 'none'; reason: string };

export interface CodefTokenOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** How long the token request may take, in ms. */
  timeoutMs: number;
  now: () => number;
}

/** A token is renewed this long before CODEF says it expires (a week), so that none lapses in flight. */
const RENEW_BEFORE_MS = 10 * 60_000;

/**
 * CODEF's OAuth tokens (client credentials, Basic auth), kept for the process until shortly before
 * they expire. Callers that need one at the same time share one request, so that one renewal runs at
 * a time; a caller giving up does not cut it off for the others.
 */
export class CodefTokenSource {
  private cached?: { value: string; renewAt: number; expiresAt: number };
  private inFlight?: Promise<CodefTokenAnswer>;

  constructor(private readonly options: CodefTokenOptions) {}

  /** A token from the cache or the OAuth service; resolves `none` with the caller's reason once `signal` aborts. */
  get(signal?: AbortSignal): Promise<CodefTokenAnswer> {
    if (this.cached && this.options.now() < this.cached.renewAt) return Promise.resolve({ kind: 'token', value: this.cached.value });
    this.inFlight ??= this.renew().finally(() => (this.inFlight = undefined));
    return signal ? untilAborted(this.inFlight, signal) : this.inFlight;
  }

  /** Forgets `value` (CODEF refused it); the next `get` asks the OAuth service again. */
  invalidate(value: string): void {
    if (this.cached?.value === value) this.cached = undefined;
  }

  /**
   * A new token; when the OAuth service gives none (down, slow), the cached one while it is still
   * valid: renewal starts before expiry so that a brief outage there costs no call.
   */
  private async renew(): Promise<CodefTokenAnswer> {
    const answer = await this.request();
    const cached = this.cached;
    if (answer.kind === 'none' && cached && this.options.now() < cached.expiresAt) return { kind: 'token', value: cached.value };
    return answer;
  }

  private async request(): Promise<CodefTokenAnswer> {
    const { tokenUrl, clientId, clientSecret, timeoutMs } = this.options;
    const timeout = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetch(tokenUrl, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        },
        body: 'grant_type=client_credentials&scope=read',
        redirect: 'error',
        signal: timeout,
      });
      status = response.status;
      text = await responseText(response);
    } catch (error) {
      return { kind: 'none', reason: describeFailure(error, timeout, timeoutMs) };
    }
    const body = parseJson(text) as { access_token?: unknown; expires_in?: unknown; error?: unknown } | undefined;
    if (status === 200) {
      if (typeof body?.access_token !== 'string' || body.access_token === '')
        return { kind: 'none', reason: 'the OAuth service answered 200 without an access token' };
      // A lifetime that cannot be read: the token serves this request only.
      if (typeof body.expires_in === 'number' && body.expires_in > 0) {
        const expiresAt = this.options.now() + body.expires_in * 1000;
        this.cached = { value: body.access_token, renewAt: expiresAt - RENEW_BEFORE_MS, expiresAt };
      }
      return { kind: 'token', value: body.access_token };
    }
    // Only a refusal of the client itself is one: a 403 of a proxy, a 404 of a maintenance page or a 408
    // is the way to CODEF failing, which must not stop a service at start-up as a wrong secret does.
    const error = typeof body?.error === 'string' ? body.error.slice(0, 100) : undefined;
    if (status === 401 || (status === 400 && (error === 'invalid_client' || error === 'unauthorized_client')))
      return { kind: 'refused', status, error: error ?? 'no error named' };
    return { kind: 'none', reason: `the OAuth service answered ${status}${error ? ` (${error})` : ''}` };
  }
}

/**
 * Says why a fetch gave no answer, without anything of the request. Read from the signals, not the
 * error: fetch's errors come from Node's realm, not always `instanceof Error` here.
 */
export function describeFailure(error: unknown, timeout: AbortSignal, timeoutMs: number): string {
  if (timeout.aborted) return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = typeof cause === 'object' && cause !== null ? cause.code : undefined;
  return `the connection failed${typeof code === 'string' ? ` (${code})` : ''}`;
}

function untilAborted(answer: Promise<CodefTokenAnswer>, signal: AbortSignal): Promise<CodefTokenAnswer> {
  const gaveUp: CodefTokenAnswer = { kind: 'none', reason: 'the caller gave up' };
  if (signal.aborted) return Promise.resolve(gaveUp);
  return new Promise((resolve) => {
    const onAbort = () => resolve(gaveUp);
    signal.addEventListener('abort', onAbort, { once: true });
    void answer.then((value) => {
      signal.removeEventListener('abort', onAbort);
      resolve(value);
    });
  });
}
