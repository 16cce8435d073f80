import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiKeyRole,
  DistributeRequest,
  DistributedLeadsQueryDto,
  DistributedLeadsResponse,
  HandoverResponse,
  RecallRequest,
} from '#contracts';
import { ApiProblems, NoStore, OperatorRole } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { ActingPartnerId, PartnerScoped, Roles, Viewer } from '../auth/auth.decorators.js';
import type { ContactViewer } from '../auth/principal.js';
import { LeadsService } from '../leads/leads.service.js';
import { DistributionService } from './distribution.service.js';

@ApiTags('lead distribution')
@ApiKeyAuth()
@Roles(ApiKeyRole.Partner, ApiKeyRole.Operator)
@PartnerScoped()
@Controller('api/v1/leads')
export class DistributionController {
  constructor(
    private readonly distribution: DistributionService,
    private readonly leads: LeadsService,
  ) {}

  @Post('distribute')
  @OperatorRole('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Lead distribution',
    description:
      'Hands unused leads the partner owns, without an active AS request, to a partner below it (403 PARTNER_NOT_DESCENDANT otherwise). All or nothing: one ineligible lead is 409 LEADS_NOT_ELIGIBLE naming it. lastDistributedAt moves; the hand-over is kept in the history.',
  })
  @ApiOkResponse({ type: HandoverResponse })
  @ApiProblems(409)
  distribute(@ActingPartnerId() partnerId: number, @Body() body: DistributeRequest): Promise<HandoverResponse> {
    return this.distribution.distribute(partnerId, body);
  }

  @Post('recall')
  @OperatorRole('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Lead distribution recall',
    description:
      'Takes back unused leads without an active AS request from partners below the caller (or only from fromPartnerId). All or nothing, like distribution.',
  })
  @ApiOkResponse({ type: HandoverResponse })
  @ApiProblems(409)
  recall(@ActingPartnerId() partnerId: number, @Body() body: RecallRequest): Promise<HandoverResponse> {
    return this.distribution.recall(partnerId, body);
  }

  @Get('distributed')
  @OperatorRole('viewer')
  @NoStore()
  @ApiOperation({
    summary: 'Already-distributed lead list',
    description:
      'Leads the partner handed down that a partner below it owns now: masked until that partner used the lead, then in clear (the response is audited).',
  })
  @ApiOkResponse({ type: DistributedLeadsResponse })
  distributed(@Viewer() viewer: ContactViewer, @Query() query: DistributedLeadsQueryDto): Promise<DistributedLeadsResponse> {
    return this.leads.listDistributed(viewer, query);
  }
}
