import { Module } from '@nestjs/common';
import { CoverageReportService } from './coverage-report.service.js';

/** The report renderer: CoverageReportService, for POST /api/v1/coverage/analyses/{seq}/report. */
@Module({
  providers: [CoverageReportService],
  exports: [CoverageReportService],
})
export class CoverageReportModule {}
