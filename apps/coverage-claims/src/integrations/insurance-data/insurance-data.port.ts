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

export interface InsuranceCoverage {
  /** The insurer's own name of the coverage (mapped to catalogue codes through the synonym table). */
  name: string;
  /** KRW; daily benefits are per day, 실손 limits per year or per visit, as the insurer states them. */
  amount: number;
  /** The insurer's own code of the coverage, when the source gives one (not a catalogue code). */
  code?: string;
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
  coverages: InsuranceCoverage[];
}

export interface InsuranceDataOptions {
  /** Aborts the lookup (a request timeout, a client gone); the port then rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface InsuranceDataPort {
  /**
   * Every contract of the customer the source knows (active or not); an empty list when it knows
   * none. Rejects with InsuranceDataUnavailableError when the source fails or does not answer.
   */
  contractsOf(customer: InsuranceDataCustomer, options?: InsuranceDataOptions): Promise<InsuranceContract[]>;
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
