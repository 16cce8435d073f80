import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiKeyIssuedDto,
  ApiKeyListDto,
  ApiKeyRole,
  CreateProviderDto,
  IssueApiKeyDto,
  ListProvidersQueryDto,
  ProviderDto,
  ProviderListDto,
} from '#contracts';
import { ApiProblems, Idempotent, NoStore, OperatorRole, uuidParam } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { Roles } from '../auth/auth.decorators.js';
import { ProvidersService } from './providers.service.js';

@ApiTags('admin: providers')
@ApiKeyAuth()
@Roles(ApiKeyRole.Operator)
@Controller('api/v1/admin/providers')
export class ProvidersAdminController {
  constructor(private readonly providers: ProvidersService) {}

  @Idempotent()
  @Post()
  @OperatorRole('admin')
  @ApiOperation({ summary: 'Create a provider (a company that supplies leads)' })
  @ApiCreatedResponse({ type: ProviderDto })
  @ApiProblems(409)
  create(@Body() body: CreateProviderDto): Promise<ProviderDto> {
    return this.providers.create(body);
  }

  @Get()
  @OperatorRole('viewer')
  @ApiOperation({ summary: 'List providers by name (search by name)' })
  @ApiOkResponse({ type: ProviderListDto })
  list(@Query() query: ListProvidersQueryDto): Promise<ProviderListDto> {
    return this.providers.list(query);
  }

  @Get(':id')
  @OperatorRole('viewer')
  @ApiOperation({ summary: 'Get one provider' })
  @ApiOkResponse({ type: ProviderDto })
  @ApiProblems(404)
  get(@Param('id', uuidParam('id')) id: string): Promise<ProviderDto> {
    return this.providers.get(id);
  }

  @Post(':id/api-keys')
  @OperatorRole('admin')
  @NoStore()
  @ApiOperation({
    summary: 'Issue a provider key (registers leads of its products)',
    description: 'The plain key is in this response only.',
  })
  @ApiCreatedResponse({ type: ApiKeyIssuedDto })
  @ApiProblems(404)
  issueKey(@Param('id', uuidParam('id')) id: string, @Body() body: IssueApiKeyDto): Promise<ApiKeyIssuedDto> {
    return this.providers.issueKey(id, body.name ?? null);
  }

  @Get(':id/api-keys')
  @OperatorRole('viewer')
  @ApiOperation({ summary: "List a provider's API keys (never the keys themselves)" })
  @ApiOkResponse({ type: ApiKeyListDto })
  @ApiProblems(404)
  async listKeys(@Param('id', uuidParam('id')) id: string): Promise<ApiKeyListDto> {
    return { data: await this.providers.listKeys(id) };
  }
}
