import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CoverageAnalysisResultDto, CreateCoverageAnalysisDto } from '#contracts';
import { ApiProblems, uuidParam } from '#platform';
import { BearerAuth, CurrentUser } from '../auth/auth.decorators.js';
import type { UserPrincipal } from '../auth/principal.js';
import { AnalysesService } from './analyses.service.js';

const VISIBILITY =
  'A planner sees the analyses they ran, an ORG_ADMIN every analysis of the organisation; any other seq (another planner’s, another organisation’s, unknown) is 404 ANALYSIS_NOT_FOUND.';

@ApiTags('coverage analysis')
@BearerAuth()
@Controller('api/v1/coverage/analyses')
export class AnalysesController {
  constructor(private readonly analyses: AnalysesService) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary: 'Coverage analysis result',
    description:
      'Fetches the contracts of the customer the `verificationToken` was given for from the insurance data source, sets what they hold against the recommended amounts for their age and gender, stores the analysis and answers the spec’s `{ seq, analysis }` (201: a new analysis is stored on every call; `seq` reads it again). A missing, unknown or expired token, or one of another planner or organisation: 400 VERIFICATION_TOKEN_INVALID naming verificationToken. The source failing: 502 INSURANCE_DATA_UNAVAILABLE; not answering within INSURANCE_DATA_TIMEOUT_MS (10 s by default): 504 INSURANCE_DATA_TIMEOUT. Either can be retried with the same token while it is valid. Not idempotent (no `Idempotency-Key`): the answer holds personal data that an idempotency record would keep in plain.',
  })
  @ApiCreatedResponse({ type: CoverageAnalysisResultDto, description: 'The analysis, stored under `seq`' })
  @ApiProblems(502, 504)
  create(@CurrentUser() user: UserPrincipal, @Body() body: CreateCoverageAnalysisDto): Promise<CoverageAnalysisResultDto> {
    return this.analyses.create(user, body);
  }

  @Get(':seq')
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
}
