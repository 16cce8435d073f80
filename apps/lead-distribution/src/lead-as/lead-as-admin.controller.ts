import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminListAsQueryDto, ApiKeyRole, AsDetail, AsListResponse, ReviewAsDto } from '#contracts';
import { ApiProblems, NoStore, uuidParam } from '#platform';
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
  @NoStore()
  @ApiOperation({ summary: 'List AS requests by status (oldest first: the review queue)' })
  @ApiOkResponse({ type: AsListResponse })
  list(@Query() query: AdminListAsQueryDto): Promise<AsListResponse> {
    return this.requests.listForOperator(query);
  }

  @Post(':id/review')
  @NoStore()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Review an AS request',
    description:
      'HOLD, APPROVE or REJECT with an admin note: PENDING → ON_HOLD | APPROVED | REJECTED, ON_HOLD → APPROVED | REJECTED (409 AS_INVALID_TRANSITION otherwise). Approval returns the lead: it leaves every partner list.',
  })
  @ApiOkResponse({ type: AsDetail })
  @ApiProblems(404, 409)
  review(@Param('id', uuidParam('id')) id: string, @Body() body: ReviewAsDto): Promise<AsDetail> {
    return this.requests.review(id, body.decision, body.adminNote ?? null);
  }
}
