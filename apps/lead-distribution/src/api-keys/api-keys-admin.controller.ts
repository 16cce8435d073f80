import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyIssuedDto, ApiKeyListDto, ApiKeyRole, IssueApiKeyDto } from '#contracts';
import { ApiProblems, intParam, NoStore, OperatorRole, uuidParam } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { Roles } from '../auth/auth.decorators.js';
import { PartnersService } from '../partners/partners.service.js';
import { ApiKeysService } from './api-keys.service.js';

@ApiTags('admin: api keys')
@ApiKeyAuth()
@Roles(ApiKeyRole.Operator)
@Controller('api/v1/admin')
export class ApiKeysAdminController {
  constructor(
    private readonly apiKeys: ApiKeysService,
    private readonly partners: PartnersService,
  ) {}

  @Post('partners/:id/api-keys')
  @OperatorRole('admin')
  @NoStore()
  @ApiOperation({
    summary: 'Issue an API key for a partner',
    description: 'The plain key is in this response only; it is stored as a hash.',
  })
  @ApiCreatedResponse({ type: ApiKeyIssuedDto })
  @ApiProblems(404)
  async issueForPartner(@Param('id', intParam('id')) partnerId: number, @Body() body: IssueApiKeyDto): Promise<ApiKeyIssuedDto> {
    await this.partners.get(partnerId);
    return this.apiKeys.issue({ role: ApiKeyRole.Partner, partnerId }, body.name ?? null);
  }

  @Get('partners/:id/api-keys')
  @OperatorRole('viewer')
  @ApiOperation({ summary: "List a partner's API keys (never the keys themselves)" })
  @ApiOkResponse({ type: ApiKeyListDto })
  @ApiProblems(404)
  async listForPartner(@Param('id', intParam('id')) partnerId: number): Promise<ApiKeyListDto> {
    await this.partners.get(partnerId);
    return { data: await this.apiKeys.listForPartner(partnerId) };
  }

  @Delete('api-keys/:keyId')
  @OperatorRole('admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an API key; it stops working at once' })
  @ApiNoContentResponse()
  @ApiProblems(404)
  async revoke(@Param('keyId', uuidParam('keyId')) keyId: string): Promise<void> {
    await this.apiKeys.revoke(keyId);
  }
}
