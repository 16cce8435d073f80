import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CustomerErasure, type CustomerErasurePart, type ErasedCustomer, type ErasedParts } from '../customers/customer-erasure.js';
import { SMS_SENDER, type SmsSender } from '../sms/sms.port.js';

/**
 * What the one-time numbers sent to a customer leave outside the customer's own tables: the SMS
 * adapter's record of the messages to their phone (the sandbox keeps each text, with its number).
 * Their verifications cascade with the customer.
 */
@Injectable()
export class VerificationsErasure implements CustomerErasurePart, OnModuleInit {
  constructor(
    private readonly erasure: CustomerErasure,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {}

  onModuleInit(): void {
    this.erasure.register(this);
  }

  async eraseCustomer(tx: EntityManager, customer: ErasedCustomer): Promise<ErasedParts> {
    await this.sms.forget(tx, customer.phone);
    return {};
  }
}
