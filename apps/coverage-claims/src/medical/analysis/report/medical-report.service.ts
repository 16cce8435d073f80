import { Injectable } from '@nestjs/common';
import { MedicalAnalysisSource, type MedicalReportDto } from '#contracts';
import { visibilityOf, type UserPrincipal } from '../../../auth/principal.js';
import { AnalysesService } from '../../../coverage-analysis/analyses.service.js';
import { CheckupsService } from '../../checkups/checkups.service.js';
import { PdfFontsService } from '../../../pdf/pdf.module.js';
import type { RenderedReport, ReportFormat } from '../../../pdf/rendered-report.js';
import { MedicalAnalysisService } from '../medical-analysis.service.js';
import { MedicalRiskRulesService } from '../medical-risk-rules.service.js';
import { customerSubject, namingSubjects } from '../../../common/access-subjects.js';
import { medicalReportContentOf } from './medical-report-content.js';
import { renderMedicalReportPdf } from './medical-report-pdf.js';

/**
 * The medical report of a coverage analysis: the analysis named by seq (within the visibility
 * rules: 404 ANALYSIS_NOT_FOUND otherwise), the payload set for it with set-analysis if there is
 * one (else the stored analysis), the customer's stored check-ups, the rules in force and the
 * check-ups' reference ranges (for the charts).
 * Rendered on request, never stored.
 */
@Injectable()
export class MedicalReportService {
  constructor(
    private readonly fonts: PdfFontsService,
    private readonly analyses: AnalysesService,
    private readonly medical: MedicalAnalysisService,
    private readonly rules: MedicalRiskRulesService,
    private readonly checkups: CheckupsService,
  ) {}

  async content(user: UserPrincipal, seq: string, generatedAt = new Date()): Promise<MedicalReportDto> {
    const visible = await this.analyses.getVisible(user, seq);
    const [set, checkups, rules, referenceRanges] = await Promise.all([
      this.medical.setPayloadOf(seq),
      this.checkups.storedFor(visible.customer.id, visibilityOf(user)),
      this.rules.current(),
      this.checkups.referenceRanges(),
    ]);
    const content = medicalReportContentOf({
      seq,
      analysis: set?.analysis ?? visible.analysis,
      source: set ? MedicalAnalysisSource.SetAnalysis : MedicalAnalysisSource.StoredAnalysis,
      receivedAt: set?.receivedAt ?? null,
      customer: visible.customer,
      checkups,
      rules,
      referenceRanges,
      generatedAt,
    });
    return namingSubjects(content, [customerSubject(visible.customer.id)]);
  }

  async render(content: MedicalReportDto, format: ReportFormat): Promise<RenderedReport<MedicalReportDto>> {
    if (format === 'json') return { format, contentType: 'application/json', body: content };
    const body = await renderMedicalReportPdf(content, await this.fonts.loaded());
    return { format, contentType: 'application/pdf', body, fileName: `medical-report-${content.inquiryDate}.pdf` };
  }
}
