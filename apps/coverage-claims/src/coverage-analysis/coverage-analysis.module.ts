import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { VerificationsModule } from '../verifications/verifications.module.js';
import { AnalysesController } from './analyses.controller.js';
import { ContinuationsController } from './continuations.controller.js';
import { AnalysesRepository } from './analyses.repository.js';
import { AnalysesService } from './analyses.service.js';
import { CoverageCatalogueRepository } from './coverage-catalogue.repository.js';
import { CoverageCatalogueService } from './coverage-catalogue.service.js';
import { InsuranceDataModule } from '../integrations/insurance-data/insurance-data.module.js';
import { PdfModule } from '../pdf/pdf.module.js';
import { CoverageReportService } from './report/coverage-report.service.js';
import { TwoStepModule } from '../two-step/two-step.module.js';

/**
 * Coverage analysis: the insurance-data port (INSURANCE_DATA, from integrations/), the coverage catalogue, the pure
 * computation (buildCoverageAnalysis, no provider), the operation that runs and stores analyses, and
 * the report (CoverageReportService, report/: its content and its rendering). AnalysesService.getVisible is what reports
 * and the medical analysis read analyses with.
 */
@Module({
  imports: [InsuranceDataModule, VerificationsModule, CustomersModule, PdfModule, TwoStepModule],
  controllers: [AnalysesController, ContinuationsController],
  providers: [CoverageCatalogueRepository, CoverageCatalogueService, AnalysesRepository, AnalysesService, CoverageReportService],
  exports: [CoverageCatalogueService, InsuranceDataModule, AnalysesService],
})
export class CoverageAnalysisModule {}
