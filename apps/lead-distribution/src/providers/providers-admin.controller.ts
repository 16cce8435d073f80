import { Body, Controller, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyIssuedDto, ApiKeyRole, CreateProviderDto, IssueApiKeyDto, ProviderDto } from '#contracts';
import { ApiProblems, Idempotent, NoStore, uuidParam } from '#platform';
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
  @ApiOperation({ summary: 'Create a provider (a company that supplies leads)' })
  @ApiCreatedResponse({ type: ProviderDto })
  @ApiProblems(409)
  create(@Body() body: CreateProviderDto): Promise<ProviderDto> {
    return this.providers.create(body);
  }

  @Post(':id/api-keys')
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
}
