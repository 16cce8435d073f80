import { Injectable } from '@nestjs/common';
import { fieldCipherOf, lookupHash, lookupHashKeyOf, type FieldCipher } from '#platform';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';

export interface SealedPhone {
  phoneCiphertext: Buffer;
  phoneKeyId: string;
  phonePrefix: string;
  phoneLast4: string;
  phoneHash: string;
}

/** Encrypts lead phone numbers at rest and derives what is stored beside them. */
@Injectable()
export class LeadContactCipher {
  private readonly cipher: FieldCipher;
  private readonly hashKey: string;

  constructor(config: LeadDistributionConfig) {
    this.cipher = fieldCipherOf(config);
    this.hashKey = lookupHashKeyOf(config);
  }

  /** `phone` is normalised digits (01012345678). */
  sealPhone(phone: string): SealedPhone {
    const sealed = this.cipher.seal(phone);
    return {
      phoneCiphertext: sealed.ciphertext,
      phoneKeyId: sealed.keyId,
      phonePrefix: phone.slice(0, 3),
      phoneLast4: phone.slice(-4),
      phoneHash: this.phoneHash(phone),
    };
  }

  phoneHash(phone: string): string {
    return lookupHash(this.hashKey, phone);
  }

  openPhone(lead: { phoneCiphertext: Buffer; phoneKeyId: string }): string {
    return this.cipher.open({ keyId: lead.phoneKeyId, ciphertext: lead.phoneCiphertext });
  }
}
