import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyRole, ImportLeadsDto, ImportLeadsResponse } from '#contracts';
import { Idempotent, OperatorRole } from '#platform';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { CurrentPrincipal, Roles } from '../auth/auth.decorators.js';
import type { ApiKeyPrincipal } from '../auth/principal.js';
import { LeadImportService } from './lead-import.service.js';

@ApiTags('admin: leads')
@ApiKeyAuth()
@Roles(ApiKeyRole.Operator)
@Controller('api/v1/admin/leads')
export class LeadsAdminController {
  constructor(private readonly imports: LeadImportService) {}

  @Idempotent()
  @Post('import')
  @OperatorRole('admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Bulk-import leads',
    description:
      'Each row is validated and checked on its own, like a single registration, and a bad row never stops the others; the good rows are then registered and allocated together, all or none. The response has a result per row (CREATED, DUPLICATE or INVALID).',
  })
  @ApiOkResponse({ type: ImportLeadsResponse })
  import(@Body() body: ImportLeadsDto, @CurrentPrincipal() principal: ApiKeyPrincipal): Promise<ImportLeadsResponse> {
    return this.imports.import(body.leads, principal);
  }
}
