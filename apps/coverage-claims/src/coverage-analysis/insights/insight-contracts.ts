import type { InsightContractDto } from '#contracts';
import { formatIsoDate, parseCompactDate, type LocalDate } from '../../common/calendar.js';
import { ContractState, PAYMENT_CYCLE_MONTHS, type InsuranceContract } from '../../integrations/insurance-data/insurance-data.port.js';
import type { CoverageCatalogue } from '../catalogue/coverage-catalogue.js';
import { orderForDisplay } from '../analysis/coverage-analysis.js';
import { paymentsDueBy } from '../analysis/premiums.js';

/** An active contract as every insight sees it: its place in the analysis, its payments and what it costs a month. */
export interface ActiveContract {
  contract: InsuranceContract;
  /** The analysis' `contract_id`: position in orderForDisplay, from 1. */
  contractId: number;
  /** Payments due on or before the inquiry date; null when the cycle or count is unknown. */
  paymentsMade: number | null;
  /** What it costs a month now, unrounded: premium ÷ months per payment while a payment is still due, else 0. */
  monthly: number;
  /** The fields an insight repeats for a contract it speaks of (monthlyPremium rounded to the won). */
  view: InsightContractDto;
}

/**
 * The active contracts in the analysis' order, each with its contract_id (inactive contracts keep
 * their numbers but are left out). Unknown cycle or count: nothing a month, as premiumTotals counts it.
 */
export function activeContractsOf(contracts: readonly InsuranceContract[], catalogue: CoverageCatalogue, on: LocalDate): ActiveContract[] {
  const active: ActiveContract[] = [];
  orderForDisplay(contracts).forEach((contract, index) => {
    if (contract.state !== ContractState.Active) return;
    const paymentsMade = paymentsDueBy(contract, on);
    const monthly = monthlyPremiumOf(contract, paymentsMade);
    active.push({
      contract,
      contractId: index + 1,
      paymentsMade,
      monthly,
      view: {
        contractId: index + 1,
        insurerName: catalogue.insurer(contract.insurerCode)?.name ?? contract.insurerName,
        productName: contract.productName,
        insuredPerson: contract.insuredPerson,
        startDate: formatIsoDate(parseCompactDate(contract.startDate)),
        // Unknown payments: what it costs is unknown, not nothing (a 실손-only contract from CODEF has no premium or cycle).
        monthlyPremium: paymentsMade === null ? null : Math.round(monthly),
      },
    });
  });
  return active;
}

function monthlyPremiumOf(contract: InsuranceContract, paymentsMade: number | null): number {
  if (paymentsMade === null) return 0;
  const months = PAYMENT_CYCLE_MONTHS[contract.paymentCycle!];
  if (months === null || contract.paymentCount! - paymentsMade <= 0) return 0;
  return contract.premium / months;
}
