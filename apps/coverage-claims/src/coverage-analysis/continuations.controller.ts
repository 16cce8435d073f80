import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ContinueCoverageAnalysisDto, CoverageAnalysisResultDto, CoverageAnalysisSecondStepDto } from '#contracts';
import { ApiProblem, ApiProblems, NoStore, RecordsAccess, uuidParam } from '#platform';
import { namedSubjects } from '../common/access-subjects.js';
import { BearerAuth, CurrentUser } from '../auth/auth.decorators.js';
import type { UserPrincipal } from '../auth/principal.js';
import { answer, MISCONFIGURED_503, SANDBOX, SIGN_IN_400 } from './analyses.openapi.js';
import { AnalysesService } from './analyses.service.js';
import { MAX_WRONG_ANSWERS as MAX_WRONG } from '../two-step/two-step.service.js';

/**
 * The follow-up of an analysis the source asked a second step for. A collection of its own rather
 * than `analyses/continuations/{id}`, which would be ambiguous with `analyses/{seq}/report`.
 */
@ApiTags('coverage analysis')
@BearerAuth()
@Controller('api/v1/coverage/analysis-continuations')
export class ContinuationsController {
  constructor(private readonly analyses: AnalysesService) {}

  @Post(':continuationId')
  @RecordsAccess({ action: 'input', subjects: namedSubjects })
  @NoStore()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Coverage analysis: the second step’s answer',
    description: `Completes an analysis the source asked a second step for (the 202 of \`POST /api/v1/coverage/analyses\`): \`credit4u\` is the same sign-in again (it is never stored), \`code\` the code sent to the customer or the image’s digits (none for APP_APPROVAL). 201 \`{ seq, analysis }\` as the analysis answers it, and the continuation is gone; 202 when the source asks for another step (the same continuationId, a new method or image; the same expiresAt). 409 ANALYSIS_STEP_PENDING: the customer has not approved in their app yet, send it again; 409 ANALYSIS_CONTINUATION_BUSY: another follow-up is with the source. 400 ANALYSIS_STEP_CODE_INVALID naming code (with attemptsLeft): a wrong code, send another; ${MAX_WRONG} wrong codes end it. 410 ANALYSIS_CONTINUATION_EXPIRED: the customer cancelled, too many wrong codes, or past expiresAt: start over with the verification token. An unknown continuationId, or another planner’s (an ORG_ADMIN may complete the organisation’s) or organisation’s: 404 ANALYSIS_CONTINUATION_NOT_FOUND. The source’s other answers as for the analysis (400/423 for the sign-in, 502, 503, 504: the continuation is kept). ${SANDBOX}`,
  })
  @ApiParam({ name: 'continuationId', format: 'uuid', description: 'The `continuationId` of the 202' })
  @ApiCreatedResponse({ type: CoverageAnalysisResultDto, description: 'The analysis, stored under `seq`' })
  @ApiAcceptedResponse({ type: CoverageAnalysisSecondStepDto, description: 'The source asks for another step (same continuationId)' })
  @ApiProblem(
    400,
    `ANALYSIS_STEP_CODE_INVALID naming code (a wrong code; attemptsLeft), VALIDATION_FAILED naming code (none for a step that needs one), ${SIGN_IN_400}`,
  )
  @ApiProblem(404, 'ANALYSIS_CONTINUATION_NOT_FOUND: unknown, or not yours')
  @ApiProblem(
    409,
    'ANALYSIS_STEP_PENDING: not approved in the app yet (send again); ANALYSIS_CONTINUATION_BUSY: another follow-up is with the source',
  )
  @ApiProblem(
    410,
    'ANALYSIS_CONTINUATION_EXPIRED: cancelled by the customer, too many wrong codes, or expired: start over with the verification token',
  )
  @ApiProblem(423, 'INSURANCE_SIGN_IN_LOCKED (naming credit4u.id)')
  @ApiProblems(502, 504)
  @ApiProblem(503, MISCONFIGURED_503)
  async continue(
    @CurrentUser() user: UserPrincipal,
    @Param('continuationId', uuidParam('continuationId')) continuationId: string,
    @Body() body: ContinueCoverageAnalysisDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CoverageAnalysisResultDto | CoverageAnalysisSecondStepDto> {
    return answer(await this.analyses.continue(user, continuationId, body), reply);
  }
}
