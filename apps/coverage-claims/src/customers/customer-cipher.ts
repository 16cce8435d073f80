import { Injectable } from '@nestjs/common';
import type { Gender } from '#contracts';
import { FieldCipher, LookupHasher } from '#platform';
import { normalisedPersonName } from '../common/person-name.js';
import type { Customer } from './entities/customer.entity.js';

/** Who a customer is, in plain: `birthDate` YYYYMMDD, `phone` digits only; `gender` null until a verification states it. */
export interface CustomerIdentity {
  name: string;
  birthDate: string;
  gender: Gender | null;
  phone: string;
}

export type SealedCustomer = Pick<
  Customer,
  'identityHash' | 'phoneHash' | 'keyId' | 'nameCiphertext' | 'birthDateCiphertext' | 'phoneCiphertext' | 'gender'
>;

export interface OpenedCustomer extends CustomerIdentity {
  ci: string | null;
}

/** Encrypts customers' personal data at rest and derives the keyed hashes stored beside it. */
@Injectable()
export class CustomerCipher {
  constructor(
    private readonly cipher: FieldCipher,
    private readonly lookup: LookupHasher,
  ) {}

  seal(identity: CustomerIdentity): SealedCustomer {
    const name = this.cipher.seal(identity.name);
    return {
      identityHash: this.identityHash(identity),
      phoneHash: this.phoneHash(identity.phone),
      keyId: name.keyId,
      nameCiphertext: name.ciphertext,
      birthDateCiphertext: this.cipher.seal(identity.birthDate).ciphertext,
      phoneCiphertext: this.cipher.seal(identity.phone).ciphertext,
      gender: identity.gender,
    };
  }

  /**
   * The identity hash of a person: one customer per person, organisation and planner. The same
   * person however the name was typed (normalisedPersonName); name, birth date and phone together,
   * so two people sharing a phone (a family's) stay two customers.
   */
  identityHash(identity: Pick<CustomerIdentity, 'name' | 'birthDate' | 'phone'>): string {
    return this.lookup.hash('customer', normalisedPersonName(identity.name), identity.birthDate, identity.phone);
  }

  /** Keyed hash of a phone (digits only), for exact-match look-ups. */
  phoneHash(phone: string): string {
    return this.lookup.hash('phone', phone);
  }

  open(customer: Customer): OpenedCustomer {
    const open = (ciphertext: Buffer) => this.cipher.open({ keyId: customer.keyId, ciphertext });
    return {
      name: open(customer.nameCiphertext),
      birthDate: open(customer.birthDateCiphertext),
      gender: customer.gender,
      phone: open(customer.phoneCiphertext),
      ci:
        customer.ciCiphertext && customer.ciKeyId ? this.cipher.open({ keyId: customer.ciKeyId, ciphertext: customer.ciCiphertext }) : null,
    };
  }
}
