import { FaxFailureKind, type FaxResult } from '../fax.port.js';

/*
 * What Popbill's answers mean, in one place so a fact found wrong is corrected here alone.
 * Sources and certainty of each line: docs/sources/popbill.md.
 */

/** Popbill's error answer (any status but 200): `{code, message}`, the code a negative 8-digit number. */
export interface PopbillError {
  status: number;
  code: number;
  message: string;
}

/**
 * Codes that say the session token is missing, unreadable or expired (Popbill's common error table:
 * -10000032 token generation failed, -10000033 token interpretation failed, -10000034 no token). With
 * a 401, they make the adapter renew its token once and ask again.
 */
const TOKEN_CODES: ReadonlySet<number> = new Set([-10000032, -10000033, -10000034]);

export function isTokenError(error: PopbillError): boolean {
  return error.status === 401 || TOKEN_CODES.has(error.code);
}

/**
 * ASSUMED, not published where we could read it (docs/sources/popbill.md): the code `GET /FAX/Get/{requestNum}`
 * answers for a request number Popbill holds nothing under. Popbill's codes carry their service's scope
 * (fax: 160) as prefix, and "does not exist for the given number" is `…000003` in the cash-receipt table.
 * Only this code (or an empty list) makes `resultOf` answer UNKNOWN: were it wrong, a fax that never reached
 * Popbill would wait for its result until the worker gives up (FAILED, never sent twice).
 */
export const REQUEST_NUM_NOT_FOUND = -16000003;

/** The refusal of `POST /FAX` for a request number Popbill already holds (ASSUMED like the one above). */
export const REQUEST_NUM_IN_USE = -16000004;

/**
 * Fax codes of `POST /FAX` refusals. ASSUMED like the one above (the scope prefix is inferred, the rest is
 * not published where we could read it): a code not listed is UNAVAILABLE, retried with the backoff.
 * Duplicates need no code: any refusal is checked by looking the request number up (popbill-fax.adapter.ts).
 */
const FAX_SEND_CODES: ReadonlyMap<number, FaxFailureKind> = new Map([
  [REQUEST_NUM_IN_USE, FaxFailureKind.Unavailable], // the request number is in use (settled by the look-up)
  [-16001001, FaxFailureKind.AccountRefused], // the sender number is not registered with Popbill
  [-16001002, FaxFailureKind.InvalidNumber], // the receiving number is not a number
  [-16001003, FaxFailureKind.Rejected], // no file, more than 20, or not as many as fCnt
  [-16001004, FaxFailureKind.Rejected], // a file Popbill does not convert
  [-16001005, FaxFailureKind.Rejected], // the form is not what Popbill reads
]);

/**
 * What a refusal of `POST /FAX` means for the port. Popbill's common table: -100xxxxx are the partner's,
 * member's and user's errors (unknown LinkID, member, user, token), -990xxxxx the points' (balance) and
 * member's: an operator must act. A 5xx is Popbill's own failure.
 */
export function refusalKind(error: PopbillError): FaxFailureKind {
  const known = FAX_SEND_CODES.get(error.code);
  if (known) return known;
  if (error.status >= 500) return FaxFailureKind.Unavailable;
  if (isTokenError(error)) return FaxFailureKind.AccountRefused;
  const code = String(error.code);
  if (code.startsWith('-100') || (code.startsWith('-990') && error.code !== SDK_CLIENT_ERROR)) return FaxFailureKind.AccountRefused;
  return FaxFailureKind.Unavailable;
}

/** The SDKs' code for their own failures (no answer, bad input); never Popbill's verdict. */
const SDK_CLIENT_ERROR = -99999999;

/** One transmission of `GET /FAX/Get/{requestNum}` (the Java SDK's FaxResult), the fields the mapping reads. */
export interface PopbillFaxRecord {
  receiptNum?: unknown;
  requestNum?: unknown;
  /** Popbill's current state code: 0 received, 1 converting, 2 sending, 3 finished (see `result`), 4 cancelled. */
  state?: unknown;
  /** The carrier's result code once `state` is 3: 100 sent, others failed (RESULT_CODES). */
  result?: unknown;
  /** The older state code (FaxResult.java): 0 received, 1 uploading, 2 sending, 3 done, 4 failed (data), 5 failed (line), 6 billing failed, 7 cancelled. */
  sendState?: unknown;
  /** The older result code, read like `result` when `result` is absent. */
  sendResult?: unknown;
}

/**
 * The carrier's result codes of a finished fax (developers.popbill.com, fax, "상태코드/결과코드"), with what
 * each means for the port. 100 is success. A code not listed is UNAVAILABLE (retried): Popbill's table
 * goes on past 511 where our copy of it stops.
 */
