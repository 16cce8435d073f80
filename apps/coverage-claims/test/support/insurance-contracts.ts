import {
  ContractPurpose,
  ContractState,
  ContractType,
  PaymentCycle,
  type InsuranceContract,
  type InsuranceCoverage,
} from '../../src/integrations/insurance-data/insurance-data.port.js';

/** A coverage as a test writes it: name and amount, anything else only when it matters. */
export type CoverageSpec = Pick<InsuranceCoverage, 'name' | 'amount'> & Partial<InsuranceCoverage>;

export type ContractSpec = Partial<Omit<InsuranceContract, 'coverages'>> & { coverages?: readonly CoverageSpec[] };

/**
 * A port contract for tests: an active, monthly-paid 20-year 손해보험 health contract unless told
 * otherwise. A coverage's dates default to its contract's; it is non-renewal and not 실손 unless told.
 */
export function contractOf(spec: ContractSpec = {}): InsuranceContract {
  const { coverages = [], ...changes } = spec;
  const contract: Omit<InsuranceContract, 'coverages'> = {
    insurerCode: 'N01',
    insurerName: '삼성화재',
    productName: '삼성화재 무배당 건강보험',
    startDate: '20200115',
    endDate: '20800115',
    contractor: '홍길동',
    insuredPerson: '홍길동',
    state: ContractState.Active,
    type: ContractType.NonLife,
    premium: 100_000,
    paymentCycle: PaymentCycle.Monthly,
    paymentCount: 240,
    paymentPeriodYears: 20,
    purpose: ContractPurpose.Protection,
    ...changes,
  };
  return { ...contract, coverages: coverages.map((coverage) => coverageOf(coverage, contract)) };
}

/** A port coverage of `contract`: its dates unless given, non-renewal and not 실손 unless told. */
export function coverageOf(spec: CoverageSpec, contract: Pick<InsuranceContract, 'startDate' | 'endDate'>): InsuranceCoverage {
  return { startDate: contract.startDate, endDate: contract.endDate, renewal: null, indemnity: false, ...spec };
}
