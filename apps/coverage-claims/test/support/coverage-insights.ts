import type { CoverageInsightsDto } from '#contracts';
import { parseIsoDate } from '../../src/common/calendar.js';
import { buildCoverageAnalysis } from '../../src/coverage-analysis/analysis/coverage-analysis.js';
import { catalogueFromData } from '../../src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../../src/coverage-analysis/catalogue/v2026-11/index.js';
import { buildCoverageInsights, type CoverageInsightsInput } from '../../src/coverage-analysis/insights/coverage-insights.js';
import type { InsuranceContract, InsuranceDataCustomer } from '../../src/integrations/insurance-data/insurance-data.port.js';
import { contractOf, type ContractSpec, type CoverageSpec } from './insurance-contracts.js';

/**
 * The coverage insights' unit tests share one customer (41 on the inquiry date), the catalogue and
 * the inquiry date; `insights` runs the rules on contracts as the service would.
 */
export const catalogue = catalogueFromData(CATALOGUE_2026_11);
// 41 on the inquiry date; turns 60 on 2045-07-05, 65 on 2050-07-05, 70 on 2055-07-05, 80 on 2065-07-05.
export const customer: InsuranceDataCustomer = { name: '김민준', birthDate: '19850705', gender: 'M', phone: '01055501234' };
export const INQUIRY = '2026-11-21';

export function insights(contracts: InsuranceContract[], changes: Partial<CoverageInsightsInput> = {}): CoverageInsightsDto {
  return buildCoverageInsights({
    customer,
    contracts,
    catalogue,
    inquiryDate: parseIsoDate(INQUIRY),
    monthlyIncome: null,
    ...changes,
  });
}

export function analysisOf(contracts: InsuranceContract[], changes: Partial<CoverageInsightsInput> = {}) {
  return buildCoverageAnalysis({
    customer: changes.customer ?? customer,
    customerId: 1,
    contracts,
    catalogue,
    inquiryDate: changes.inquiryDate ?? parseIsoDate(INQUIRY),
    retrievedAt: new Date('2026-11-21T00:30:00.000Z'),
  });
}

export const contract = (spec: ContractSpec) => contractOf({ contractor: customer.name, insuredPerson: customer.name, ...spec });

export const INDEMNITY: CoverageSpec[] = [
  { name: '실손의료비(입원)', amount: 50_000_000, indemnity: true },
  { name: '실손의료비(통원)', amount: 200_000, indemnity: true },
];
export const indemnityContract = (spec: ContractSpec) => contract({ productName: '실손의료비보험', coverages: INDEMNITY, ...spec });
