import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '#platform';
import type { CustomerDto } from '#contracts';
import { visibilityOf, type UserPrincipal } from '../auth/principal.js';
import { CustomerCipher, type CustomerIdentity, type OpenedCustomer } from './customer-cipher.js';
import { CustomerErasure } from './customer-erasure.service.js';
import { CustomerErrors } from './customers.errors.js';
import { CustomersRepository, type ConsentRow } from './customers.repository.js';
import type { Customer } from './entities/customer.entity.js';

export interface RecordedConsent {
  customerId: string;
  termIds: string[];
  verificationId: string | null;
  plannerId: string | null;
  agreedAt: Date;
}

/** A customer's data in plain, as the service hands it to other features. */
export type { OpenedCustomer };

@Injectable()
export class CustomersService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly cipher: CustomerCipher,
    private readonly erasure: CustomerErasure,
  ) {}

  /**
   * The planner's customer for this person (by name, birth date and phone), created if the planner
   * has none; an existing one is left as it is. Another planner's customer for the same person is
   * neither found nor changed: the caller could not see it. Returns their id.
   */
  findOrCreate(tx: EntityManager, planner: UserPrincipal, identity: CustomerIdentity): Promise<string> {
    return this.customers.findOrCreate(tx, {
      id: uuidv7(),
      organisationId: planner.organisationId,
      plannerId: planner.userId,
      ...this.cipher.seal(identity),
    });
  }

  /** What a confirmed verification makes true of its customer: the gender it stated. */
  applyConfirmation(tx: EntityManager, customerId: string, gender: string): Promise<void> {
    return this.customers.applyConfirmation(tx, customerId, gender);
  }

  /** Records that the customer agreed to these term versions, through this planner, with this verification request. */
  recordConsents(tx: EntityManager, consent: RecordedConsent): Promise<void> {
    return this.customers.insertConsents(tx, { ...consent, ids: consent.termIds.map(() => uuidv7()) });
  }

  /** Keyed hash of a phone (digits only), as stored beside customers and verifications. */
  phoneHash(phone: string): string {
    return this.cipher.phoneHash(phone);
  }

  /**
   * A customer's data in plain with their integer number, for a caller that has already established
   * it may see them (a verification token, a visible analysis).
   */
  async opened(id: string): Promise<OpenedCustomer & { id: string; number: number; plannerId: string | null }> {
    const customer = await this.customers.findById(id);
    // A verification or an analysis names its customer by a cascading foreign key: it never outlives its customer.
    if (!customer) throw CustomerErrors.notFound(id);
    return { id, number: customer.number, plannerId: customer.plannerId, ...this.cipher.open(customer) };
  }

  async get(principal: UserPrincipal, id: string): Promise<CustomerDto> {
    const customer = await this.customers.findVisible(visibilityOf(principal), id);
    if (!customer) throw CustomerErrors.notFound(id);
    return toCustomerResponse(customer, this.cipher.open(customer), await this.customers.consentsOf(id));
  }

  /**
   * Deletes the customer and everything derived from them (CustomersRepository.deleteVisible, with the
   * parts features registered in CustomerErasure), for the planner who created them or an ORG_ADMIN.
   */
  async remove(principal: UserPrincipal, id: string): Promise<void> {
    const deleted = await this.customers.deleteVisible(visibilityOf(principal), id, (tx, customer) =>
      this.erasure.erase(tx, {
        id: customer.id,
        organisationId: customer.organisationId,
        plannerId: customer.plannerId,
        phoneHash: customer.phoneHash,
      }),
    );
    if (!deleted) throw CustomerErrors.notFound(id);
    this.erasure.committed();
  }
}

export function toCustomerResponse(customer: Customer, opened: OpenedCustomer, consents: ConsentRow[]): CustomerDto {
  return {
    id: customer.id,
    number: customer.number,
    name: opened.name,
    birthDate: opened.birthDate,
    gender: opened.gender,
    phone: opened.phone,
    ci: opened.ci,
    plannerId: customer.plannerId,
    consents: consents.map((consent) => ({
      termId: consent.termId,
      version: consent.version,
      title: consent.title,
      required: consent.required,
      agreedAt: consent.agreedAt.toISOString(),
      plannerId: consent.plannerId,
      verificationId: consent.verificationId,
    })),
    createdAt: customer.createdAt.toISOString(),
    updatedAt: customer.updatedAt.toISOString(),
  };
}
