import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { VerificationsModule } from '../verifications/verifications.module.js';
import { AnalysesController } from './analyses.controller.js';
import { AnalysesRepository } from './analyses.repository.js';
import { AnalysesService } from './analyses.service.js';
import { CoverageCatalogueRepository } from './coverage-catalogue.repository.js';
import { CoverageCatalogueService } from './coverage-catalogue.service.js';
import { INSURANCE_DATA } from './insurance-data/insurance-data.port.js';
import { insuranceDataProvider } from './insurance-data/insurance-data.provider.js';
import { CoverageReportModule } from './report/coverage-report.module.js';

/**
 * Coverage analysis: the insurance-data port (INSURANCE_DATA), the coverage catalogue, the pure
 * computation (buildCoverageAnalysis, no provider), the operation that runs and stores analyses, and
 * the report renderer (CoverageReportService, report/). AnalysesService.getVisible is what reports
 * and the medical analysis read analyses with.
 */
@Module({
  imports: [VerificationsModule, CustomersModule, CoverageReportModule],
  controllers: [AnalysesController],
  providers: [CoverageCatalogueRepository, CoverageCatalogueService, insuranceDataProvider, AnalysesRepository, AnalysesService],
  exports: [CoverageCatalogueService, INSURANCE_DATA, AnalysesService, CoverageReportModule],
})
export class CoverageAnalysisModule {}
