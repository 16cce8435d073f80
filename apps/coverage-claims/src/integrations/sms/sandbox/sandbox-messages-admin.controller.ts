import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SandboxMessageListDto, SandboxMessagesQueryDto } from '#contracts';
import { ApiProblems, NoStore, OperatorRole } from '#platform';
import { OperatorOnly } from '../../../auth/auth.decorators.js';
import { SandboxSmsAdapter } from './sandbox-sms.adapter.js';

@ApiTags('admin: sandbox')
@OperatorOnly()
@Controller('api/v1/admin/sandbox/messages')
export class SandboxMessagesAdminController {
  constructor(private readonly sandbox: SandboxSmsAdapter) {}

  @Get()
  @OperatorRole('viewer')
  @NoStore()
  @ApiOperation({
    summary: 'Text messages the sandbox SMS adapter was given, newest first',
    description:
      'Only while SMS_ADAPTER=sandbox (otherwise 404): what a customer would have received, e.g. a one-time number. Numbers ending in 0000 are refused by the sandbox and listed as FAILED.',
  })
  @ApiOkResponse({ type: SandboxMessageListDto })
  @ApiProblems(404)
  list(@Query() query: SandboxMessagesQueryDto): Promise<SandboxMessageListDto> {
    return this.sandbox.list(query);
  }
}
