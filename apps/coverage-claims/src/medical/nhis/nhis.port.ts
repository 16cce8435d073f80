import type { Gender, NhisAuthProvider, Telecom } from '#contracts';
import type { Checkup, Measurement } from '../checkups/checkup.js';

/**
 * The NHIS port: simple authentication (간편인증) with the national health insurer and the check-ups
 * it then hands out. One adapter per source, chosen by NHIS_ADAPTER; callers inject NHIS and cannot
 * tell which one they talk to. Every method rejects with NhisUnavailableError when the source (or
 * the provider app's server behind it) fails or cannot be reached; any other error is a bug.
 */
export const NHIS = Symbol('NHIS');

/** The customer as the NHIS identifies them: name, birth date (YYYYMMDD), mobile phone (digits). */
export interface NhisCustomer {
  name: string;
  birthDate: string;
  gender: Gender;
  phone: string;
}

export interface NhisAuthRequest {
  customer: NhisCustomer;
  provider: NhisAuthProvider;
  /** Given with PASS. */
  telecom?: Telecom;
}

/**
 * What the source's first step answered: an opaque reference the second step must send back (the
 * real service's transaction and session keys). It can be a credential: the service stores it sealed.
 */
export interface NhisAuthHandle {
  reference: string;
}

export enum NhisApproval {
  Pending = 'PENDING',
  Approved = 'APPROVED',
  Refused = 'REFUSED',
}

/** A check-up as the source reports it: the measurements without judgement (the service judges them). */
export interface NhisCheckup extends Omit<Checkup, 'measurements'> {
  measurements: Array<Omit<Measurement, 'band'>>;
}

export interface NhisPort {
  /** Sends the approval request to the customer's app. */
  requestAuth(request: NhisAuthRequest): Promise<NhisAuthHandle>;

  /** Whether the customer has approved (or refused) the request in their app yet. */
  approvalOf(handle: NhisAuthHandle): Promise<NhisApproval>;

  /**
   * The customer's general check-ups (일반건강검진) of up to the last 10 years, with an approved
   * authentication; [] when the NHIS holds none.
   */
  checkupsOf(handle: NhisAuthHandle, customer: NhisCustomer): Promise<NhisCheckup[]>;
}

/** The source failed or did not answer. The message never holds personal data. */
export class NhisUnavailableError extends Error {
  override readonly name = 'NhisUnavailableError';
}
