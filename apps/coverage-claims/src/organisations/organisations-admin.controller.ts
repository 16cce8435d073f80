import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CreateOrganisationDto,
  ListOrganisationsQueryDto,
  OrganisationDto,
  OrganisationListDto,
  OrganisationWithSecretDto,
  UpdateOrganisationDto,
} from '#contracts';
import { ApiProblems, NoStore, OperatorRole, uuidParam } from '#platform';
import { OperatorOnly } from '../auth/auth.decorators.js';
import { OrganisationsService } from './organisations.service.js';

@ApiTags('admin: organisations')
@OperatorOnly()
@Controller('api/v1/admin/organisations')
export class OrganisationsAdminController {
  constructor(private readonly organisations: OrganisationsService) {}

  // Not @Idempotent: the response holds the SSO secret, which must not be stored for replays.
  @Post()
  @OperatorRole('admin')
  @NoStore()
  @ApiOperation({
    summary: 'Register an organisation',
    description: 'Answers with its SSO secret, shown only here (stored encrypted). Its id is the `iss` of its assertions.',
  })
  @ApiCreatedResponse({ type: OrganisationWithSecretDto })
  create(@Body() body: CreateOrganisationDto): Promise<OrganisationWithSecretDto> {
    return this.organisations.create(body);
  }

  @Get()
  @OperatorRole('viewer')
  @ApiOperation({ summary: 'List organisations, by name' })
  @ApiOkResponse({ type: OrganisationListDto })
  list(@Query() query: ListOrganisationsQueryDto): Promise<OrganisationListDto> {
    return this.organisations.list(query);
  }

  @Get(':id')
  @OperatorRole('viewer')
  @ApiOperation({ summary: 'Get one organisation (never its secret)' })
  @ApiOkResponse({ type: OrganisationDto })
  @ApiProblems(404)
  get(@Param('id', uuidParam('id')) id: string): Promise<OrganisationDto> {
    return this.organisations.get(id);
  }

  @Patch(':id')
  @OperatorRole('admin')
  @ApiOperation({ summary: 'Rename an organisation or replace its redirect URIs' })
  @ApiOkResponse({ type: OrganisationDto })
  @ApiProblems(404)
  update(@Param('id', uuidParam('id')) id: string, @Body() body: UpdateOrganisationDto): Promise<OrganisationDto> {
    return this.organisations.update(id, body);
  }

  @Post(':id/sso-secret')
  @OperatorRole('admin')
  @NoStore()
  @HttpCode(200)
  @ApiOperation({
    summary: "Replace an organisation's SSO secret",
    description: 'The new secret is shown only here; assertions signed with the old one are refused from now on.',
  })
  @ApiOkResponse({ type: OrganisationWithSecretDto })
  @ApiProblems(404)
  rotateSecret(@Param('id', uuidParam('id')) id: string): Promise<OrganisationWithSecretDto> {
    return this.organisations.rotateSecret(id);
  }
}
