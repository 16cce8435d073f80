import { SecondStepMethod } from '#contracts';

/** How the customer proves it is them in the source's second step: the contracts' list, which the API answers as it is. */
export { SecondStepMethod };

/**
 * The insurance-data port: the customer's insurance contracts, as the outside source (a credit
 * information network, an aggregator) reports them. One adapter per source, chosen by
 * INSURANCE_DATA_ADAPTER; nothing else in the service knows which one it talks to.
 */
export const INSURANCE_DATA = Symbol('INSURANCE_DATA');

/** A verified customer, as the verification step confirmed them. */
export interface InsuranceDataCustomer {
  name: string;
  /** YYYYMMDD */
  birthDate: string;
  gender: 'M' | 'F';
  /** Mobile phone, digits only. */
  phone: string;
  /** Connecting information (연계정보), when the verification produced one. */
  ci?: string;
}

export enum ContractState {
  Active = 'ACTIVE',
  Lapsed = 'LAPSED',
  Expired = 'EXPIRED',
  Surrendered = 'SURRENDERED',
}

export enum ContractType {
  Life = 'LIFE',
  NonLife = 'NON_LIFE',
}

export enum PaymentCycle {
  Monthly = 'MONTHLY',
  Quarterly = 'QUARTERLY',
  SemiAnnual = 'SEMI_ANNUAL',
  Annual = 'ANNUAL',
  LumpSum = 'LUMP_SUM',
}

/** The end date of cover that lasts for life (`종신`): a YYYYMMDD date after any real one. */
export const LIFETIME_END_DATE = '99991231';

/** What a contract is for: what the customer's premium buys (보장성, 저축성, 연금). */
export enum ContractPurpose {
  /** 보장성: pays on an event (death, diagnosis, hospital, accident). */
  Protection = 'PROTECTION',
  /** 저축성: builds a maturity or surrender value (저축·적립·변액 savings products). */
  Savings = 'SAVINGS',
  /** 연금: pays an annuity from an age. */
  Pension = 'PENSION',
}

/** A renewal-type (갱신형) coverage: its term is renewed, and its premium recalculated, every `cycleYears` years. */
export interface CoverageRenewal {
  /** Years between renewals; null when the source says 갱신형 without saying how often. */
  cycleYears: number | null;
}

export interface InsuranceCoverage {
  /** The insurer's own name of the coverage (mapped to catalogue codes through the synonym table). */
  name: string;
  /** KRW; daily benefits are per day, 실손 limits per year or per visit, as the insurer states them. */
  amount: number;
  /** The insurer's own code of the coverage, when the source gives one (not a catalogue code). */
  code?: string;
  /** YYYYMMDD: when the coverage began (a rider added later begins later); the contract's start when the source does not say. */
  startDate: string;
  /**
   * YYYYMMDD, LIFETIME_END_DATE for 종신: when the coverage ends. A rider may end before its contract
   * (a 종신 contract's rider ending at 65); the contract's end when the source does not say.
   */
  endDate: string;
  /** Renewal-type (갱신형) coverage: how it renews; null for a non-renewal (비갱신형) coverage. */
  renewal: CoverageRenewal | null;
  /**
   * 실손의료비: pays the medical costs the customer actually bore (indemnity). Several such contracts
   * for one person do not add up: together they pay a bill once, shared in proportion (비례보상).
   */
  indemnity: boolean;
}

export interface InsuranceContract {
  insurerCode: string;
  insurerName: string;
  productName: string;
  /** YYYYMMDD */
  startDate: string;
  /** YYYYMMDD */
  endDate: string;
  /** May be empty when the source does not give it. */
  contractor: string;
  insuredPerson: string;
  state: ContractState;
  type: ContractType;
  /** KRW per payment. */
  premium: number;
  /** Null when the source does not report it. */
  paymentCycle: PaymentCycle | null;
  /** Number of payments over the whole payment period (1 for a lump sum); null when unknown. */
  paymentCount: number | null;
  /** Payment period in years (0 for a lump sum). */
  paymentPeriodYears: number;
  /** What the premium buys: protection, savings or a pension. */
  purpose: ContractPurpose;
  coverages: InsuranceCoverage[];
}

/**
 * The customer's sign-in with the source, when it needs one (내보험다보여, credit4u.or.kr, for CODEF).
 * Sent only to the source, encrypted for it; never stored or logged. A follow-up call of a two-step
 * sign-in passes it again (the source wants the identical request repeated).
 */
export interface InsuranceSignIn {
  id: string;
  password: string;
}

export interface InsuranceDataOptions {
  /** Aborts the lookup (a request timeout, a client gone); the port then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** The customer's sign-in with the source; a source that needs one and gets none rejects with InsuranceSignInError. */
  signIn?: InsuranceSignIn;
}

