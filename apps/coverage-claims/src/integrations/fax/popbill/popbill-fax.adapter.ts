import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { CoverageClaimsConfig } from '../../../config/coverage-claims.config.js';
import {
  FAX_REQUEST_ID,
  FaxFailureKind,
  FaxUnavailableError,
  type FaxDocument,
  type FaxResult,
  type FaxSender,
  type FaxSubmission,
} from '../fax.port.js';
import { describeFailure, LinkhubTokenSource, popbillError, type TokenAnswer } from './linkhub-token.js';
import {
  faxResultOf,
  isTokenError,
  REQUEST_NUM_IN_USE,
  REQUEST_NUM_NOT_FOUND,
  refusalKind,
  type PopbillError,
  type PopbillFaxRecord,
} from './popbill-codes.js';
import { parseJson, responseText } from '../../provider-answer.js';

export interface PopbillFaxOptions {
  /** The LinkID Popbill issued to this service. */
  linkId: string;
  /** Popbill's SecretKey (base64). */
  secretKey: string;
  /** The Popbill member's business number (10 digits) that sends the faxes. */
  corpNum: string;
  /** The fax sender number registered with Popbill (digits). */
  senderNum: string;
  /** The sender's name on the fax. */
  senderName: string;
  /** Popbill's test bed (nothing is faxed) rather than production. */
  isTest: boolean;
  /** Popbill's API; unset: the test bed's or production's host. */
  baseUrl?: string;
  /** LinkHub's auth service. */
  authUrl: string;
  /** How long one call to LinkHub or Popbill may take, in ms. */
  timeoutMs: number;
}

/** FaxService.js's scopes: `member` (BaseService) and the fax service's `160` and `161`. */
export const FAX_SCOPES = ['member', '160', '161'] as const;
const PDF_SIGNATURE = Buffer.from('%PDF-');

/** One call's answer, told apart the way the port needs them. */
type CallAnswer =
  | { kind: 'ok'; body: unknown }
  /** Popbill (stage `api`) or LinkHub (stage `token`) answered with an error. */
  | { kind: 'error'; stage: 'token' | 'api'; error: PopbillError }
  /** No usable answer: network error, timeout, an answer that is not Popbill's JSON, the caller gave up. */
  | { kind: 'none'; stage: 'token' | 'api'; reason: string };

/**
 * The `popbill` fax adapter: Popbill's fax API over REST (`fetch`), as popbill's FaxService.js and linkhub's
 * TokenBuilder.js call it (docs/decisions/claims.md, "Popbill"). A transmission is named by its RequestNum,
 * the port's request id: `submit` is idempotent through it (a refusal is checked by looking the number
 * up), `resultOf` reads it with getFaxResultRN. Nothing here is kept: Popbill's records are Popbill's.
 */
export class PopbillFaxAdapter implements FaxSender {
  private readonly logger = new Logger('PopbillFax');
  private readonly tokens: LinkhubTokenSource;
  private readonly baseUrl: string;

  constructor(private readonly options: PopbillFaxOptions) {
    this.baseUrl = (options.baseUrl ?? (options.isTest ? 'https://popbill-test.linkhub.co.kr' : 'https://popbill.linkhub.co.kr')).replace(
      /\/+$/,
      '',
    );
    this.tokens = new LinkhubTokenSource({
      linkId: options.linkId,
      secretKey: options.secretKey,
      corpNum: options.corpNum,
      serviceId: options.isTest ? 'POPBILL_TEST' : 'POPBILL',
      scopes: FAX_SCOPES,
      authUrl: options.authUrl,
      timeoutMs: options.timeoutMs,
    });
  }

  /** The adapter FAX_ADAPTER=popbill selects; configuration validation has required every POPBILL_* it reads. */
  static fromConfig(config: CoverageClaimsConfig): PopbillFaxAdapter {
    const { POPBILL_LINK_ID, POPBILL_SECRET_KEY, POPBILL_CORP_NUM, POPBILL_SENDER_NUM } = config;
    if (!POPBILL_LINK_ID || !POPBILL_SECRET_KEY || !POPBILL_CORP_NUM || !POPBILL_SENDER_NUM)
      throw new Error('FAX_ADAPTER=popbill needs POPBILL_LINK_ID, POPBILL_SECRET_KEY, POPBILL_CORP_NUM and POPBILL_SENDER_NUM');
    return new PopbillFaxAdapter({
      linkId: POPBILL_LINK_ID,
      secretKey: POPBILL_SECRET_KEY,
      corpNum: POPBILL_CORP_NUM,
      senderNum: POPBILL_SENDER_NUM,
      senderName: config.POPBILL_SENDER_NAME,
      isTest: config.POPBILL_IS_TEST,
      baseUrl: config.POPBILL_BASE_URL,
      authUrl: config.POPBILL_AUTH_URL,
      timeoutMs: config.POPBILL_TIMEOUT_MS,
    });
  }

