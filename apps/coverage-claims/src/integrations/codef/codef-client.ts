import { constants, publicEncrypt, type KeyObject } from 'node:crypto';
import { Logger, type LoggerService } from '@nestjs/common';
import { Counter, Histogram, type Registry } from 'prom-client';
import type { MetricsRegistry } from '#platform';
import { ProviderAnswerTooLargeError, parseJson, responseText } from '../provider-answer.js';
import { CODEF_DONE, CODEF_FAILURES, CODEF_TWO_WAY, failureKindOf, type CodefFailureKind } from './codef-codes.js';
import { CODEF_TOKEN_URL, parseCodefPublicKey, type CodefEnvironment } from './codef-settings.js';
import { CodefTokenSource, describeFailure } from './codef-token.js';

export type { CodefFailureKind } from './codef-codes.js';

/** CODEF's API per environment (easycodef-node's constants): the sandbox answers fixed samples, demo is real data with a small quota. */
export const CODEF_API_URLS: Record<CodefEnvironment, string> = {
  sandbox: 'https://sandbox.codef.io',
  demo: 'https://development.codef.io',
  production: 'https://api.codef.io',
};

/** The products the service calls (the metric's `product` label). */
export type CodefProduct = 'contracts' | 'nhis-checkups';

export const CODEF_PRODUCT_PATHS: Record<CodefProduct, string> = {
  contracts: '/v1/kr/insurance/0001/credit4u/contract-info',
  'nhis-checkups': '/v1/kr/public/pp/nhis-health-checkup/result',
};

/** What a follow-up needs of a second step CODEF asked for (`method` and `extraInfo` say what to show the customer). */
export interface CodefTwoWay {
  method: string;
  jobIndex: number;
  threadIndex: number;
  jti: string;
  /** Milliseconds, a 64-bit integer at CODEF: sent back as an integer, never a string. */
  twoWayTimestamp: number;
  /** E.g. `reqSecureNo`, the secure number's image as a `data:` URL. */
  extraInfo: Record<string, unknown>;
}

export type CodefOutcome =
  { kind: 'DONE'; data: Record<string, unknown>; transactionId: string } | { kind: 'TWO_WAY'; twoWay: CodefTwoWay; transactionId: string };

/**
 * A CODEF call that gave no product data. `kind` says what it means for the port; `code` is CODEF's
 * result code, null when CODEF gave none (no answer, an HTTP error, the token). The message holds the
 * code and CODEF's message, never the request's parameters.
 */
export class CodefError extends Error {
  override readonly name = 'CodefError';

