import { Body, Controller, Param, Patch } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ClaimInsurerDto, UpdateClaimInsurerDto } from '#contracts';
import { ApiProblems, patternParam } from '#platform';
import { OperatorOnly } from '../auth/auth.decorators.js';
import { ClaimReferenceService } from './claim-reference.service.js';

@ApiTags('admin: claims')
@OperatorOnly()
@Controller('api/v1/admin/claim/insurers')
export class ClaimReferenceAdminController {
  constructor(private readonly lists: ClaimReferenceService) {}

  @Patch(':code')
  @ApiOperation({
    summary: "Change where an insurer's claims are faxed",
    description:
      'Takes effect at once, without a release, for claims filed from then on (a claim keeps the number it was filed with); the insurer list answers a new ETag. A later reference version keeps it.',
  })
  @ApiOkResponse({ type: ClaimInsurerDto })
  @ApiProblems(404)
  update(
    @Param('code', patternParam('code', /^[A-Z0-9]{1,8}$/, 'must be an insurer code (1 to 8 capital letters and digits)')) code: string,
    @Body() body: UpdateClaimInsurerDto,
  ): Promise<ClaimInsurerDto> {
    return this.lists.setClaimsFax(code, body.claimsFax);
  }
}
