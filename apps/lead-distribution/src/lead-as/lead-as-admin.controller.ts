import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminAsDetail, AdminAsListResponse, AdminListAsQueryDto, ApiKeyRole, ReviewAsDto } from '#contracts';
import { ApiProblems, NoStore, OperatorRole, uuidParam } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { Roles } from '../auth/auth.decorators.js';
import { LeadAsService } from './lead-as.service.js';

@ApiTags('admin: lead AS requests')
@ApiKeyAuth()
@Roles(ApiKeyRole.Operator)
@Controller('api/v1/admin/lead-as')
export class LeadAsAdminController {
  constructor(private readonly requests: LeadAsService) {}

  @Get()
  @OperatorRole('viewer')
  @NoStore()
  @ApiOperation({
    summary: 'List AS requests (oldest first: the review queue)',
    description:
      'By status, filing partner and reason (400 naming reasonCode for a code that is no reason), each with the partner that filed it. Lead contacts are masked.',
  })
  @ApiOkResponse({ type: AdminAsListResponse })
  list(@Query() query: AdminListAsQueryDto): Promise<AdminAsListResponse> {
    return this.requests.listForOperator(query);
  }

  @Get(':id')
  @OperatorRole('viewer')
  @NoStore()
  @ApiOperation({
    summary: 'One AS request for review',
    description:
      'The request with the partner that filed it, its lead (contact masked: operators are not its owner), its evidence files each with a signed download URL that expires (downloadUrlExpiresAt), and once approved the replacement its order owes (null when no order delivered the lead).',
  })
  @ApiOkResponse({ type: AdminAsDetail })
  @ApiProblems(404)
  get(@Param('id', uuidParam('id')) id: string): Promise<AdminAsDetail> {
    return this.requests.getForOperator(id);
  }

  @Post(':id/review')
  @OperatorRole('reviewer')
  @NoStore()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Review an AS request',
    description:
      'HOLD, APPROVE or REJECT with an admin note: PENDING → ON_HOLD | APPROVED | REJECTED, ON_HOLD → APPROVED | REJECTED (409 AS_INVALID_TRANSITION otherwise). Approval returns the lead: it leaves every partner list, and the order that delivered it owes a replacement. Answers the request as GET /api/v1/admin/lead-as/{id} does.',
  })
  @ApiOkResponse({ type: AdminAsDetail })
  @ApiProblems(404, 409)
  review(@Param('id', uuidParam('id')) id: string, @Body() body: ReviewAsDto): Promise<AdminAsDetail> {
    return this.requests.review(id, body.decision, body.adminNote ?? null);
  }
}
