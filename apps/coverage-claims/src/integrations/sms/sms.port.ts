import type { EntityManager } from 'typeorm';

/** A text message to one Korean mobile number (`to`: digits only). */
export interface SmsMessage {
  to: string;
  /** Within one SMS: at most 90 bytes as the carriers count them (a Korean character is 2). */
  text: string;
  /** What the message is for (`verification-<id>`): an adapter keeps it with its record. Never personal data. */
  reference: string;
}

/** What the gateway gave back for an accepted message. */
export interface SmsReceipt {
  /** The gateway's id of the message, kept for support look-ups (at most 64 characters). */
  messageId: string;
}

/**
 * The SMS port: how the service sends text messages. Adapters are chosen by SMS_ADAPTER; callers
 * inject SMS_SENDER and cannot tell which one they talk to.
 *
 * `send` resolves once the gateway has accepted the message, and rejects with SmsDeliveryError when
 * it refused it, could not be reached or did not answer in time (never retried by the adapter: a
 * retry could put the same message on a phone twice). Any other error is a bug of the adapter.
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<SmsReceipt>;

  /**
   * Deletes, in the caller's transaction, what this adapter keeps of the messages with these
   * references: part of a customer's erasure (the numbers sent to them). The sandbox keeps them in
   * the database; a gateway's own records are the gateway's.
   */
  forget(tx: EntityManager, references: string[]): Promise<void>;
}

export const SMS_SENDER = Symbol('SMS_SENDER');

export class SmsDeliveryError extends Error {
  override readonly name = 'SmsDeliveryError';

  constructor(
    message: string,
    /** The gateway's id of the refused message, when it gave one. */
    readonly messageId?: string,
  ) {
    super(message);
  }
}
