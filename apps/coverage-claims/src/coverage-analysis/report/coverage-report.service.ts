import { Injectable } from '@nestjs/common';
import type { CoverageReportDto } from '#contracts';
import { PdfFontsService } from '../../pdf/pdf.module.js';
import type { RenderedReport, ReportFormat } from '../../pdf/rendered-report.js';
import { renderReportPdf } from './coverage-report-pdf.js';

/** The coverage report's content, which the medical report carries as its coverage part. */
export { reportContentOf, type ReportCustomerSummary } from './report-content.js';

/** Renders report content (reportContentOf) as the PDF or as JSON. */
@Injectable()
export class CoverageReportService {
  constructor(private readonly fonts: PdfFontsService) {}

  async render(content: CoverageReportDto, format: ReportFormat): Promise<RenderedReport<CoverageReportDto>> {
    if (format === 'json') return { format, contentType: 'application/json', body: content };
    const body = await renderReportPdf(content, await this.fonts.loaded());
    return { format, contentType: 'application/pdf', body, fileName: `coverage-report-${content.inquiryDate}.pdf` };
  }
}
