import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SandboxMessageStatus, type SandboxMessageListDto, type SandboxMessagesQueryDto } from '#contracts';
import { FieldCipher, LookupHasher, pagedList, uuidv7 } from '#platform';
import { SmsDeliveryError, type SmsMessage, type SmsReceipt, type SmsSender } from '../sms.port.js';
import { SandboxSmsRepository } from './sandbox-sms.repository.js';

/** Numbers ending in this are never delivered: the gateway's failure, on request. */
export const SANDBOX_UNDELIVERABLE_SUFFIX = '0000';

/**
 * The `sandbox` SMS adapter: delivers nothing, keeps every message (encrypted) for operators to read
 * (`GET /api/v1/admin/sandbox/messages`), and refuses numbers ending in 0000 (kept as FAILED).
 */
/** How long the sandbox keeps its messages: an operator reads a number within its 180 s. */
export const SANDBOX_RETENTION_HOURS = 24;
/** About one message in a hundred also deletes those past the retention, so no scheduler is needed. */
const PRUNE_PROBABILITY = 0.01;

@Injectable()
export class SandboxSmsAdapter implements SmsSender {
  constructor(
    private readonly messages: SandboxSmsRepository,
    private readonly cipher: FieldCipher,
    private readonly lookup: LookupHasher,
  ) {}

  async send(message: SmsMessage): Promise<SmsReceipt> {
    const undeliverable = message.to.endsWith(SANDBOX_UNDELIVERABLE_SUFFIX);
    const phone = this.cipher.seal(message.to);
    const messageId = uuidv7();
    await this.messages.insert({
      id: messageId,
      phoneHash: this.lookup.hash('phone', message.to),
      reference: message.reference,
      keyId: phone.keyId,
      phoneCiphertext: phone.ciphertext,
      textCiphertext: this.cipher.seal(message.text).ciphertext,
      status: undeliverable ? SandboxMessageStatus.Failed : SandboxMessageStatus.Delivered,
    });
    if (Math.random() < PRUNE_PROBABILITY) await this.messages.pruneOlderThan(SANDBOX_RETENTION_HOURS);
    if (undeliverable)
      throw new SmsDeliveryError(`The sandbox does not deliver to numbers ending in ${SANDBOX_UNDELIVERABLE_SUFFIX}`, messageId);
    return { messageId };
  }

  forget(tx: EntityManager, references: string[]): Promise<void> {
    return this.messages.deleteByReferences(tx, references);
  }

  list(query: SandboxMessagesQueryDto): Promise<SandboxMessageListDto> {
    const phoneHash = query.phone === undefined ? undefined : this.lookup.hash('phone', query.phone);
    return pagedList(
      query,
      (window) => this.messages.list(phoneHash, window),
      (message) => ({
        id: message.id,
        phone: this.cipher.open({ keyId: message.keyId, ciphertext: message.phoneCiphertext }),
        text: this.cipher.open({ keyId: message.keyId, ciphertext: message.textCiphertext }),
        status: message.status,
        createdAt: message.createdAt.toISOString(),
      }),
    );
  }
}
