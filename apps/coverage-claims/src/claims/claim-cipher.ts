import { Injectable } from '@nestjs/common';
import type { ClaimEventType } from '#contracts';
import { fieldCipherOf, lookupHash, lookupHashKeyOf, type FieldCipher } from '#platform';
import { normalisedPersonName } from '../common/person-name.js';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
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

/** The secrets a claim filed before job, event and welfare were sealed kept in clear columns instead. */
const LEGACY_COLUMNS = ['jobCode', 'jobName', 'welfare', 'eventType', 'eventDate'] as const;

/** What ClaimCipher.open reads: the sealed data, and the clear columns of a claim filed before they were sealed. */
export type SealedClaim = Pick<
  Claim,
  'keyId' | 'dataCiphertext' | 'legacyJobCode' | 'legacyJobName' | 'legacyWelfare' | 'legacyEventType' | 'legacyEventDate'
>;

export type ClaimLookupHashes = Pick<Claim, 'clientNameHash' | 'clientBirthdayHash' | 'clientTelHash'>;

/**
 * Seals a claim's secrets (AES-256-GCM with the platform's field cipher) and derives the keyed
 * hashes of the history's exact-match filters, each in its own domain (lookupHash).
 */
@Injectable()
export class ClaimCipher {
  private readonly cipher: FieldCipher;
  private readonly hashKey: string;

  constructor(config: CoverageClaimsConfig) {
    this.cipher = fieldCipherOf(config);
    this.hashKey = lookupHashKeyOf(config);
  }

  seal(secrets: ClaimSecrets): Pick<Claim, 'keyId' | 'dataCiphertext'> & ClaimLookupHashes {
    const sealed = this.cipher.seal(JSON.stringify(secrets));
    return {
      keyId: sealed.keyId,
      dataCiphertext: sealed.ciphertext,
      clientNameHash: this.nameHash(secrets.clientName),
      clientBirthdayHash: this.birthdayHash(secrets.clientBirthday),
      clientTelHash: this.telHash(secrets.clientTel),
    };
  }

  open(claim: SealedClaim): ClaimSecrets {
    const sealed = JSON.parse(this.cipher.open({ keyId: claim.keyId, ciphertext: claim.dataCiphertext })) as Partial<ClaimSecrets>;
    if (LEGACY_COLUMNS.every((name) => sealed[name] !== undefined)) return sealed as ClaimSecrets;
    return {
      jobCode: claim.legacyJobCode!,
      jobName: claim.legacyJobName!,
      welfare: claim.legacyWelfare!,
      eventType: claim.legacyEventType!,
      eventDate: claim.legacyEventDate!,
      ...sealed,
    } as ClaimSecrets;
  }

  nameHash(name: string): string {
    return lookupHash(this.hashKey, 'claim-client-name', normalisedPersonName(name));
  }

  birthdayHash(yyyymmdd: string): string {
    return lookupHash(this.hashKey, 'claim-client-birthday', yyyymmdd);
  }

  telHash(digits: string): string {
    return lookupHash(this.hashKey, 'claim-client-tel', digits);
  }

  /** The users table's hash of a fcUserCi (users.fc_user_ci_hash). */
  fcUserCiHash(fcUserCi: string): string {
    return lookupHash(this.hashKey, 'fc-user-ci', fcUserCi);
  }
}
