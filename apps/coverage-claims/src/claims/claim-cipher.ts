import { Injectable } from '@nestjs/common';
import type { ClaimEventType } from '#contracts';
import { FieldCipher, LookupHasher } from '#platform';
import { normalisedPersonName } from '../common/person-name.js';
import type { Claim } from './entities/claim.entity.js';

/** What of a claim is personal or sensitive: sealed together, never logged. */
export interface ClaimSecrets {
  clientName: string;
  /** YYYYMMDD */
  clientBirthday: string;
  /** Digits. */
  clientTel: string;
  clientMemo: string;
  /** Digits; null when no account was given. */
  bankAccount: string | null;
  bankAccountHolder: string | null;
  eventPlace: string | null;
  eventText: string;
  callbackName: string;
  /** Digits. */
  callbackTel: string;
  jobCode: string;
  jobName: string;
  /** 기초생활수급자 */
  welfare: boolean;
  eventType: ClaimEventType;
  /** YYYY-MM-DD */
  eventDate: string;
}

/** What ClaimCipher.open reads: the sealed data. */
export type SealedClaim = Pick<Claim, 'keyId' | 'dataCiphertext'>;

export type ClaimLookupHashes = Pick<Claim, 'clientNameHash' | 'clientBirthdayHash' | 'clientTelHash'>;

/**
 * Seals a claim's secrets (AES-256-GCM with the platform's field cipher) and derives the keyed
 * hashes of the history's exact-match filters, each in its own domain (lookupHash).
 */
@Injectable()
export class ClaimCipher {
  constructor(
    private readonly cipher: FieldCipher,
    private readonly lookup: LookupHasher,
  ) {}

  seal(secrets: ClaimSecrets): Pick<Claim, 'keyId' | 'dataCiphertext'> & ClaimLookupHashes {
    const sealed = this.cipher.sealJson(secrets);
    return {
      keyId: sealed.keyId,
      dataCiphertext: sealed.ciphertext,
      clientNameHash: this.nameHash(secrets.clientName),
      clientBirthdayHash: this.birthdayHash(secrets.clientBirthday),
      clientTelHash: this.telHash(secrets.clientTel),
    };
  }

  open(claim: SealedClaim): ClaimSecrets {
    return this.cipher.openJson<ClaimSecrets>({ keyId: claim.keyId, ciphertext: claim.dataCiphertext });
  }

  nameHash(name: string): string {
    return this.lookup.hash('claim-client-name', normalisedPersonName(name));
  }

  birthdayHash(yyyymmdd: string): string {
    return this.lookup.hash('claim-client-birthday', yyyymmdd);
  }

  telHash(digits: string): string {
    return this.lookup.hash('claim-client-tel', digits);
  }

  /** The users table's hash of a fcUserCi (users.fc_user_ci_hash). */
  fcUserCiHash(fcUserCi: string): string {
    return this.lookup.hash('fc-user-ci', fcUserCi);
  }
}
