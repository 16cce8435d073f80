import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyRole, REGIONS, RegionsResponse } from '#contracts';
import { ApiKeyAuth } from '../auth/api-key-auth.decorator.js';
import { Roles } from '../auth/auth.decorators.js';
import { OperatorRole } from '#platform';

@ApiTags('regions')
@ApiKeyAuth()
@Roles(ApiKeyRole.Partner, ApiKeyRole.Provider, ApiKeyRole.Operator)
@Controller('api/v1/regions')
export class RegionsController {
  @Get()
  @OperatorRole('viewer')
  @ApiOperation({
    summary: 'Allowed regions list',
    description: 'The 17 시·도 leads and orders may name, with their administrative codes.',
  })
  @ApiOkResponse({ type: RegionsResponse })
  list(): RegionsResponse {
    return { data: REGIONS.map((region) => ({ ...region })) };
  }
}
