import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CustomerErasure, type CustomerErasurePart, type ErasedCustomer, type ErasedParts } from '../customers/customer-erasure.service.js';
import { SMS_SENDER, type SmsSender } from '../integrations/sms/sms.port.js';
import { VerificationsRepository } from './verifications.repository.js';

/**
 * What the one-time numbers sent to a customer leave outside the customer's own rows: the requests
 * for their phone that never named a customer, and the SMS adapter's record of every number sent to
 * them (the sandbox keeps each text, number included). Their own verifications cascade with them.
 */
@Injectable()
export class VerificationsErasure implements CustomerErasurePart, OnModuleInit {
  constructor(
    private readonly erasure: CustomerErasure,
    private readonly verifications: VerificationsRepository,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
  ) {}

  onModuleInit(): void {
    this.erasure.register(this);
  }

  async eraseCustomer(tx: EntityManager, customer: ErasedCustomer): Promise<ErasedParts> {
    const ids = await this.verifications.deleteForErasure(tx, customer);
    await this.sms.forget(
      tx,
      ids.map((id) => `verification-${id}`),
    );
    return {};
  }
}
