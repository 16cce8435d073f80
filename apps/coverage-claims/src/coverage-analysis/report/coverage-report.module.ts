import { Module } from '@nestjs/common';
import { PdfModule } from '../../pdf/pdf.module.js';
import { CoverageReportService } from './coverage-report.service.js';

/** The report renderer: CoverageReportService, for POST /api/v1/coverage/analyses/{seq}/report. */
@Module({
  imports: [PdfModule],
  providers: [CoverageReportService],
  exports: [CoverageReportService],
})
export class CoverageReportModule {}