  constructor(
    readonly kind: CodefFailureKind,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

export interface CodefClientOptions {
  environment: CodefEnvironment;
  /** Overrides the environment's API (the tests' fake). */
  apiUrl?: string;
  /** Overrides CODEF_TOKEN_URL. */
  tokenUrl?: string;
  clientId: string;
  clientSecret: string;
  /** The account's RSA public key: base64 of its DER SubjectPublicKeyInfo as CODEF shows it, or PEM. */
  publicKey: string;
  /** How long one call (token and product) may take, in ms: long enough for the provider's blocking first step. */
  timeoutMs: number;
  metrics?: MetricsRegistry;
  logger?: LoggerService;
  /** The clock the token's lifetime is read with (tests move it). */
  now?: () => number;
}

/**
 * The most a product's answer may weigh. CODEF URL-encodes its JSON (a Hangul syllable is 9 bytes on
 * the wire, `"` `:` `,` 3 each): one rider of a contract is about half a KiB, and a customer with
 * dozens of contracts of dozens of riders, with the 실손 list and statistics beside them, is several
 * hundred KiB. 8 MiB is far beyond any portfolio and still bounds a misbehaving answer.
 */
const MAX_CODEF_ANSWER_BYTES = 8 * 1024 * 1024;

/** The token request never waits longer than this, whatever the call's timeout: it is a plain OAuth exchange. */
const TOKEN_TIMEOUT_MS = 30_000;

/**
 * CODEF's REST interface over `fetch` (not `easycodef-node`, docs/sources/codef.md): the OAuth token,
 * cached and renewed on expiry or a 401 (once per call; a second 401 is CONFIGURATION), the bodies
 * URL-encoded JSON both ways, password fields RSA-encrypted (PKCS#1 v1.5) with the account's key, the
 * result codes mapped to CodefFailureKind (codef-codes.ts).
 *
 * Every call is bounded by `timeoutMs` (CodefError TIMED_OUT past it). A caller's own signal ends the
 * call too, and then the call rejects with the signal's reason, as the ports promise their callers.
 * Nothing is retried but the token: a product call may have reached the institution (a push to the
 * customer's app), and a second one would push again.
 *
 * Logs and metrics hold the product, the result code, CODEF's transaction id and the duration only:
 * never a parameter (names, phones, birth dates, sign-ins) nor CODEF's data.
 */
export class CodefClient {
  readonly environment: CodefEnvironment;
  private readonly apiUrl: string;
  private readonly key: KeyObject;
  private readonly tokens: CodefTokenSource;
  private readonly timeoutMs: number;
  private readonly logger: LoggerService;
  private readonly requests?: Counter<'product' | 'outcome'>;
  private readonly durations?: Histogram<'product'>;

  constructor(options: CodefClientOptions) {
    this.environment = options.environment;
    this.apiUrl = (options.apiUrl ?? CODEF_API_URLS[options.environment]).replace(/\/+$/, '');
    this.key = parseCodefPublicKey(options.publicKey);
    this.timeoutMs = options.timeoutMs;
    this.logger = options.logger ?? new Logger('Codef');
    this.tokens = new CodefTokenSource({
      tokenUrl: options.tokenUrl ?? CODEF_TOKEN_URL,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      timeoutMs: Math.min(options.timeoutMs, TOKEN_TIMEOUT_MS),
      now: options.now ?? Date.now,
    });
    if (options.metrics) {
      this.requests = requestsCounter(options.metrics.registry);
      this.durations = durationHistogram(options.metrics.registry);
    }
  }

  /** `plain` encrypted for CODEF: RSA PKCS#1 v1.5 with the account's public key, base64. */
  encrypt(plain: string): string {
    return publicEncrypt({ key: this.key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plain, 'utf8')).toString('base64');
  }

  /**
   * Checks that CODEF issues this client a token (the service's start-up). Rejects CONFIGURATION
   * when the OAuth service refuses the client id and secret, UNAVAILABLE when it cannot be asked.
   */
  async checkCredentials(signal?: AbortSignal): Promise<void> {
    await this.token(signal);
  }

  /** A product's first call. */
  request(product: CodefProduct, params: Record<string, unknown>, options: { signal?: AbortSignal } = {}): Promise<CodefOutcome> {
    return this.call(product, params, options.signal);
  }

  /**
   * The follow-up of a TWO_WAY outcome: `params` must be the identical first request (CODEF compares
   * them; a password may be encrypted again); adds `is2Way`, `twoWayInfo` and the customer's `answer`
   * (`simpleAuth: "1"`, `smsAuthNo`, `secureNo` with `secureNoRefresh`).
   */
  continue(
    product: CodefProduct,
    params: Record<string, unknown>,
    twoWay: CodefTwoWay,
    answer: Record<string, string>,
    options: { signal?: AbortSignal } = {},
  ): Promise<CodefOutcome> {
    const { jobIndex, threadIndex, jti, twoWayTimestamp } = twoWay;
    const body = {
      ...params,
      ...answer,
      is2Way: true,
      twoWayInfo: { jobIndex, threadIndex, jti, twoWayTimestamp: Math.trunc(Number(twoWayTimestamp)) },
    };
    return this.call(product, body, options.signal);
  }

  private async call(product: CodefProduct, params: Record<string, unknown>, caller?: AbortSignal): Promise<CodefOutcome> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const outcome = await this.exchange(product, params, caller);
      this.requests?.inc({ product, outcome: outcome.kind === 'DONE' ? 'done' : 'two_way' });
      this.logger.log(
        {
          product,
          code: outcome.kind === 'DONE' ? CODEF_DONE : CODEF_TWO_WAY,
          transactionId: outcome.transactionId,
          durationMs: ms(seconds()),
        },
        outcome.kind === 'DONE' ? 'CODEF answered' : 'CODEF asks for a second step',
      );
      return outcome;
    } catch (error) {
      if (!(error instanceof CodefError)) {
        // The caller gave up: its reason is rethrown as it is.
        this.requests?.inc({ product, outcome: 'aborted' });
        this.logger.warn({ product, durationMs: ms(seconds()) }, 'CODEF call abandoned by its caller');
        throw error;
      }
      this.requests?.inc({ product, outcome: error.kind.toLowerCase() });
      const fields = { product, code: error.code, kind: error.kind, durationMs: ms(seconds()) };
      if (error.kind === 'CONFIGURATION') this.logger.error(fields, `CODEF refused our account's setup: ${error.message}`);
      else this.logger.warn(fields, `CODEF call failed: ${error.message}`);
      throw error;
    } finally {
      this.durations?.observe({ product }, seconds());
    }
  }

