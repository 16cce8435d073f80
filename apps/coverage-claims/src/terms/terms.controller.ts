import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { TermListDto, TermPurpose } from '#contracts';
import { BearerAuth } from '../auth/auth.decorators.js';
import { TermsService } from './terms.service.js';

@ApiTags('coverage analysis')
@BearerAuth()
@Controller('api/v1/coverage/terms')
export class TermsController {
  constructor(private readonly terms: TermsService) {}

  @Get()
  @ApiOperation({
    summary: 'Terms lookup: the terms a customer agrees to before a coverage analysis',
    description:
      'The versions in force today, in display order. Show them to the customer and send the ids agreed to as `agreedTermIds` of the verification request; every `required` one must be agreed.',
  })
  @ApiOkResponse({ type: TermListDto })
  list(): Promise<TermListDto> {
    return this.terms.list(TermPurpose.CoverageAnalysis);
  }
}
