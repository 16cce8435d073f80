import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyRole, CreatePartnerDto, ListPartnersQueryDto, PartnerDto, PartnerListDto } from '#contracts';
import { ApiProblems, Idempotent, intParam, OperatorRole } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { Roles } from '../auth/auth.decorators.js';
import { PartnersService } from './partners.service.js';

@ApiTags('admin: partners')
@ApiKeyAuth()
@Roles(ApiKeyRole.Operator)
@Controller('api/v1/admin/partners')
export class PartnersAdminController {
  constructor(private readonly partners: PartnersService) {}

  @Idempotent()
  @Post()
  @OperatorRole('admin')
  @ApiOperation({ summary: 'Create a partner (optionally below a parent partner)' })
  @ApiCreatedResponse({ type: PartnerDto })
  create(@Body() body: CreatePartnerDto): Promise<PartnerDto> {
    return this.partners.create(body);
  }

  @Get()
  @OperatorRole('viewer')
  @ApiOperation({ summary: 'List partners' })
  @ApiOkResponse({ type: PartnerListDto })
  list(@Query() query: ListPartnersQueryDto): Promise<PartnerListDto> {
    return this.partners.list(query);
  }

  @Get(':id')
  @OperatorRole('viewer')
  @ApiOperation({ summary: 'Get one partner' })
  @ApiOkResponse({ type: PartnerDto })
  @ApiProblems(404)
  get(@Param('id', intParam('id')) id: number): Promise<PartnerDto> {
    return this.partners.get(id);
  }
}