const RESULT_CODES: ReadonlyMap<number, { kind: FaxFailureKind; text: string }> = new Map([
  [300, { kind: FaxFailureKind.AccountRefused, text: 'the sender number is malformed' }],
  [301, { kind: FaxFailureKind.AccountRefused, text: 'the sender number is not registered' }],
  [402, { kind: FaxFailureKind.Rejected, text: 'the document could not be converted' }],
  [405, { kind: FaxFailureKind.Rejected, text: 'the file type is not supported' }],
  [408, { kind: FaxFailureKind.Rejected, text: 'the file name has characters Popbill refuses' }],
  [413, { kind: FaxFailureKind.Rejected, text: 'the document has more pages than Popbill sends' }],
  [414, { kind: FaxFailureKind.Rejected, text: 'the fax conversion failed' }],
  [415, { kind: FaxFailureKind.Unavailable, text: 'the fax conversion timed out' }],
  [416, { kind: FaxFailureKind.Unavailable, text: 'Popbill failed while processing the file' }],
  [498, { kind: FaxFailureKind.Unavailable, text: 'the conversion failed for another reason' }],
  [499, { kind: FaxFailureKind.AccountRefused, text: 'billing failed after the conversion' }],
  [502, { kind: FaxFailureKind.Unavailable, text: 'only some of the pages went through' }],
  [503, { kind: FaxFailureKind.Busy, text: 'the line was busy (after Popbill’s three tries)' }],
  [504, { kind: FaxFailureKind.InvalidNumber, text: 'the receiving number is wrong' }],
  [505, { kind: FaxFailureKind.NoAnswer, text: 'no answer (cannot receive, or over 60 s)' }],
  [506, { kind: FaxFailureKind.NoAnswer, text: 'a person picked up, not a fax machine' }],
  [507, { kind: FaxFailureKind.InvalidNumber, text: 'the receiver refused the fax' }],
  [508, { kind: FaxFailureKind.Busy, text: 'the calls were congested' }],
  [509, { kind: FaxFailureKind.InvalidNumber, text: 'the number is blocked at its owner’s request' }],
  [511, { kind: FaxFailureKind.Unavailable, text: 'duplicate number' }],
]);

const RESULT_SENT = 100;

/** Where one of Popbill's transmission records stands, for the port (`jobId`: Popbill's receipt number). */
export function faxResultOf(record: PopbillFaxRecord, requestId: string): FaxResult {
  const jobId = typeof record.receiptNum === 'string' && record.receiptNum !== '' ? record.receiptNum : requestId;
  const result = integer(record.result) ?? integer(record.sendResult);
  const state = integer(record.state);
  if (state !== undefined) {
    // Finished with no result we can read: not called a failure (it may have gone through, and a failure
    // is sent again); the worker asks again and, without an answer, gives up within its wait.
    if (state === 3 && result === undefined) return { state: 'PENDING' };
    if (state === 3) return result === RESULT_SENT ? { state: 'SENT', jobId } : failure(result, FaxFailureKind.Unavailable);
    if (state === 4)
      return { state: 'FAILED', kind: FaxFailureKind.Unavailable, message: 'Popbill state 4: the transmission was cancelled' };
    return { state: 'PENDING' };
  }
  switch (integer(record.sendState)) {
    case 3:
      return result === undefined || result === RESULT_SENT ? { state: 'SENT', jobId } : failure(result, FaxFailureKind.Unavailable);
    case 4:
      return failure(result, FaxFailureKind.Rejected, 'Popbill sendState 4: failed on the request’s data');
    case 5:
      return failure(result, FaxFailureKind.Unavailable, 'Popbill sendState 5: failed while sending');
    case 6:
      return { state: 'FAILED', kind: FaxFailureKind.AccountRefused, message: 'Popbill sendState 6: billing failed' };
    case 7:
      return { state: 'FAILED', kind: FaxFailureKind.Unavailable, message: 'Popbill sendState 7: the transmission was cancelled' };
    default:
      // 0 received, 1 uploading, 2 sending, or a state this table does not know: not over yet.
      return { state: 'PENDING' };
  }
}

function failure(result: number | undefined, fallback: FaxFailureKind, fallbackText?: string): FaxResult {
  const known = result === undefined ? undefined : RESULT_CODES.get(result);
  if (known) return { state: 'FAILED', kind: known.kind, message: `Popbill result ${result}: ${known.text}` };
  const text = fallbackText ?? 'the transmission ended without going through';
  return { state: 'FAILED', kind: fallback, message: result === undefined ? text : `Popbill result ${result}: ${text}` };
}

function integer(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return undefined;
}
