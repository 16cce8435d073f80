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
  /** The gateway failed or could not be reached. */
  Unavailable = 'UNAVAILABLE',
  /** The caller gave up (its timeout, or the process shutting down) before the transmission ended. */
  Aborted = 'ABORTED',
}

/** Failures that may go away when the same document is sent again later; the others never will. */
export const RETRYABLE_FAX_FAILURES: ReadonlySet<FaxFailureKind> = new Set([
  FaxFailureKind.Busy,
  FaxFailureKind.NoAnswer,
  FaxFailureKind.Unavailable,
  FaxFailureKind.Aborted,
]);

export type FaxOutcome =
  | { sent: true; /** The gateway's id of the transmission. */ jobId: string }
  | { sent: false; kind: FaxFailureKind; /** For operators; never personal data. */ message: string };

/**
 * The fax port: how the service sends documents by fax. Adapters are chosen by FAX_ADAPTER; callers
 * inject FAX_SENDER and cannot tell which one they talk to.
 *
 * `send` resolves when the transmission has ended: sent, with the gateway's job id, or a typed
 * failure. It resolves (ABORTED) soon after `signal` aborts. A rejection is a bug of the adapter.
 */
export interface FaxSender {
  send(document: FaxDocument, signal: AbortSignal): Promise<FaxOutcome>;

  /**
   * Deletes, in the caller's transaction, what this adapter keeps of the transmissions with these
   * references: part of a customer's erasure (their claims' faxes). The sandbox keeps them in the
   * database; a gateway's own records are the gateway's.
   */
  forget(tx: EntityManager, references: string[]): Promise<void>;
}

export const FAX_SENDER = Symbol('FAX_SENDER');
