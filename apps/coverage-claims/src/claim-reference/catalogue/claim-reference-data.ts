import type { BankKind as BankKindEnum } from '#contracts';
import type { InsurerClaimDetails } from '../../insurers/entities/insurer.entity.js';

/**
 * The shape of a claim reference version as it is kept in the repository (`catalogue/v<version>/`)
 * and loaded into its tables by a migration (loadClaimReference). Sources and assumptions are in
 * docs/sources/claim-reference-lists.md.
 */
export interface ClaimReferenceData {
  version: string;
  /** Claim details of insurers of the coverage catalogue, by its codes (one insurer code set). */
  insurers: InsurerClaimDetails[];
  /** In display order. */
  banks: BankData[];
  postalCenters: PostalCenterData[];
  jobCodes: JobCodeData[];
}

/** `BANK` 은행, `SECOND_TIER` 제2금융권 (상호금융, 저축은행, 우체국). */
export type BankKind = `${BankKindEnum}`;

export interface BankData {
  /** 금융결제원 3-digit institution code. */
  code: string;
  name: string;
  kind: BankKind;
}

export interface PostalCenterData {
  code: string;
  name: string;
  /** City the centre sits in. */
  seat: string;
  /** Short names of the 시·도 it serves (as lead-distribution's regions spell them). */
  regions: string[];
}

/** 1 lowest … 3 highest (상해위험등급). */
export type RiskGrade = 1 | 2 | 3;

export interface JobCodeData {
  code: string;
  name: string;
  riskGrade: RiskGrade;
}
