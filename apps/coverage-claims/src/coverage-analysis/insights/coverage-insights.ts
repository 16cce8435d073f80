import type { CoverageInsightsDto } from '#contracts';
import type { LocalDate } from '../../common/calendar.js';
import type { InsuranceContract, InsuranceDataCustomer } from '../../integrations/insurance-data/insurance-data.port.js';
import type { CoverageCatalogue } from '../catalogue/coverage-catalogue.js';
import { coverByAge } from './cover-by-age.js';
import { indemnityInsight } from './indemnity.js';
import { activeContractsOf } from './insight-contracts.js';
import type { InsightRules } from './insight-rules.js';
import { premiumBurden } from './premium-burden.js';
import { renewalsAhead } from './renewals.js';
import { INSIGHT_RULES_2026_11 } from './v2026-11/index.js';

export interface CoverageInsightsInput {
  customer: InsuranceDataCustomer;
  /** As the insurance-data port returned them (ordered here as the payload orders them: orderForDisplay). */
  contracts: readonly InsuranceContract[];
  catalogue: CoverageCatalogue;
  /** The analysis date (in Korea). */
  inquiryDate: LocalDate;
  /** KRW a month, when the request gave it. */
  monthlyIncome: number | null;
}

/** The rules and figures the insights are computed with now (a new version is a new folder). */
export const CURRENT_INSIGHT_RULES: InsightRules = INSIGHT_RULES_2026_11;

/**
 * The analysis' insights (docs/decisions/coverage-insights.md). Pure: the same input gives the same
 * output. Only ACTIVE contracts count; each is named by its `contract_id` in the analysis.
 */
export function buildCoverageInsights(input: CoverageInsightsInput): CoverageInsightsDto {
  const { customer, contracts, catalogue, inquiryDate } = input;
  const rules = CURRENT_INSIGHT_RULES;
  const active = activeContractsOf(contracts, catalogue, inquiryDate);
  return {
    version: rules.version,
    indemnity: indemnityInsight(active, customer.name, inquiryDate, rules),
    premiums: premiumBurden(contracts, active, inquiryDate, input.monthlyIncome, rules),
    coverByAge: coverByAge(active, customer, catalogue, inquiryDate, rules),
    renewals: renewalsAhead(active, inquiryDate, rules),
  };
}
