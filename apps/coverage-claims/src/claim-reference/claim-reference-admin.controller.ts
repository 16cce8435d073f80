import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminClaimInsurerDto, AdminClaimInsurerListDto, AdminClaimInsurersQueryDto, UpdateClaimInsurerDto } from '#contracts';
import { ApiProblems, OperatorRole, patternParam } from '#platform';
import { OperatorOnly } from '../auth/auth.decorators.js';
import { ClaimReferenceService } from './claim-reference.service.js';

@ApiTags('admin: claims')
@OperatorOnly()
@Controller('api/v1/admin/claim/insurers')
export class ClaimReferenceAdminController {
  constructor(private readonly lists: ClaimReferenceService) {}

  @Get()
  @OperatorRole('viewer')
  @ApiOperation({
    summary: 'List insurers with where their claims are faxed',
    description:
      'The insurers of the claim reference lists, in their order (life insurers first, then non-life), searched by name or code, each with its claims fax number and when an operator last set it.',
  })
  @ApiOkResponse({ type: AdminClaimInsurerListDto })
  list(@Query() query: AdminClaimInsurersQueryDto): Promise<AdminClaimInsurerListDto> {
    return this.lists.insurersForOperators(query);
  }

  @Patch(':code')
  @OperatorRole('admin')
  @ApiOperation({
    summary: "Change where an insurer's claims are faxed",
    description:
      'Takes effect at once, without a release, for claims filed from then on (a claim keeps the number it was filed with); the insurer list answers a new ETag. A later reference version keeps it.',
  })
  @ApiOkResponse({ type: AdminClaimInsurerDto })
  @ApiProblems(404)
  update(
    @Param('code', patternParam('code', /^[A-Z0-9]{1,8}$/, 'must be an insurer code (1 to 8 capital letters and digits)')) code: string,
    @Body() body: UpdateClaimInsurerDto,
  ): Promise<AdminClaimInsurerDto> {
    return this.lists.setClaimsFax(code, body.claimsFax);
  }
}
