import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CustomerDto } from '#contracts';
import { ApiProblems, NoStore, RecordsAccess, uuidParam } from '#platform';
import { customerSubject } from '../common/access-subjects.js';
import { BearerAuth, CurrentUser } from '../auth/auth.decorators.js';
import type { UserPrincipal } from '../auth/principal.js';
import { CustomersService } from './customers.service.js';

const VISIBILITY = 'A planner sees the customers they created, an ORG_ADMIN every customer of the organisation; any other id is 404.';

@ApiTags('customers')
@BearerAuth()
@Controller('api/v1/customers')
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  @Get(':id')
  @RecordsAccess({ action: 'view', subjects: ({ params }) => [customerSubject(params.id!)] })
  @NoStore()
  @ApiOperation({ summary: 'A customer, with the consents they gave', description: VISIBILITY })
  @ApiOkResponse({ type: CustomerDto })
  @ApiProblems(404)
  get(@CurrentUser() user: UserPrincipal, @Param('id', uuidParam('id')) id: string): Promise<CustomerDto> {
    return this.customers.get(user, id);
  }

  @Delete(':id')
  @RecordsAccess({ action: 'delete', subjects: ({ params }) => [customerSubject(params.id!)] })
  @HttpCode(204)
  @ApiOperation({
    summary: 'Delete a customer and everything derived from them',
    description: `Consents, verifications (their tokens stop working), NHIS authentications, stored check-ups and every analysis or report of the customer go with them, at once and for good. ${VISIBILITY}`,
  })
  @ApiNoContentResponse()
  @ApiProblems(404)
  async remove(@CurrentUser() user: UserPrincipal, @Param('id', uuidParam('id')) id: string): Promise<void> {
    await this.customers.remove(user, id);
  }
}