  private async exchange(product: CodefProduct, params: Record<string, unknown>, caller?: AbortSignal): Promise<CodefOutcome> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = caller ? AbortSignal.any([caller, timeout]) : timeout;
    const body = encodeURIComponent(JSON.stringify(params));
    for (let attempt = 1; ; attempt++) {
      const token = await this.token(signal, caller, timeout);
      let status: number;
      let text: string;
      try {
        const response = await fetch(`${this.apiUrl}${CODEF_PRODUCT_PATHS[product]}`, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body,
          redirect: 'error',
          signal,
        });
        status = response.status;
        text = await responseText(response, MAX_CODEF_ANSWER_BYTES);
      } catch (error) {
        if (error instanceof ProviderAnswerTooLargeError)
          throw new CodefError('UNAVAILABLE', null, `CODEF's answer is larger than ${MAX_CODEF_ANSWER_BYTES} bytes: not read`);
        throw this.unanswered(error, caller, timeout);
      }
      const answer = decodeAnswer(text);
      if (status === 401 || tokenRefused(answer)) {
        this.tokens.invalidate(token);
        if (attempt === 1) continue;
        throw new CodefError(
          'CONFIGURATION',
          null,
          'CODEF refused a token its OAuth service had just issued (401 twice): check CODEF_ENV against the keys (CODEF_CLIENT_ID, CODEF_CLIENT_SECRET)',
        );
      }
      return outcomeOf(status, answer);
    }
  }

  /** A token, or the error a call without one ends with. */
  private async token(signal?: AbortSignal, caller?: AbortSignal, timeout?: AbortSignal): Promise<string> {
    const answer = await this.tokens.get(signal);
    switch (answer.kind) {
      case 'token':
        return answer.value;
      case 'refused':
        throw new CodefError(
          'CONFIGURATION',
          null,
          `CODEF's OAuth service refused the client (${answer.status} ${answer.error}): check CODEF_CLIENT_ID and CODEF_CLIENT_SECRET`,
        );
      case 'none':
        if (caller?.aborted) throw caller.reason;
        if (timeout?.aborted) throw this.timedOut();
        throw new CodefError('UNAVAILABLE', null, `CODEF's OAuth service gave no token: ${answer.reason}`);
    }
  }

  private unanswered(error: unknown, caller: AbortSignal | undefined, timeout: AbortSignal): unknown {
    if (caller?.aborted) return caller.reason;
    if (timeout.aborted) return this.timedOut();
    return new CodefError('UNAVAILABLE', null, `CODEF gave no answer: ${describeFailure(error, timeout, this.timeoutMs)}`);
  }

  private timedOut(): CodefError {
    return new CodefError('TIMED_OUT', null, `CODEF did not answer within ${this.timeoutMs} ms`);
  }
}

