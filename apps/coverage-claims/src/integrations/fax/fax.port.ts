import type { EntityManager } from 'typeorm';

/** A document to fax: a PDF of A4 pages to one Korean fax number. */
export interface FaxDocument {
  /** Digits of the receiving fax number. */
  to: string;
  pdf: Buffer;
  /** Pages in `pdf` (gateways charge and time by the page). */
  pages: number;
  /** What the transmission is for (`claim-123`): a gateway keeps it with its record. Never personal data. */
  reference: string;
  /** A title the gateway may show in its own records (`보험금 청구서 123`). Never personal data. */
  title: string;
}

/** Why a transmission did not go through. */
export enum FaxFailureKind {
  /** The line was busy. */
  Busy = 'BUSY',
  /** Nobody (no fax machine) answered. */
  NoAnswer = 'NO_ANSWER',
  /** The number is not a fax number in service. */
  InvalidNumber = 'INVALID_NUMBER',
  /** The gateway refused the document itself (not a PDF it can send, too large). */
  Rejected = 'REJECTED',
  /** The gateway failed, could not be reached, or ended the transmission for a reason of its own. */
  Unavailable = 'UNAVAILABLE',
  /** The gateway refused our account: credentials, sender number, balance. An operator must act. */
  AccountRefused = 'ACCOUNT_REFUSED',
  /** The caller gave up (its timeout, or the process shutting down) before the transmission ended. */
  Aborted = 'ABORTED',
}

/** Failures that may go away when the same document is sent again later; the others never will. */
export const RETRYABLE_FAX_FAILURES: ReadonlySet<FaxFailureKind> = new Set([
  FaxFailureKind.Busy,
  FaxFailureKind.NoAnswer,
  FaxFailureKind.Unavailable,
  FaxFailureKind.AccountRefused,
  FaxFailureKind.Aborted,
]);

/**
 * What `submit` learned:
 * - ACCEPTED: the gateway holds the transmission under the request id (its receipt number given);
 * - REFUSED: the gateway answered that it did not take it, and holds nothing under the request id
 *   (the caller may send the document again under a new one); an adapter in any doubt says UNCONFIRMED;
 * - UNCONFIRMED: no answer came (a timeout, a connection lost after the request went out): the
 *   gateway may or may not hold it. Ask `resultOf` before doing anything else.
 */
export type FaxSubmission =
  | { outcome: 'ACCEPTED'; /** The gateway's receipt number. */ receiptId: string }
  | { outcome: 'REFUSED'; kind: FaxFailureKind; /** For operators; never personal data. */ message: string }
  | { outcome: 'UNCONFIRMED'; message: string };

/**
 * Where a transmission stands at the gateway:
 * - UNKNOWN: the gateway holds no transmission under this request id (it never arrived);
 * - PENDING: accepted, queued or on the line;
 * - SENT: every page went through (`jobId`: the gateway's id of it, e.g. its receipt number);
 * - FAILED: it ended without going through, and why.
 * Only a FAILED result means the document may be sent again (under a new request id).
 */
export type FaxResult =
  | { state: 'UNKNOWN' }
  | { state: 'PENDING' }
  | { state: 'SENT'; jobId: string }
  | { state: 'FAILED'; kind: FaxFailureKind; message: string };

/**
 * The fax port: how the service sends documents by fax. Adapters are chosen by FAX_ADAPTER; callers
 * inject FAX_SENDER and cannot tell which one they talk to.
 *
 * A transmission is named by the caller's `requestId` (1–36 characters `[A-Za-z0-9_-]`, unique for
 * good: never reused for another document). `submit` hands the document over and resolves as soon as
 * the gateway has answered; the transmission then goes on at the gateway, whatever happens to this
 * process, and `resultOf` tells how it ends. `submit` is idempotent per request id: a request id the
 * gateway already holds is not sent again, and answers ACCEPTED with its receipt.
 *
 * `submit` never rejects for the gateway's failures (they are outcomes) and resolves UNCONFIRMED soon
 * after `signal` aborts. `resultOf` rejects with FaxUnavailableError when the gateway gives no answer
 * (or `signal` aborts): the transmission's state is then still unknown to us, which is not UNKNOWN.
 * Any other rejection is a bug of the adapter.
 */
export interface FaxSender {
  submit(document: FaxDocument, requestId: string, signal: AbortSignal): Promise<FaxSubmission>;

  resultOf(requestId: string, signal: AbortSignal): Promise<FaxResult>;

  /**
   * Deletes, in the caller's transaction, what this adapter keeps of the transmissions with these
   * references: part of a customer's erasure (their claims' faxes). The sandbox keeps them in the
   * database; a gateway's own records are the gateway's.
   */
  forget(tx: EntityManager, references: string[]): Promise<void>;
}

export const FAX_SENDER = Symbol('FAX_SENDER');

/** The gateway gave no answer to a result check. The message never holds personal data. */
export class FaxUnavailableError extends Error {
  override readonly name = 'FaxUnavailableError';
}

/** The characters and length a request id may have (Popbill's RequestNum, which the others follow). */
export const FAX_REQUEST_ID = /^[A-Za-z0-9_-]{1,36}$/;
