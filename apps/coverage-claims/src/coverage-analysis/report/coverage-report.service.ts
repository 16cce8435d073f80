import { Injectable } from '@nestjs/common';
import type { CoverageReportDto } from '#contracts';
import type { UserPrincipal } from '../../auth/principal.js';
import { PdfFontsService } from '../../pdf/pdf.module.js';
import type { RenderedReport, ReportFormat } from '../../pdf/rendered-report.js';
import { AnalysesService } from '../analyses.service.js';
import { renderReportPdf } from './coverage-report-pdf.js';
import { customerSubject, namingSubjects } from '../../common/access-subjects.js';
import { reportContentOf } from './report-content.js';

/** The coverage report's content, which the medical report carries as its coverage part. */
export { reportContentOf, type ReportCustomerSummary } from './report-content.js';

/**
 * The coverage report of a stored analysis: its content (the analysis named by seq, within the
 * visibility rules: 404 ANALYSIS_NOT_FOUND otherwise, with its customer as they are now), rendered as
 * the PDF or as JSON on request, never stored.
 */
@Injectable()
export class CoverageReportService {
  constructor(
    private readonly fonts: PdfFontsService,
    private readonly analyses: AnalysesService,
  ) {}

  async content(user: UserPrincipal, seq: string, generatedAt = new Date()): Promise<CoverageReportDto> {
    const { analysis, insights, customer } = await this.analyses.getVisible(user, seq);
    return namingSubjects(reportContentOf(analysis, customer, generatedAt, insights), [customerSubject(customer.id)]);
  }

  async render(content: CoverageReportDto, format: ReportFormat): Promise<RenderedReport<CoverageReportDto>> {
    if (format === 'json') return { format, contentType: 'application/json', body: content };
    const body = await renderReportPdf(content, await this.fonts.loaded());
    return { format, contentType: 'application/pdf', body, fileName: `coverage-report-${content.inquiryDate}.pdf` };
  }
}
