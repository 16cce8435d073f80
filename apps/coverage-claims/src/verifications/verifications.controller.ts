import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ConfirmVerificationDto, ProblemDto, RequestVerificationDto, VerificationConfirmedDto, VerificationDto } from '#contracts';
import { ApiProblems, Idempotent, NoStore, RateLimitedBy, RecordsAccess, uuidParam } from '#platform';
import { customerSubject } from '../common/access-subjects.js';
import { BearerAuth, CurrentUser } from '../auth/auth.decorators.js';
import type { UserPrincipal } from '../auth/principal.js';
import { CODE_TTL_SECONDS, MAX_FAILED_ATTEMPTS, RESEND_INTERVAL_SECONDS, TOKEN_TTL_SECONDS } from './verification-rules.js';
import { VerificationsService } from './verifications.service.js';

const PROBLEM = { 'application/problem+json': { schema: { $ref: getSchemaPath(ProblemDto) } } };

@ApiTags('coverage analysis')
@BearerAuth()
@ApiExtraModels(ProblemDto)
@Controller('api/v1/coverage/verifications')
export class VerificationsController {
  constructor(private readonly verifications: VerificationsService) {}

  @Post()
  @NoStore()
  @Idempotent({ subjectOf: (verification: VerificationDto) => `customer:${verification.customerId}` })
  // Each request sends an SMS: limited per planner and per organisation (SMS pumping).
  @RateLimitedBy('sms-planner', 'sms-organisation')
  @RecordsAccess({ action: 'input', subjects: ({ response }) => [customerSubject((response as VerificationDto).customerId)] })
  @ApiOperation({
    summary: 'Identity verification: request a one-time number',
    description: `Sends a 6-digit number by SMS to the customer's phone, valid ${CODE_TTL_SECONDS} s. The customer is recorded (the same name, birth date and phone in your organisation is one customer); the consents to \`agreedTermIds\` are recorded when the customer confirms the number. Every required term of \`GET /api/v1/coverage/terms\` must be agreed (400 TERMS_NOT_AGREED naming agreedTermIds). A new request for the same phone within ${RESEND_INTERVAL_SECONDS} s is 429 with Retry-After. When the SMS gateway refuses the message (502 SMS_DELIVERY_FAILED) no customer is recorded, the attempt is kept as FAILED (no number to confirm) and a request may follow at once. Accepts \`Idempotency-Key\`: a repeat gets the first answer and sends no second SMS.`,
  })
  @ApiCreatedResponse({ type: VerificationDto })
  @ApiResponse({
    status: 429,
    description: `VERIFICATION_RESEND_TOO_SOON: a number was sent to this phone less than ${RESEND_INTERVAL_SECONDS} s ago`,
    headers: { 'Retry-After': { description: 'Seconds until a new number may be requested', schema: { type: 'integer' } } },
    content: PROBLEM,
  })
  @ApiProblems(409, 422, 502)
  request(@CurrentUser() user: UserPrincipal, @Body() body: RequestVerificationDto): Promise<VerificationDto> {
    return this.verifications.request(user, body);
  }

  @Post(':id/confirm')
  @RecordsAccess({ action: 'use', subjects: ({ response }) => [customerSubject((response as VerificationConfirmedDto).customerId)] })
  @NoStore()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Identity verification: confirm the one-time number',
    description: `The right number gives a \`verificationToken\`, valid ${TOKEN_TTL_SECONDS / 60} minutes, that the coverage analysis needs. A wrong number is 400 VERIFICATION_CODE_INVALID with \`attemptsLeft\`; the ${MAX_FAILED_ATTEMPTS}th locks the verification (then 423 VERIFICATION_LOCKED). After ${CODE_TTL_SECONDS} s: 410 VERIFICATION_EXPIRED. A second confirmation: 409 VERIFICATION_ALREADY_CONFIRMED. Another planner's or organisation's verification: 404.`,
  })
  @ApiOkResponse({ type: VerificationConfirmedDto })
  @ApiProblems(404, 409, 410, 423)
  confirm(
    @CurrentUser() user: UserPrincipal,
    @Param('id', uuidParam('id')) id: string,
    @Body() body: ConfirmVerificationDto,
  ): Promise<VerificationConfirmedDto> {
    return this.verifications.confirm(user, id, body);
  }
}