  /** Popbill keeps its own record of every fax (its retention, not ours); this adapter keeps nothing. */
  forget(): Promise<void> {
    return Promise.resolve();
  }

  async submit(document: FaxDocument, requestId: string, signal: AbortSignal): Promise<FaxSubmission> {
    if (!FAX_REQUEST_ID.test(requestId))
      return refused(FaxFailureKind.Rejected, 'The request id is not a Popbill RequestNum (1–36 of A–Z a–z 0–9 _ -)');
    // Popbill would take any file and fail it later, in its conversion (result 402, 405): refused here, nothing spent.
    if (!document.pdf.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE))
      return refused(FaxFailureKind.Rejected, 'The document is not a PDF');
    const form = sendForm(document, requestId, this.options);
    const answer = await this.call('POST', '/FAX', signal, form);
    switch (answer.kind) {
      case 'ok': {
        const receiptNum = (answer.body as { receiptNum?: unknown } | undefined)?.receiptNum;
        if (typeof receiptNum === 'string' && receiptNum !== '') return { outcome: 'ACCEPTED', receiptId: receiptNum };
        return this.unconfirmed(requestId, 'Popbill answered 200 without a receipt number');
      }
      case 'none':
        // Without a token nothing was sent; the port still wants UNCONFIRMED once the caller gave up.
        if (answer.stage === 'token' && !signal.aborted)
          return refused(FaxFailureKind.Unavailable, `LinkHub gave no token: ${answer.reason}`);
        return this.unconfirmed(requestId, `Popbill gave no answer: ${answer.reason}`);
      case 'error':
        // LinkHub's codes are not published: whatever it refuses but in a failure of its own (5xx) is the account's.
        if (answer.stage === 'token')
          return refused(
            answer.error.status >= 500 ? FaxFailureKind.Unavailable : FaxFailureKind.AccountRefused,
            `LinkHub refused the token: ${explain(answer.error)}`,
          );
        return this.settleRefusal(requestId, answer.error, signal);
    }
  }

  async resultOf(requestId: string, signal: AbortSignal): Promise<FaxResult> {
    // Popbill accepts no other RequestNum, so it holds nothing under one.
    if (!FAX_REQUEST_ID.test(requestId)) return { state: 'UNKNOWN' };
    const records = await this.lookUp(requestId, signal);
    if (records.kind === 'records') return records.list.length === 0 ? { state: 'UNKNOWN' } : faxResultOf(records.list[0]!, requestId);
    if (records.kind === 'error' && records.error.code === REQUEST_NUM_NOT_FOUND) return { state: 'UNKNOWN' };
    throw new FaxUnavailableError(
      records.kind === 'error'
        ? `Popbill's result of ${requestId} is unknown: ${records.stage === 'token' ? 'LinkHub refused the token' : 'Popbill answered'} ${explain(records.error)}`
        : `Popbill's result of ${requestId} is unknown: ${records.reason}`,
    );
  }

  /**
   * Popbill refused the send. If it already holds a transmission under this request number (an earlier
   * submit that went through, whatever code the refusal carries), that is the answer: ACCEPTED with its
   * receipt. The refusal stands only when the look-up says plainly that Popbill holds nothing under the
   * number and the refusal is not the "in use" one: a REFUSED fax is sent again under a new number, so
   * whatever leaves a doubt (no answer, an error, "in use" while the records show nothing yet) is
   * UNCONFIRMED, and the worker asks again later.
   */
  private async settleRefusal(requestId: string, refusal: PopbillError, signal: AbortSignal): Promise<FaxSubmission> {
    const held = await this.lookUp(requestId, signal);
    if (held.kind === 'records' && held.list.length > 0) {
      const receiptNum = held.list[0]!.receiptNum;
      if (typeof receiptNum === 'string' && receiptNum !== '') {
        this.logger.log({ requestId, receiptNum, code: refusal.code }, 'Popbill already holds this fax under its request number');
        return { outcome: 'ACCEPTED', receiptId: receiptNum };
      }
    }
    const holdsNothing =
      (held.kind === 'records' && held.list.length === 0) || (held.kind === 'error' && held.error.code === REQUEST_NUM_NOT_FOUND);
    // A refused token: Popbill did nothing with this request (an earlier one is the worker's to know).
    if (!(holdsNothing || isTokenError(refusal)) || refusal.code === REQUEST_NUM_IN_USE)
      return this.unconfirmed(
        requestId,
        `Popbill refused the fax (${explain(refusal)}), and whether it holds the request number is not plain: ${
          held.kind === 'none' ? held.reason : held.kind === 'error' ? explain(held.error) : 'in use, yet not listed'
        }`,
      );
    const kind = refusalKind(refusal);
    this.logger.warn({ requestId, status: refusal.status, code: refusal.code, kind }, 'Popbill refused a fax');
    return refused(kind, `Popbill refused the fax: ${explain(refusal)}`);
  }

  private async lookUp(
    requestId: string,
    signal: AbortSignal,
  ): Promise<
    | { kind: 'records'; list: PopbillFaxRecord[] }
    | { kind: 'error'; stage: 'token' | 'api'; error: PopbillError }
    | { kind: 'none'; reason: string }
  > {
    const answer = await this.call('GET', `/FAX/Get/${requestId}`, signal);
    if (answer.kind !== 'ok') return answer;
    if (!Array.isArray(answer.body)) return { kind: 'none', reason: 'Popbill answered 200 with something else than a list' };
    return {
      kind: 'records',
      list: answer.body.filter((record): record is PopbillFaxRecord => typeof record === 'object' && record !== null),
    };
  }

  /**
   * One call to Popbill with the session token; a token Popbill refuses (401, or a token error code) is
   * renewed once and the call made again (Popbill did nothing with the first).
   */
  private async call(method: 'GET' | 'POST', path: string, signal: AbortSignal, form?: MultipartBody): Promise<CallAnswer> {
    for (let attempt = 1; ; attempt++) {
      const token: TokenAnswer = await this.tokens.get(signal);
      if (token.kind === 'none') return { kind: 'none', stage: 'token', reason: token.reason };
      if (token.kind === 'refused') return { kind: 'error', stage: 'token', error: token.error };
      const answer = await this.fetch(method, path, token.value, signal, form);
      if (answer.kind === 'error' && isTokenError(answer.error) && attempt === 1) {
        this.tokens.invalidate(token.value);
        continue;
      }
      return answer;
    }
  }

  private async fetch(method: 'GET' | 'POST', path: string, token: string, signal: AbortSignal, form?: MultipartBody): Promise<CallAnswer> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(form ? { 'Content-Type': form.contentType } : {}),
        },
        body: form?.body,
        // A redirect is a failure: no other host is handed the token or the document.
        redirect: 'error',
        signal: AbortSignal.any([signal, timeout]),
      });
      status = response.status;
      text = await responseText(response);
    } catch (error) {
      return { kind: 'none', stage: 'api', reason: describeFailure(error, timeout, this.options.timeoutMs, signal) };
    }
    const body = parseJson(text);
    if (status === 200)
      return body === undefined ? { kind: 'none', stage: 'api', reason: 'Popbill answered 200 with no JSON' } : { kind: 'ok', body };
    const error = popbillError(status, body);
    return error
      ? { kind: 'error', stage: 'api', error }
      : { kind: 'none', stage: 'api', reason: `Popbill answered ${status} without its error body` };
  }

  private unconfirmed(requestId: string, message: string): FaxSubmission {
    this.logger.warn({ requestId, reason: message }, 'Popbill did not confirm a fax; it may have gone through');
    return { outcome: 'UNCONFIRMED', message };
  }
}