/**
 * The source wants a second step before it answers. `reference` is opaque (the source's two-step
 * state and what the follow-up must repeat, never the sign-in): the service stores it sealed and
 * hands it back to continueLookup, on any replica.
 */
export interface SecondStep {
  method: SecondStepMethod;
  /** SECURE_NUMBER: the image to read, as a `data:` URL. */
  image?: string;
  reference: string;
}

export type ContractsLookup = { contracts: InsuranceContract[] } | { secondStep: SecondStep };

export interface SecondStepAnswer {
  /** The code or digits (SMS_CODE, EMAIL_CODE, SECURE_NUMBER); absent for APP_APPROVAL. */
  code?: string;
}

export interface InsuranceDataPort {
  /**
   * Every contract of the customer the source knows (active or not; an empty list when it knows
   * none), or the second step the source asks for first. Rejects with InsuranceDataUnavailableError
   * when the source fails or does not answer, InsuranceSignInError when the sign-in is missing or
   * wrong, InsuranceDataMisconfiguredError when our account with the source is set up wrong.
   */
  contractsOf(customer: InsuranceDataCustomer, options?: InsuranceDataOptions): Promise<ContractsLookup>;

  /**
   * The follow-up of a second step: the same customer and sign-in as the first call, the step's
   * reference and the customer's answer. Answers the contracts, or another step (a source may ask for
   * several). Rejects as contractsOf does, and with SecondStepError when the answer is wrong, the
   * customer has not approved yet, cancelled, or the step has expired.
   */
  continueLookup(
    customer: InsuranceDataCustomer,
    reference: string,
    answer: SecondStepAnswer,
    options?: InsuranceDataOptions,
  ): Promise<ContractsLookup>;
}

/**
 * The source failed or did not answer. The analysis operation answers it with 502
 * INSURANCE_DATA_UNAVAILABLE (CoverageAnalysisErrors). The message never holds personal data.
 */
export class InsuranceDataUnavailableError extends Error {
  override readonly name = 'InsuranceDataUnavailableError';

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
  }
}

/**
 * Our account with the source is set up wrong (keys of another environment, a wrong public key, a
 * product not subscribed): no customer input can fix it. Answered as 503 and logged at error level
 * for operators; never a customer error.
 */
export class InsuranceDataMisconfiguredError extends Error {
  override readonly name = 'InsuranceDataMisconfiguredError';
}

/** Why the source refused the customer's sign-in (400 naming the field). */
export type SignInRefusal = 'MISSING' | 'WRONG' | 'LOCKED';

export class InsuranceSignInError extends Error {
  override readonly name = 'InsuranceSignInError';

  constructor(
    readonly refusal: SignInRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** Why a second step did not give the contracts. */
export type SecondStepFailure =
  /** The customer has not approved in their app yet: the same follow-up may be sent again. */
  | 'PENDING'
  /** The code or digits are wrong: the same step may be answered again. */
  | 'WRONG_ANSWER'
  /** The customer cancelled in their app: start over. */
  | 'CANCELLED'
  /** The step's time ran out, or too many tries: start over. */
  | 'EXPIRED';

export class SecondStepError extends Error {
  override readonly name = 'SecondStepError';

  constructor(
    readonly failure: SecondStepFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Labels of the codes, as the analysis shows them. */
export const CONTRACT_STATE_LABELS: Readonly<Record<ContractState, string>> = {
  [ContractState.Active]: '정상',
  [ContractState.Lapsed]: '실효',
  [ContractState.Expired]: '만기',
  [ContractState.Surrendered]: '해지',
};

export const CONTRACT_TYPE_LABELS: Readonly<Record<ContractType, string>> = {
  [ContractType.Life]: '생명보험',
  [ContractType.NonLife]: '손해보험',
};

export const CONTRACT_PURPOSE_LABELS: Readonly<Record<ContractPurpose, string>> = {
  [ContractPurpose.Protection]: '보장성',
  [ContractPurpose.Savings]: '저축성',
  [ContractPurpose.Pension]: '연금',
};

export const PAYMENT_CYCLE_LABELS: Readonly<Record<PaymentCycle, string>> = {
  [PaymentCycle.Monthly]: '월납',
  [PaymentCycle.Quarterly]: '3개월납',
  [PaymentCycle.SemiAnnual]: '6개월납',
  [PaymentCycle.Annual]: '연납',
  [PaymentCycle.LumpSum]: '일시납',
};

/** Months between two payments; a lump sum has none. */
export const PAYMENT_CYCLE_MONTHS: Readonly<Record<PaymentCycle, number | null>> = {
  [PaymentCycle.Monthly]: 1,
  [PaymentCycle.Quarterly]: 3,
  [PaymentCycle.SemiAnnual]: 6,
  [PaymentCycle.Annual]: 12,
  [PaymentCycle.LumpSum]: null,
};
