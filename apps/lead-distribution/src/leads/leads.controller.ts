import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiKeyRole,
  CreateLeadV1Request,
  LeadContactsRequest,
  LeadContactsResponse,
  LeadCreated,
  LeadDto,
  LeadsListResponse,
  ListLeadsQueryDto,
  PartnerBodyDto,
  PartnerQueryDto,
} from '#contracts';
import { accessRecordInTransaction, ApiProblems, Idempotent, NoStore, OperatorRole, RecordsAccess, uuidParam } from '#platform';
import { type ContactOnlooker, fromAnswer, fromParam, leadSubjects, Onlooker } from '../common/access-records.js';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { CurrentPrincipal, PartnerScoped, Roles, Viewer } from '../auth/auth.decorators.js';
import type { ApiKeyPrincipal, ContactViewer } from '../auth/principal.js';
import { LeadErrors } from './leads.errors.js';
import { LeadsService } from './leads.service.js';

@ApiTags('leads')
@ApiKeyAuth()
@Controller('api/v1/leads')
export class LeadsController {
  constructor(private readonly leads: LeadsService) {}

  @Get()
  @OperatorRole('viewer')
  @NoStore()
  @Roles(ApiKeyRole.Partner, ApiKeyRole.Operator)
  @PartnerScoped()
  @ApiOperation({
    summary: 'List owned leads',
    description:
      'Contact data is masked until the lead is used (a response showing a contact in clear is audited); search matches what is shown: masked name and email until use. sortBy=assignedAt sorts by lastDistributedAt, sortBy=age by the YYMMDD birth date string. Each item carries leadAsStatus and leadAsStatusLabel of its latest AS request (newest createdAt, then id); expand=leadAs adds the leadAs array.',
  })
  @ApiOkResponse({ type: LeadsListResponse })
  @RecordsAccess({ action: 'view', subjects: fromAnswer<LeadsListResponse>((answer) => leadSubjects(answer.data.map((lead) => lead.id))) })
  list(
    @Viewer() viewer: ContactViewer,
    @Query() query: ListLeadsQueryDto,
    @Onlooker() onlooker: ContactOnlooker,
  ): Promise<LeadsListResponse> {
    return this.leads.listOwned(viewer, query, onlooker);
  }

  @Idempotent()
  @Post()
  @OperatorRole('admin')
  @Roles(ApiKeyRole.Provider, ApiKeyRole.Operator)
  @ApiOperation({
    summary: 'Single lead registration',
    description:
      'Providers register leads of their own products; operators of any product, and may name partnerId to deliver the lead directly. A lead with the same phone for the same product within the duplicate window is refused (409 DUPLICATE_LEAD).',
  })
  @ApiCreatedResponse({ type: LeadCreated })
  @ApiProblems(404, 409)
  @RecordsAccess({ action: 'input', subjects: fromAnswer<LeadCreated>((answer) => leadSubjects([answer.id])) })
  async register(
    @Body() body: CreateLeadV1Request,
    @CurrentPrincipal() principal: ApiKeyPrincipal,
    @Req() request: FastifyRequest,
  ): Promise<LeadCreated> {
    // The record goes with the lead, in the registration's transaction (one commit on the answer's path).
    const outcome = await this.leads.register(body, principal, (leadId) => accessRecordInTransaction(request, leadSubjects([leadId])));
    if (outcome.status === 'DUPLICATE') throw LeadErrors.duplicate();
    return outcome.lead;
  }

  @Post('contacts')
  @OperatorRole('reviewer')
  @NoStore()
  @HttpCode(200)
  @Roles(ApiKeyRole.Partner, ApiKeyRole.Operator)
  @PartnerScoped()
  @ApiOperation({
    summary: 'Name and contact lookup (decrypted) for a list of lead ids',
    description:
      'Returns plain name and phone only for leads the partner owns and has used (at most 100 ids); other ids are left out. Every call is audited.',
  })
  @ApiOkResponse({ type: LeadContactsResponse })
  @RecordsAccess({
    action: 'use',
    subjects: fromAnswer<LeadContactsResponse>((answer) => leadSubjects(answer.data.map((lead) => lead.id))),
  })
  contacts(@Viewer() viewer: ContactViewer, @Body() body: LeadContactsRequest): Promise<LeadContactsResponse> {
    return this.leads.contacts(viewer, body.leadIds);
  }

  @Get(':id')
  @OperatorRole('viewer')
  @NoStore()
  @Roles(ApiKeyRole.Partner, ApiKeyRole.Operator)
  @PartnerScoped()
  @ApiOperation({
    summary: 'Get one owned lead',
    description: 'Masked until used; metadata file references (fileKey) are completed with CDN URLs (fileUrl); carries the leadAs array.',
  })
  @ApiOkResponse({ type: LeadDto })
  @ApiProblems(404)
  @RecordsAccess({ action: 'view', subjects: fromParam('id', 'lead') })
  get(
    @Viewer() viewer: ContactViewer,
    @Param('id', uuidParam('id')) id: string,
    @Query() _query: PartnerQueryDto,
    @Onlooker() onlooker: ContactOnlooker,
  ): Promise<LeadDto> {
    return this.leads.getOwned(viewer, id, onlooker);
  }

  @Post(':id/use')
  @OperatorRole('admin')
  @NoStore()
  @HttpCode(200)
  @Roles(ApiKeyRole.Partner, ApiKeyRole.Operator)
  @PartnerScoped()
  @ApiOperation({
    summary: 'Lead use (marks a lead used)',
    description: 'Lifts masking for good. Using a used lead again changes nothing.',
  })
  @ApiOkResponse({ type: LeadDto })
  @ApiProblems(404)
  @RecordsAccess({ action: 'use', subjects: fromParam('id', 'lead') })
  use(@Viewer() viewer: ContactViewer, @Param('id', uuidParam('id')) id: string, @Body() _body: PartnerBodyDto): Promise<LeadDto> {
    return this.leads.use(viewer, id);
  }
}
