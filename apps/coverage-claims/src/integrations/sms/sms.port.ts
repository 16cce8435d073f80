import type { EntityManager } from 'typeorm';

/** A text message to one Korean mobile number (`to`: digits only). */
export interface SmsMessage {
  to: string;
  text: string;
  /** What the message is for (`verification-<id>`): an adapter keeps it with its record. Never personal data. */
  reference: string;
}

/**
 * The SMS port: how the service sends text messages. Adapters are chosen by SMS_ADAPTER; callers
 * inject SMS_SENDER and cannot tell which one they talk to.
 *
 * `send` resolves once the gateway has accepted the message, and rejects with SmsDeliveryError when
 * it refused or could not be reached (any other error is a bug of the adapter).
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;

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
}
