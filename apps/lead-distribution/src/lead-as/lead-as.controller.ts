import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiKeyRole,
  AsCreatedDto,
  AsDetail,
  AsListResponse,
  AsReasonsResponse,
  CancelAsDto,
  CreateAsRequest,
  ListAsQueryDto,
  PartnerQueryDto,
  SuccessDto,
} from '#contracts';
import { ApiProblems, Idempotent, NoStore, OperatorRole, uuidParam } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { ActingPartnerId, PartnerScoped, Roles, Viewer } from '../auth/auth.decorators.js';
import type { ContactViewer } from '../auth/principal.js';
import { LeadAsService } from './lead-as.service.js';

@ApiTags('lead AS requests')
@ApiKeyAuth()
@Roles(ApiKeyRole.Partner, ApiKeyRole.Operator)
@Controller('api/v1/lead-as')
export class LeadAsController {
  constructor(private readonly requests: LeadAsService) {}

  @Get()
  @OperatorRole('viewer')
  @NoStore()
  @PartnerScoped()
  @ApiOperation({
    summary: 'List AS requests',
    description: 'AS requests of the leads partnerId owns now, newest first. A leadId the caller does not own gives an empty list.',
  })
  @ApiOkResponse({ type: AsListResponse })
  list(@Viewer() viewer: ContactViewer, @Query() query: ListAsQueryDto): Promise<AsListResponse> {
    return this.requests.listForOwner(viewer, query);
  }

  @Get('reasons')
  @OperatorRole('viewer')
  @Roles(ApiKeyRole.Partner, ApiKeyRole.Provider, ApiKeyRole.Operator)
  @ApiOperation({
    summary: 'AS reason code list',
    description: 'The reason codes an AS request may give, and whether each needs evidence files.',
  })
  @ApiOkResponse({ type: AsReasonsResponse })
  reasons(): Promise<AsReasonsResponse> {
    return this.requests.reasons();
  }

  @Idempotent()
  @Post()
  @OperatorRole('admin')
  @HttpCode(200)
  @PartnerScoped()
  @ApiOperation({
    summary: 'Create AS request',
    description:
      'For a lead the partner owns: 404 otherwise. 409 while its latest AS request is pending or on hold (AS_ALREADY_ACTIVE), after one was approved (AS_ALREADY_APPROVED), or past the product’s AS window (AS_WINDOW_EXPIRED). 400 for an unknown reason, missing evidence or a file that is not the caller’s uploaded file. A new request is PENDING.',
  })
  @ApiOkResponse({ type: AsCreatedDto })
  @ApiProblems(404, 409)
  create(@ActingPartnerId() partnerId: number, @Body() body: CreateAsRequest): Promise<AsCreatedDto> {
    return this.requests.create(partnerId, body);
  }

  @Get(':id')
  @OperatorRole('viewer')
  @NoStore()
  @PartnerScoped()
  @ApiOperation({
    summary: 'Single AS request lookup',
    description:
      'Visible to the partner that filed it and to the lead’s current owner. The lead’s contact is in clear only for its current owner once used (audited); a former owner sees it masked.',
  })
  @ApiOkResponse({ type: AsDetail })
  @ApiProblems(404)
  get(@Viewer() viewer: ContactViewer, @Param('id', uuidParam('id')) id: string, @Query() _query: PartnerQueryDto): Promise<AsDetail> {
    return this.requests.getForPartner(viewer, id);
  }

  @Post(':id/cancel')
  @OperatorRole('admin')
  @HttpCode(200)
  @PartnerScoped()
  @ApiOperation({
    summary: 'Cancel AS request',
    description:
      'Only pending and on-hold requests (400 AS_NOT_CANCELLABLE otherwise); only the partner that filed it (403). The status is saved as CANCELLED.',
  })
  @ApiOkResponse({ type: SuccessDto })
  @ApiProblems(404)
  async cancel(
    @ActingPartnerId() partnerId: number,
    @Param('id', uuidParam('id')) id: string,
    @Body() _body: CancelAsDto,
  ): Promise<SuccessDto> {
    await this.requests.cancel(partnerId, id);
    return { success: true };
  }
}
