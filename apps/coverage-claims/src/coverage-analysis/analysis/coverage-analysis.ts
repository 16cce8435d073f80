import {
  COVERAGE_STATUS_NAMES,
  CoverageStatusCode,
  type AnalysisContractDto,
  type AnalysisCoverageDto,
  type ContractCompanyDto,
  type ContractCoverageDto,
  type CoverageAnalysisDto,
} from '#contracts';
import type { CoverageCatalogue } from '../catalogue/coverage-catalogue.js';
import {
  CONTRACT_STATE_LABELS,
  CONTRACT_TYPE_LABELS,
  ContractState,
  PAYMENT_CYCLE_LABELS,
  type InsuranceContract,
  type InsuranceDataCustomer,
} from '../../integrations/insurance-data/insurance-data.port.js';
import { ageOn, formatIsoDate, insuranceAgeOn, parseCompactDate, type LocalDate } from '../../common/calendar.js';
import { premiumTotals } from './premiums.js';

export interface CoverageAnalysisInput {
  customer: InsuranceDataCustomer;
  /** The stored customer's number (`contracts[].coverages[].customer_id`), given by the customers feature. */
  customerId: number;
  /** As the insurance-data port returned them. */
  contracts: readonly InsuranceContract[];
  catalogue: CoverageCatalogue;
  /** The analysis date (in Korea: koreaDate(now)). */
  inquiryDate: LocalDate;
  /** When the contracts were retrieved (`create_time` of their coverages). */
  retrievedAt: Date;
}

/**
 * The spec's `analysis` object (docs/decisions/coverage-analysis.md). Pure: the same input gives the same
 * output. Held amounts are summed over ACTIVE contracts per catalogue code; every contract is
 * listed, active first, then newest first.
 */
export function buildCoverageAnalysis(input: CoverageAnalysisInput): CoverageAnalysisDto {
  const { customer, catalogue, inquiryDate } = input;
  const birth = parseCompactDate(customer.birthDate);
  const age = ageOn(birth, inquiryDate);
  const createTime = input.retrievedAt.toISOString();

  const held = new Map<string, number>();
  const contracts = orderForDisplay(input.contracts).map((contract, index): AnalysisContractDto => {
    const contractId = index + 1;
    const active = contract.state === ContractState.Active;
    const coverages = contract.coverages.map((coverage, position): ContractCoverageDto => {
      const code = catalogue.codeFor(coverage.name);
      if (code !== undefined && active) held.set(code, (held.get(code) ?? 0) + coverage.amount);
      return {
        coverage_name: coverage.name,
        ...(code !== undefined && { coverage_code: code }),
        amount: coverage.amount,
        contract_id: contractId,
        customer_id: input.customerId,
        number: position + 1,
        create_time: createTime,
      };
    });
    return {
      comapny_code: contract.insurerCode,
      company_name: catalogue.insurer(contract.insurerCode)?.name ?? contract.insurerName,
      product_name: contract.productName,
      start_date: contract.startDate,
      end_date: contract.endDate,
      contractor: contract.contractor,
      coverages,
      period: contract.paymentPeriodYears,
      premium: contract.premium,
      payment_cycle_code: contract.paymentCycle,
      payment_number: contract.paymentCount,
      payment_cycle: contract.paymentCycle === null ? null : PAYMENT_CYCLE_LABELS[contract.paymentCycle],
      type: CONTRACT_TYPE_LABELS[contract.type],
      company: companyOf(catalogue, contract),
      state: CONTRACT_STATE_LABELS[contract.state],
      insured_person: contract.insuredPerson,
    };
  });

  const coverages = catalogue.recommendationsFor(age, customer.gender).map((recommendation): AnalysisCoverageDto => {
    const amount = held.get(recommendation.code) ?? 0;
    const status = coverageStatus(amount, recommendation.recommend);
    return {
      category_code: recommendation.categoryCode,
      category_name: recommendation.categoryName,
      coverage_code: recommendation.code,
      coverage_name: recommendation.name,
      recommend: recommendation.recommend,
      limit: recommendation.limit,
      amount,
      status_code: status,
      status_name: COVERAGE_STATUS_NAMES[status],
    };
  });
  const good = coverages.filter((coverage) => coverage.status_code === CoverageStatusCode.Good);
  const bad = coverages.filter((coverage) => coverage.status_code === CoverageStatusCode.Bad);
  const premiums = premiumTotals(input.contracts, inquiryDate);

  return {
    phone_number: customer.phone,
    customer_name: customer.name,
    gender: customer.gender,
    date_of_birth: formatIsoDate(birth),
    age,
    insuAge: insuranceAgeOn(birth, inquiryDate),
    premium: premiums.premium,
    paid_premium: premiums.paid_premium,
    total_premium: premiums.total_premium,
    future_premium: premiums.future_premium,
    inquiry_time: formatIsoDate(inquiryDate),
    coverages,
    coverage_count: coverages.length,
    coverage_good_count: good.length,
    coverage_bad_count: bad.length,
    coverage_good_names: good.map((coverage) => coverage.coverage_name).join(','),
    coverage_bad_names: bad.map((coverage) => coverage.coverage_name).join(','),
    contracts,
  };
}

/**
 * `bad` (부족) when the held amount is under half the recommended one, `normal` (보통) under the
 * recommended one, `good` (적절) from it on. Nothing recommended (0) is always `good`.
 */
export function coverageStatus(amount: number, recommend: number): CoverageStatusCode {
  if (amount * 2 < recommend) return CoverageStatusCode.Bad;
  if (amount < recommend) return CoverageStatusCode.Normal;
  return CoverageStatusCode.Good;
}

/** The payload's order of contracts (its `contract_id` is the position in it, from 1): active first, then newest first. */
export function orderForDisplay(contracts: readonly InsuranceContract[]): InsuranceContract[] {
  const rank = (contract: InsuranceContract) => (contract.state === ContractState.Active ? 0 : 1);
  // Array.prototype.sort is stable: equal contracts keep the port's order.
  return [...contracts].sort((a, b) => rank(a) - rank(b) || b.startDate.localeCompare(a.startDate));
}

function companyOf(catalogue: CoverageCatalogue, contract: InsuranceContract): ContractCompanyDto {
  const insurer = catalogue.insurer(contract.insurerCode);
  if (!insurer) {
    // An insurer the catalogue does not know yet: what the source says, nothing invented.
    return {
      code: contract.insurerCode,
      name: contract.insurerName,
      agency_code: '',
      agency_name: '',
      other_name: '',
      intial: '',
      ci_path: '',
    };
  }
  return {
    code: insurer.code,
    name: insurer.name,
    agency_code: insurer.agencyCode,
    agency_name: insurer.agencyName,
    other_name: insurer.otherName,
    intial: insurer.initial,
    ci_path: insurer.logoPath,
  };
}
