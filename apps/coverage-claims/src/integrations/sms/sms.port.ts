import type { EntityManager } from 'typeorm';

/** What one SMS carries, in bytes as Korean carriers count them (EUC-KR: ASCII 1, Korean 2). */
export const SMS_MAX_BYTES = 90;

/** A text message to one Korean mobile number (`to`: digits only). */
export interface SmsMessage {
  to: string;
  /** Within one SMS: `smsBytes(text)` at most SMS_MAX_BYTES. */
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

/**
 * The bytes `text` takes in an SMS as carriers count them: a printable ASCII character or a line
 * break is 1, a character of KS X 1001 (EUC-KR's 완성형: 2,350 Korean syllables, symbols, Hanja) is
 * 2; null when a character has no place in an SMS (an emoji, a syllable outside 완성형 such as 똠),
 * which gateways refuse (SOLAPI: status 1029).
 */
export function smsBytes(text: string): number | null {
  let bytes = 0;
  for (const character of text) {
    if (/^[\x20-\x7e\n]$/.test(character)) bytes += 1;
    else if (ksX1001().has(character)) bytes += 2;
    else return null;
  }
  return bytes;
}

let ksX1001Characters: Set<string> | undefined;

/** Every character of KS X 1001, read once from the EUC-KR decoder (rows and cells 0xA1 to 0xFE). */
function ksX1001(): Set<string> {
  if (ksX1001Characters) return ksX1001Characters;
  const decoder = new TextDecoder('euc-kr', { fatal: true });
  const characters = new Set<string>();
  for (let row = 0xa1; row <= 0xfe; row += 1) {
    for (let cell = 0xa1; cell <= 0xfe; cell += 1) {
      try {
        characters.add(decoder.decode(Uint8Array.of(row, cell)));
      } catch {
        // An unassigned code point.
      }
    }
  }
  return (ksX1001Characters = characters);
}
