import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { CoverageReportDto } from '#contracts';
import { loadReportFonts, type ReportFonts } from './report-fonts.js';
import type { ReportFormat } from './report-media-type.js';
import { renderReportPdf } from './report-pdf.js';

export type RenderedReport =
  | { format: 'pdf'; contentType: 'application/pdf'; body: Buffer; fileName: string }
  | { format: 'json'; contentType: 'application/json'; body: CoverageReportDto };

/**
 * Renders report content (reportContentOf) as the PDF or as JSON. The fonts are read once, at
 * start-up, so that an image without them fails to start rather than at its first report.
 */
@Injectable()
export class CoverageReportService implements OnModuleInit {
  private fonts?: Promise<ReportFonts>;

  async onModuleInit(): Promise<void> {
    await this.loadedFonts();
  }

  async render(content: CoverageReportDto, format: ReportFormat): Promise<RenderedReport> {
    if (format === 'json') return { format, contentType: 'application/json', body: content };
    const body = await renderReportPdf(content, await this.loadedFonts());
    return { format, contentType: 'application/pdf', body, fileName: `coverage-report-${content.inquiryDate}.pdf` };
  }

  private loadedFonts(): Promise<ReportFonts> {
    this.fonts ??= loadReportFonts();
    return this.fonts;
  }
}
