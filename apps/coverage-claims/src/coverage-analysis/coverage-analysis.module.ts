import { Module } from '@nestjs/common';
import { CoverageCatalogueRepository } from './coverage-catalogue.repository.js';
import { CoverageCatalogueService } from './coverage-catalogue.service.js';
import { INSURANCE_DATA } from './insurance-data/insurance-data.port.js';
import { insuranceDataProvider } from './insurance-data/insurance-data.provider.js';
import { CoverageReportModule } from './report/coverage-report.module.js';

/**
 * The analysis core: the insurance-data port (INSURANCE_DATA) and the coverage catalogue. The pure
 * computation (buildCoverageAnalysis) needs no provider. The analysis operation builds on these;
 * its report operation renders through CoverageReportService (report/).
 */
@Module({
  imports: [CoverageReportModule],
  providers: [CoverageCatalogueRepository, CoverageCatalogueService, insuranceDataProvider],
  exports: [CoverageCatalogueService, INSURANCE_DATA, CoverageReportModule],
})
export class CoverageAnalysisModule {}