/**
 * CODEF's answer body: URL-encoded JSON (Java's URLEncoder: a space is `+`), or plain JSON (its
 * OAuth-style errors). Undefined when it is neither.
 */
export function decodeAnswer(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return parseJson(trimmed);
  try {
    return parseJson(decodeURIComponent(trimmed.replace(/\+/g, ' ')));
  } catch {
    return undefined;
  }
}

function tokenRefused(answer: unknown): boolean {
  const error = isRecord(answer) ? answer.error : undefined;
  return error === 'invalid_token' || error === 'access_denied';
}

/** What an answer CODEF gave (with the token accepted) means. */
function outcomeOf(status: number, answer: unknown): CodefOutcome {
  const result = isRecord(answer) && isRecord(answer.result) ? answer.result : undefined;
  const code = typeof result?.code === 'string' ? result.code : undefined;
  if (!result || code === undefined) {
    // No result code: CODEF's own failure (5xx, an HTML page), or a refusal of the request itself.
    if (status >= 400 && status < 500 && status !== 429)
      return fail(
        'CONFIGURATION',
        null,
        `CODEF answered ${status} without a result: check CODEF_ENV, CODEF_API_URL and the product's path`,
      );
    return fail('UNAVAILABLE', null, `CODEF answered ${status} without a result we can read`);
  }
  const transactionId = typeof result.transactionId === 'string' ? result.transactionId : '';
  const data = isRecord(answer) ? answer.data : undefined;
  if (code === CODEF_TWO_WAY || (code === CODEF_DONE && isRecord(data) && data.continue2Way === true)) {
    const twoWay = twoWayOf(data);
    if (!twoWay) return fail('UNAVAILABLE', code, `CODEF ${code} asked for a second step without the two-step info`);
    return { kind: 'TWO_WAY', twoWay, transactionId };
  }
  if (code === CODEF_DONE) return { kind: 'DONE', data: isRecord(data) ? data : {}, transactionId };
  // CODEF's own message is left out: it is not published and could echo an input (a name, a number).
  const meaning = CODEF_FAILURES.get(code)?.meaning ?? 'a code this service does not know';
  return fail(failureKindOf(code), code, `CODEF ${code} (${meaning})`);
}

function twoWayOf(data: unknown): CodefTwoWay | undefined {
  if (!isRecord(data)) return undefined;
  const jobIndex = integer(data.jobIndex);
  const threadIndex = integer(data.threadIndex);
  const twoWayTimestamp = integer(data.twoWayTimestamp);
  if (jobIndex === undefined || threadIndex === undefined || twoWayTimestamp === undefined || typeof data.jti !== 'string')
    return undefined;
  return {
    method: typeof data.method === 'string' ? data.method : '',
    jobIndex,
    threadIndex,
    jti: data.jti,
    twoWayTimestamp,
    extraInfo: isRecord(data.extraInfo) ? data.extraInfo : {},
  };
}

function fail(kind: CodefFailureKind, code: string | null, message: string): never {
  throw new CodefError(kind, code, message);
}

function integer(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function ms(seconds: number): number {
  return Math.round(seconds * 1000);
}

/** One counter per registry (an application instance); a second client of the same instance shares it. */
function requestsCounter(registry: Registry): Counter<'product' | 'outcome'> {
  const name = 'codef_requests_total';
  return (
    (registry.getSingleMetric(name) as Counter<'product' | 'outcome'> | undefined) ??
    new Counter({
      name,
      help: 'CODEF product calls by product and outcome (done, two_way, a failure kind in lower case, aborted by the caller)',
      labelNames: ['product', 'outcome'] as const,
      registers: [registry],
    })
  );
}

function durationHistogram(registry: Registry): Histogram<'product'> {
  const name = 'codef_request_duration_seconds';
  return (
    (registry.getSingleMetric(name) as Histogram<'product'> | undefined) ??
    new Histogram({
      name,
      help: 'CODEF product calls’ duration by product, the token included (a first step waits for the customer’s app)',
      labelNames: ['product'] as const,
      buckets: [0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 180],
      registers: [registry],
    })
  );
}
