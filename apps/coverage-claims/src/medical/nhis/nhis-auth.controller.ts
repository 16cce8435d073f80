import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NhisAuthCompletedDto, NhisAuthDto, RequestNhisAuthDto, TermListDto, TermPurpose } from '#contracts';
import { ApiProblems, Idempotent, RecordsAccess, uuidParam } from '#platform';
import { customerSubject } from '../../common/access-subjects.js';
import { BearerAuth, CurrentUser } from '../../auth/auth.decorators.js';
import type { UserPrincipal } from '../../auth/principal.js';
import { CUSTOMER_PROMPTS } from '../../customers/customer-prompts.service.js';
import { TermsService } from '../../terms/terms.service.js';
import { SIGN_IN_TTL_SECONDS as AUTH_TTL_SECONDS, USE_WINDOW_SECONDS as LOOKUP_WINDOW_SECONDS } from '../../two-step/two-step.service.js';
import { NhisAuthService } from './nhis-auth.service.js';

@ApiTags('medical coverage analysis')
@BearerAuth()
@Controller('api/v1/medical-bojang')
export class NhisAuthController {
  constructor(
    private readonly nhisAuth: NhisAuthService,
    private readonly terms: TermsService,
  ) {}

  @Get('terms')
  @ApiOperation({
    summary: 'Terms lookup: the consents a customer gives before their check-ups are retrieved',
    description:
      'The versions in force today, in display order: the health-data consent (민감정보(건강검진정보) 수집·이용 동의). Show them to the customer and send the ids agreed to as `agreedTermIds` of the NHIS authentication request; every `required` one must be agreed.',
  })
  @ApiOkResponse({ type: TermListDto })
  listTerms(): Promise<TermListDto> {
    return this.terms.list(TermPurpose.HealthCheckup);
  }

  @Post('nhis-auth')
  @RecordsAccess({ action: 'input', subjects: ({ response }) => [customerSubject((response as NhisAuthDto).customerId)] })
  @Idempotent({ subjectOf: (auth: NhisAuthDto) => `customer:${auth.customerId}` })
  @ApiOperation({
    summary: 'NHIS simple authentication: request',
    description: `Sends an approval request to the customer's app (\`provider\`; PASS needs \`telecom\`) through the national health insurer. The customer must be yours (an ORG_ADMIN: of the organisation), else 404 CUSTOMER_NOT_FOUND. The health-data consent of \`GET /api/v1/medical-bojang/terms\` must be among \`agreedTermIds\` (400 TERMS_NOT_AGREED naming agreedTermIds) and is recorded with the customer. The customer then approves in their app within ${AUTH_TTL_SECONDS} s, and you call \`complete\`. When the insurer or the app's server does not answer: 503 NHIS_UNAVAILABLE, and nothing is kept. An app the configured source does not offer (PAYCO with NHIS_ADAPTER=codef): 400 NHIS_PROVIDER_UNSUPPORTED naming provider, nothing sent or kept. Accepts \`Idempotency-Key\`: a repeat gets the first answer and sends no second request to the app. ${CUSTOMER_PROMPTS}`,
  })
  @ApiCreatedResponse({ type: NhisAuthDto })
  @ApiProblems(400, 404, 409, 422, 503)
  request(@CurrentUser() user: UserPrincipal, @Body() body: RequestNhisAuthDto): Promise<NhisAuthDto> {
    return this.nhisAuth.request(user, body);
  }

  @Post('nhis-auth/:id/complete')
  @HttpCode(200)
  @ApiOperation({
    summary: 'NHIS simple authentication: complete',
    description: `Once the customer has approved in their app: 200, and check-ups may be looked up with this authentication for ${LOOKUP_WINDOW_SECONDS / 60} minutes (\`checkupsAllowedUntil\`). Before the approval: 409 NHIS_AUTH_PENDING (call again once the customer says they approved); the customer refused: 409 NHIS_AUTH_REFUSED; more than ${AUTH_TTL_SECONDS} s after the request, or the insurer's source ended the request (with NHIS_ADAPTER=codef also at the third complete before the customer approved: call complete when the customer says they approved, do not poll): 410 NHIS_AUTH_EXPIRED, for good. Completing a completed authentication answers the same 200 again (the window does not move). Another planner's or organisation's authentication: 404 NHIS_AUTH_NOT_FOUND. The insurer not answering: 503 NHIS_UNAVAILABLE.`,
  })
  @ApiOkResponse({ type: NhisAuthCompletedDto })
  @ApiProblems(404, 409, 410, 503)
  complete(@CurrentUser() user: UserPrincipal, @Param('id', uuidParam('id')) id: string): Promise<NhisAuthCompletedDto> {
    return this.nhisAuth.complete(user, id);
  }
}
