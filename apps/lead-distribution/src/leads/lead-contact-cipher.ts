import { Injectable } from '@nestjs/common';
import { FieldCipher, LookupHasher } from '#platform';
import { formatPhone, maskName, maskPhone } from './lead-masking.js';

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
  constructor(
    private readonly cipher: FieldCipher,
    private readonly lookup: LookupHasher,
  ) {}

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
    return this.lookup.hash('phone', phone);
  }

  /**
   * A lead's name and phone as a response shows them: in clear when `inClear` (the caller owns the
   * used lead, or is an ancestor DESIGN lets see it, and the response is audited), masked otherwise.
   */
  contactAsShown(lead: {
    inClear: boolean;
    name: string;
    phoneCiphertext: Buffer | null;
    phoneKeyId: string;
    phonePrefix: string;
    phoneLast4: string;
  }): { name: string; phone: string } {
    return lead.inClear && lead.phoneCiphertext
      ? { name: lead.name, phone: formatPhone(this.openPhone({ phoneCiphertext: lead.phoneCiphertext, phoneKeyId: lead.phoneKeyId })) }
      : { name: maskName(lead.name), phone: maskPhone(lead.phonePrefix, lead.phoneLast4) };
  }

  openPhone(lead: { phoneCiphertext: Buffer; phoneKeyId: string }): string {
    return this.cipher.open({ keyId: lead.phoneKeyId, ciphertext: lead.phoneCiphertext });
  }
}
