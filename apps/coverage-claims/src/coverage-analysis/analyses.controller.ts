import { Body, Controller, Get, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CoverageAnalysisResultDto, CoverageAnalysisSecondStepDto, CoverageReportDto, CreateCoverageAnalysisDto } from '#contracts';
import { ApiProblem, ApiProblems, NoStore, RecordsAccess, uuidParam } from '#platform';
import { namedSubjects, namingRequestSubjects, subjectsNamedBy } from '../common/access-subjects.js';
import { BearerAuth, CurrentUser } from '../auth/auth.decorators.js';
import type { UserPrincipal } from '../auth/principal.js';
import { sendReport } from '../pdf/rendered-report.js';
import { AnalysesService } from './analyses.service.js';
import { answer, MISCONFIGURED_503, SECOND_STEP, SIGN_IN, SIGN_IN_400 } from './analyses.openapi.js';
import { CUSTOMER_PROMPTS } from '../customers/customer-prompts.service.js';
import { CoverageAnalysisErrors } from './coverage-analysis.errors.js';
import { CoverageReportService } from './report/coverage-report.service.js';
import { reportFormatFor } from './report/report-media-type.js';

const VISIBILITY =
  'A planner sees the analyses they ran, an ORG_ADMIN every analysis of the organisation; any other seq (another planner’s, another organisation’s, unknown) is 404 ANALYSIS_NOT_FOUND.';

@ApiTags('coverage analysis')
@BearerAuth()
@Controller('api/v1/coverage/analyses')
export class AnalysesController {
  constructor(
    private readonly analyses: AnalysesService,
    private readonly reports: CoverageReportService,
  ) {}

  @Post()
  @NoStore()
  @HttpCode(201)
  @RecordsAccess({ action: 'input', subjects: namedSubjects })
  @ApiOperation({
    summary: 'Coverage analysis result',
    description: `Fetches the contracts of the customer the \`verificationToken\` was given for from the insurance data source, sets what they hold against the recommended amounts for their age and gender, stores the analysis and answers the spec’s \`{ seq, analysis }\` (201: a new analysis is stored on every call; \`seq\` reads it again). A missing, unknown or expired token, or one of another planner or organisation: 400 VERIFICATION_TOKEN_INVALID naming verificationToken. The source failing: 502 INSURANCE_DATA_UNAVAILABLE; not answering within INSURANCE_DATA_TIMEOUT_MS (10 s by default): 504 INSURANCE_DATA_TIMEOUT. Either can be retried with the same token while it is valid. Not idempotent (no \`Idempotency-Key\`): the answer holds personal data that an idempotency record would keep in plain. ${CUSTOMER_PROMPTS} ${SIGN_IN}`,
  })
  @ApiCreatedResponse({ type: CoverageAnalysisResultDto, description: 'The analysis, stored under `seq`' })
  @ApiAcceptedResponse({ type: CoverageAnalysisSecondStepDto, description: SECOND_STEP })
  @ApiProblem(400, SIGN_IN_400)
  @ApiProblem(
    423,
    'INSURANCE_SIGN_IN_LOCKED (naming credit4u.id): the customer’s 내보험다보여 account is locked; they unlock it at credit4u.or.kr',
  )
  @ApiProblems(502, 504)
  @ApiProblem(503, MISCONFIGURED_503)
  async create(
    @CurrentUser() user: UserPrincipal,
    @Body() body: CreateCoverageAnalysisDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CoverageAnalysisResultDto | CoverageAnalysisSecondStepDto> {
    return answer(await this.analyses.create(user, body), reply);
  }

  @Get(':seq')
  @RecordsAccess({ action: 'view', subjects: namedSubjects })
  @NoStore()
  @ApiOperation({
    summary: 'A coverage analysis again',
    description: `The same \`{ seq, analysis }\` as when it was made (the analysis is not computed again). A malformed seq is 400 naming seq. ${VISIBILITY}`,
  })
  @ApiParam({ name: 'seq', format: 'uuid', description: 'The `seq` the analysis was answered with' })
  @ApiOkResponse({ type: CoverageAnalysisResultDto, description: 'The analysis as it was answered when made' })
  @ApiProblems(404)
  get(@CurrentUser() user: UserPrincipal, @Param('seq', uuidParam('seq')) seq: string): Promise<CoverageAnalysisResultDto> {
    return this.analyses.get(user, seq);
  }

  @Post(':seq/report')
  // One operation, two forms (Accept): recorded as the print, the default and the stronger of the two.
  @RecordsAccess({ action: 'print', subjects: namedSubjects })
  @NoStore()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Coverage analysis result report',
    description: `The stored analysis as a report: \`Accept: application/pdf\` (the default, also for a missing or \`*/*\` Accept) gives an A4 PDF with Korean text in an embedded, subsetted font; \`application/json\` the same content as JSON. The customer's name and phone are masked in both. An Accept that takes neither is 406 REPORT_NOT_ACCEPTABLE. A malformed seq is 400 naming seq. ${VISIBILITY}`,
  })
  @ApiParam({ name: 'seq', format: 'uuid', description: 'The `seq` the analysis was answered with' })
  @ApiProduces('application/pdf', 'application/json')
  @ApiExtraModels(CoverageReportDto)
  @ApiOkResponse({
    description: 'The report: the PDF (as an attachment) or its content as JSON',
    content: {
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
      'application/json': { schema: { $ref: getSchemaPath(CoverageReportDto) } },
    },
  })
  @ApiProblems(404, 406)
  async report(
    @CurrentUser() user: UserPrincipal,
    @Param('seq', uuidParam('seq')) seq: string,
    @Headers('accept') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | CoverageReportDto> {
    const format = reportFormatFor(accept);
    if (!format) throw CoverageAnalysisErrors.reportNotAcceptable();
    // Chosen by Accept: no cache may answer one Accept with the other (and @NoStore() keeps none).
    void reply.header('vary', 'Accept');
    const content = await this.reports.content(user, seq);
    namingRequestSubjects(reply, subjectsNamedBy(content));
    return sendReport(reply, await this.reports.render(content, format));
  }
}
