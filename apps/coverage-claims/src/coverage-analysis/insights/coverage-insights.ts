import type { CoverageInsightsDto } from '#contracts';
import type { LocalDate } from '../../common/calendar.js';
import type { InsuranceContract, InsuranceDataCustomer } from '../../integrations/insurance-data/insurance-data.port.js';
import type { CoverageCatalogue } from '../catalogue/coverage-catalogue.js';

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

/** The analysis' insights (docs/decisions/coverage-insights.md). Pure. */
export function buildCoverageInsights(_input: CoverageInsightsInput): CoverageInsightsDto {
  throw new Error('buildCoverageInsights: not built yet (issue 28, helper B)');
}
