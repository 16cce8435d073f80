import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CheckupsDto, LookupCheckupsDto } from '#contracts';
import { ApiProblems, NoStore, RecordsAccess } from '#platform';
import { customerSubject } from '../../common/access-subjects.js';
import { BearerAuth, CurrentUser } from '../../auth/auth.decorators.js';
import type { UserPrincipal } from '../../auth/principal.js';
import { CheckupsService } from './checkups.service.js';

@ApiTags('medical coverage analysis')
@BearerAuth()
@Controller('api/v1/medical-bojang/checkups')
export class CheckupsController {
  constructor(private readonly checkups: CheckupsService) {}

  @Post()
  @RecordsAccess({ action: 'input', subjects: ({ response }) => [customerSubject((response as CheckupsDto).customerId)] })
  @NoStore()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Health-checkup data lookup',
    description:
      "The customer's national health check-ups (일반건강검진) of up to the last 10 years, oldest year first, through the completed NHIS authentication `nhisAuthId`: every measurement with its unit and its band (정상A, 정상B(경계), 질환의심) from the reference-range table in force (`referenceVersion`). They are stored encrypted in place of the customer's earlier ones, for the medical analysis and reports. No check-up at the NHIS: 200 with `checkups: []`. An authentication not yours or unknown: 404 NHIS_AUTH_NOT_FOUND; not completed: 409 NHIS_AUTH_REQUIRED; completed more than 10 minutes ago: 410 NHIS_AUTH_EXPIRED (each naming nhisAuthId). The insurer not answering: 503 NHIS_UNAVAILABLE, nothing stored. Not idempotent (no `Idempotency-Key`): the answer is health data that an idempotency record would keep in plain.",
  })
  @ApiOkResponse({ type: CheckupsDto })
  @ApiProblems(404, 409, 410, 503)
  lookup(@CurrentUser() user: UserPrincipal, @Body() body: LookupCheckupsDto): Promise<CheckupsDto> {
    return this.checkups.lookup(user, body);
  }
}
