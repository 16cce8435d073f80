import type { CoverageAnalysisDto } from '#contracts';
import { buildCoverageAnalysis } from '../../src/coverage-analysis/analysis/coverage-analysis.js';
import { catalogueFromData } from '../../src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../../src/coverage-analysis/catalogue/v2026-11/index.js';
import type { InsuranceDataCustomer } from '../../src/integrations/insurance-data/insurance-data.port.js';
import { sandboxPortfolio } from '../../src/integrations/insurance-data/sandbox/sandbox-portfolio.js';

/** A sandbox customer whose portfolio has 20 contracts, the sandbox's largest (12 active; the rest lapsed, expired or surrendered). */
export const TWENTY_CONTRACT_CUSTOMER: InsuranceDataCustomer = { name: '홍길동', birthDate: '19850315', gender: 'M', phone: '01012341027' };

/** A sandbox customer whose portfolio has one contract. */
export const ONE_CONTRACT_CUSTOMER: InsuranceDataCustomer = { name: '김하늘', birthDate: '19920704', gender: 'F', phone: '01098761018' };

export const GENERATED_AT = new Date('2026-11-21T09:30:00.000Z');

const catalogue = catalogueFromData(CATALOGUE_2026_11);

/** The analysis the service would store for this customer on 2026-11-21: sandbox contracts, the committed catalogue. */
export function sandboxAnalysis(customer: InsuranceDataCustomer, contracts = sandboxPortfolio(customer)): CoverageAnalysisDto {
  return buildCoverageAnalysis({
    customer,
    customerId: 42,
    contracts,
    catalogue,
    inquiryDate: { year: 2026, month: 11, day: 21 },
    retrievedAt: new Date('2026-11-21T09:29:00.000Z'),
  });
}
