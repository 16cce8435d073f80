import { Module } from '@nestjs/common';
import { CoverageAnalysisModule } from '../../coverage-analysis/coverage-analysis.module.js';
import { PdfModule } from '../../pdf/pdf.module.js';
import { CheckupsModule } from '../checkups/checkups.module.js';
import { MedicalAnalysisController } from './medical-analysis.controller.js';
import { MedicalAnalysisRepository } from './medical-analysis.repository.js';
import { MedicalAnalysisService } from './medical-analysis.service.js';
import { MedicalRiskRulesService } from './medical-risk-rules.service.js';
import { MedicalReportService } from './report/medical-report.service.js';

/**
 * The medical coverage analysis: set-analysis (the coverage analysis payload a medical analysis
 * reads), the risk rules (MedicalRiskRulesService), the pure model (buildMedicalAnalysis, no
 * provider) and the two reports, which read analyses through AnalysesService and check-ups through
 * CheckupsService.storedFor. docs/decisions/medical-analysis.md.
 */
@Module({
  imports: [CoverageAnalysisModule, CheckupsModule, PdfModule],
  controllers: [MedicalAnalysisController],
  providers: [MedicalAnalysisRepository, MedicalAnalysisService, MedicalRiskRulesService, MedicalReportService],
})
export class MedicalAnalysisModule {}
