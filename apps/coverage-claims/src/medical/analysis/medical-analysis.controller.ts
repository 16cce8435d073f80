import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { MedicalReportDto, MedicalReportRequestDto, SetAnalysisDto, SetAnalysisResultDto } from '#contracts';
import { ApiProblems, NoStore, RecordsAccess } from '#platform';
import { namedSubjects, namingRequestSubjects, subjectsNamedBy } from '../../common/access-subjects.js';
import { BearerAuth, CurrentUser } from '../../auth/auth.decorators.js';
import type { UserPrincipal } from '../../auth/principal.js';
import { sendReport } from '../../pdf/rendered-report.js';
import { MedicalAnalysisService } from './medical-analysis.service.js';
import { MedicalReportService } from './report/medical-report.service.js';

const VISIBILITY =
  'seq must name a coverage analysis the caller may see: a planner the analyses they ran, an ORG_ADMIN every analysis of the organisation; any other seq (another planner’s, another organisation’s, unknown) is 404 ANALYSIS_NOT_FOUND.';

@ApiTags('medical coverage analysis')
@BearerAuth()
@Controller('api/v1/medical-bojang')
export class MedicalAnalysisController {
  constructor(
    private readonly medical: MedicalAnalysisService,
    private readonly reports: MedicalReportService,
  ) {}

  @Post('set-analysis')
  @RecordsAccess({ action: 'input', subjects: namedSubjects })
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send coverage-analysis result',
    description: `Stores the spec's \`{ seq, analysis }\` (the answer of POST /api/v1/coverage/analyses) for the medical analysis of that seq, sealed; a later set-analysis for the same seq replaces it, and the medical reports of the seq read it instead of the stored analysis. The body is validated at every level: a missing field, a wrong type or an unknown field is 400 VALIDATION_FAILED naming its path, array items by index (\`analysis.coverages.3.amount\`, \`analysis.contracts.0.company.intial\`). The payload must be of the seq's customer: a \`customer_name\`, \`phone_number\` or \`date_of_birth\` other than the analysis gave is 422 ANALYSIS_CUSTOMER_MISMATCH naming each. ${VISIBILITY}`,
  })
  @ApiOkResponse({ type: SetAnalysisResultDto, description: 'Stored' })
  @ApiProblems(404, 422)
  setAnalysis(@CurrentUser() user: UserPrincipal, @Body() body: SetAnalysisDto): Promise<SetAnalysisResultDto> {
    return this.medical.setAnalysis(user, body);
  }

  @Post('report/pdf')
  @RecordsAccess({ action: 'print', subjects: namedSubjects })
  @NoStore()
  @HttpCode(200)
  @ApiOperation({
    summary: 'PDF report',
    description: `The medical coverage analysis of \`seq\` as an A4 PDF (attachment): the coverage gaps first (one row per category whose coverage is bad or normal and that pays for an elevated disease group, with every such group, and each short coverage with its amounts in its unit), the risk-versus-coverage matrix, the drivers of each group, the check-up trend charts and the coverage table, Korean text in an embedded, subsetted font; the customer's name and phone masked. It reads the payload sent with set-analysis for the seq, or the stored analysis when none was sent, and the customer's stored check-ups; a customer without check-ups gets a report that says so. Rendered on request, never stored. A malformed seq is 400 naming seq. ${VISIBILITY}`,
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The report', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiProblems(404)
  async reportPdf(
    @CurrentUser() user: UserPrincipal,
    @Body() body: MedicalReportRequestDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | MedicalReportDto> {
    const content = await this.reports.content(user, body.seq);
    namingRequestSubjects(reply, subjectsNamedBy(content));
    return sendReport(reply, await this.reports.render(content, 'pdf'));
  }

  @Post('report/json')
  @RecordsAccess({ action: 'view', subjects: namedSubjects })
  @NoStore()
  @HttpCode(200)
  @ApiOperation({
    summary: 'JSON report',
    description: `The same content as the PDF report, as JSON (MedicalReportDto): the customer (masked), the check-ups read, the coverage gaps ranked (one per category, with the groups that make it a risk and its short coverages, each in its unit), the matrix, every disease group with its level, drivers (latest value, band, trend, series) and categories, the chart series with their judgement bands, and the coverage table. ${VISIBILITY}`,
  })
  @ApiOkResponse({ type: MedicalReportDto, description: 'The report content' })
  @ApiProblems(404)
  reportJson(@CurrentUser() user: UserPrincipal, @Body() body: MedicalReportRequestDto): Promise<MedicalReportDto> {
    return this.reports.content(user, body.seq);
  }
}