interface MultipartBody {
  contentType: string;
  body: Buffer;
}

/**
 * `POST /FAX` as BaseService.js writes it: a `form` part with the JSON FaxService.js builds (empty fields
 * left out), then one `file` part per file, `Application/octet-stream`. One receiver, one file. The
 * boundary is the SDK's with random bytes added, so that no PDF can hold it.
 */
export function sendForm(
  document: FaxDocument,
  requestId: string,
  sender: Pick<PopbillFaxOptions, 'senderNum' | 'senderName'>,
): MultipartBody {
  const boundary = `--POPBILL--NODE--${randomBytes(12).toString('hex')}`;
  const form = JSON.stringify({
    snd: sender.senderNum,
    sndnm: sender.senderName,
    fCnt: 1,
    title: document.title,
    requestNum: requestId,
    rcvs: [{ rcv: document.to }],
  });
  const CRLF = '\r\n';
  const head =
    `${CRLF}--${boundary}${CRLF}Content-Disposition: form-data; name="form"${CRLF}${CRLF}${form}${CRLF}` +
    `--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="${requestId}.pdf";${CRLF}` +
    `Content-Type: Application/octet-stream${CRLF}${CRLF}`;
  const tail = `${CRLF}--${boundary}--${CRLF}${CRLF}`;
  return {
    contentType: `multipart/form-data;charset=utf-8; boundary=${boundary}`,
    body: Buffer.concat([Buffer.from(head, 'utf8'), document.pdf, Buffer.from(tail, 'utf8')]),
  };
}

function refused(kind: FaxFailureKind, message: string): FaxSubmission {
  return { outcome: 'REFUSED', kind, message };
}

function explain(error: PopbillError): string {
  return `${error.status} ${error.code}${error.message ? ` ${error.message}` : ''}`;
}
