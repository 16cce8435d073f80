import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import {
  CreateOperatorAccountDto,
  IssueOperatorApiKeyDto,
  OperatorAccountDto,
  OperatorAccountHistoryDto,
  OperatorAccountListDto,
  OperatorApiKeyIssuedDto,
  OperatorApiKeyListDto,
  PageQueryDto,
  UpdateOperatorAccountDto,
} from '#contracts';
import { RecordsAccess, type AccessContext, type AccessSubject } from '../access-records/access-record.decorator.js';
import { NoStore } from '../http/no-store.js';
import { uuidParam } from '../http/params.js';
import { ApiProblems } from '../openapi/api-docs.decorators.js';
import { API_KEY_SCHEME } from '../openapi/openapi.js';
import { CurrentOperator } from './current-operator.decorator.js';
import { OperatorAccountsService } from './operator-accounts.service.js';
import type { OperatorPrincipal } from './operator-principal.js';
import { BootstrapAllowed, OperatorRole } from './operator-role.decorator.js';

/** Operators are people too: each look at or change of an account is an access record naming it. */
const operatorSubject = (id: string): AccessSubject => ({ type: 'operator', id });
const byParam = ({ params }: AccessContext): AccessSubject[] => (params.id ? [operatorSubject(params.id)] : []);

@ApiTags('admin: operators')
@ApiSecurity(API_KEY_SCHEME)
@ApiProblems(400, 401, 403)
@Controller('api/v1/admin/operators')
export class OperatorAccountsController {
  constructor(private readonly accounts: OperatorAccountsService) {}

  @Post()
  @OperatorRole('admin')
  @BootstrapAllowed()
  @NoStore()
  @ApiOperation({
    summary: 'Create an operator account',
    description:
      'The person signs in with this password and enrols the second factor on the first sign-in. In production the bootstrap key (OPERATOR_API_KEYS) may call this, for the first admin only.',
  })
  @ApiCreatedResponse({ type: OperatorAccountDto })
  @ApiProblems(409)
  @RecordsAccess({ action: 'input', subjects: ({ response }) => [operatorSubject((response as OperatorAccountDto).id)] })
  create(@CurrentOperator() operator: OperatorPrincipal, @Body() body: CreateOperatorAccountDto): Promise<OperatorAccountDto> {
    return this.accounts.create(operator, body);
  }

  @Get()
  @OperatorRole('admin')
  @NoStore()
  @ApiOperation({ summary: 'List the operator accounts' })
  @ApiOkResponse({ type: OperatorAccountListDto })
  @RecordsAccess({
    action: 'view',
    subjects: ({ response }) => (response as OperatorAccountListDto).data.map((account) => operatorSubject(account.id)),
  })
  async list(): Promise<OperatorAccountListDto> {
    return { data: await this.accounts.list() };
  }

  @Get(':id')
  @OperatorRole('admin')
  @NoStore()
  @ApiOperation({ summary: 'An operator account' })
  @ApiOkResponse({ type: OperatorAccountDto })
  @ApiProblems(404)
  @RecordsAccess({ action: 'view', subjects: byParam })
  get(@Param('id', uuidParam('id')) id: string): Promise<OperatorAccountDto> {
    return this.accounts.get(id);
  }

  @Patch(':id')
  @OperatorRole('admin')
  @NoStore()
  @ApiOperation({
    summary: "Change an account's name or role, disable or enable it, or reset its password",
    description:
      'Takes effect on the next request. Disabling ends its sessions and revokes its personal API keys. The last enabled admin cannot be demoted or disabled (409 LAST_ADMIN).',
  })
  @ApiOkResponse({ type: OperatorAccountDto })
  @ApiProblems(404, 409)
  @RecordsAccess({ action: 'change', subjects: byParam })
  update(
    @CurrentOperator() operator: OperatorPrincipal,
    @Param('id', uuidParam('id')) id: string,
    @Body() body: UpdateOperatorAccountDto,
  ): Promise<OperatorAccountDto> {
    return this.accounts.update(operator, id, body);
  }

  @Post(':id/second-factor/reset')
  @OperatorRole('admin')
  @HttpCode(204)
  @ApiOperation({ summary: "Reset an account's second factor: its sessions end, and its next sign-in enrols a new one" })
  @ApiNoContentResponse()
  @ApiProblems(404)
  @RecordsAccess({ action: 'change', subjects: byParam })
  resetSecondFactor(@CurrentOperator() operator: OperatorPrincipal, @Param('id', uuidParam('id')) id: string): Promise<void> {
    return this.accounts.resetSecondFactor(operator, id);
  }

  @Get(':id/history')
  @OperatorRole('admin')
  @NoStore()
  @ApiOperation({
    summary: "An account's history: grants, changes, disabling, second-factor resets, keys (newest first; kept three years)",
  })
  @ApiOkResponse({ type: OperatorAccountHistoryDto })
  @ApiProblems(404)
  @RecordsAccess({ action: 'view', subjects: byParam })
  history(@Param('id', uuidParam('id')) id: string, @Query() query: PageQueryDto): Promise<OperatorAccountHistoryDto> {
    return this.accounts.history(id, query);
  }

  @Post(':id/api-keys')
  @OperatorRole('viewer')
  @NoStore()
  @ApiOperation({
    summary: 'Issue a personal API key for scripts (the account itself only)',
    description:
      'The plain key is in this answer only. It works as X-API-Key with the role of its account, until revoked or the account is disabled.',
  })
  @ApiCreatedResponse({ type: OperatorApiKeyIssuedDto })
  @ApiProblems(404)
  @RecordsAccess({ action: 'change', subjects: byParam })
  issueApiKey(
    @CurrentOperator() operator: OperatorPrincipal,
    @Param('id', uuidParam('id')) id: string,
    @Body() body: IssueOperatorApiKeyDto,
  ): Promise<OperatorApiKeyIssuedDto> {
    return this.accounts.issueApiKey(operator, id, body.name ?? null);
  }

  @Get(':id/api-keys')
  @OperatorRole('viewer')
  @ApiOperation({ summary: "An account's personal API keys, never the keys themselves (the account itself or an admin)" })
  @ApiOkResponse({ type: OperatorApiKeyListDto })
  @ApiProblems(404)
  @RecordsAccess({ action: 'view', subjects: byParam })
  listApiKeys(@CurrentOperator() operator: OperatorPrincipal, @Param('id', uuidParam('id')) id: string): Promise<OperatorApiKeyListDto> {
    return this.accounts.listApiKeys(operator, id);
  }

  @Delete(':id/api-keys/:keyId')
  @OperatorRole('viewer')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke a personal API key (the account itself or an admin); it stops working at once' })
  @ApiNoContentResponse()
  @ApiProblems(404)
  @RecordsAccess({ action: 'change', subjects: byParam })
  revokeApiKey(
    @CurrentOperator() operator: OperatorPrincipal,
    @Param('id', uuidParam('id')) id: string,
    @Param('keyId', uuidParam('keyId')) keyId: string,
  ): Promise<void> {
    return this.accounts.revokeApiKey(operator, id, keyId);
  }
}
