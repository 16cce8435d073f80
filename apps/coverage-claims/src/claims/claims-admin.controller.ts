import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminClaimDeliveriesQueryDto, AdminClaimDeliveryListDto, ClaimResendReceiptDto } from '#contracts';
import { ApiProblem, ApiProblems, Idempotent, intParam, OperatorRole } from '#platform';
import { OperatorOnly } from '../auth/auth.decorators.js';
import { ClaimDeliveriesAdminService } from './delivery/claim-deliveries-admin.service.js';
import { ClaimResendService } from './delivery/claim-resend.service.js';

@ApiTags('admin: claims')
@OperatorOnly()
@Controller('api/v1/admin/claim')
export class ClaimsAdminController {
  constructor(
    private readonly deliveries: ClaimDeliveriesAdminService,
    private readonly resends: ClaimResendService,
  ) {}

  @Get('deliveries')
  @OperatorRole('viewer')
  @ApiOperation({
    summary: "Claims' fax deliveries across organisations",
    description:
      'Newest claims first, each with its organisation, insurer, the fax number it is sent to, its status and (FAILED) why it was given up, its attempts and when the last one ended. No client data: names, birthdays, phones and bank accounts stay sealed in the claim. `status=FAILED` lists the claims to mend and send again (POST /api/v1/admin/claim/requests/{claimReqId}/resend).',
  })
  @ApiOkResponse({ type: AdminClaimDeliveryListDto })
  list(@Query() query: AdminClaimDeliveriesQueryDto): Promise<AdminClaimDeliveryListDto> {
    return this.deliveries.list(query);
  }

  @Idempotent({ subjectOf: (receipt: ClaimResendReceiptDto) => `claim:${receipt.claimReqId}` })
  @Post('requests/:claimReqId/resend')
  @OperatorRole('reviewer')
  @HttpCode(202)
  @ApiOperation({
    summary: "Send any organisation's FAILED claim again",
    description:
      'As an ORG_ADMIN’s POST /api/v1/claim/requests/{claimReqId}/resend, for a claim of any organisation: the claim goes back to RECEIVED with its reason cleared and a fresh delivery (attempts from zero, due now), to the insurer’s claims fax as it is now (set it first with PATCH /api/v1/admin/claim/insurers/{code} when that was the cause). 202: the fax is sent later; follow it in GET /api/v1/admin/claim/deliveries. An unknown claim is 404 CLAIM_NOT_FOUND; a claim that is not FAILED is 409 CLAIM_NOT_FAILED; an insurer without a claims fax is 422 INSURER_FAX_UNKNOWN. Send `Idempotency-Key` to retry safely.',
  })
  @ApiAcceptedResponse({ type: ClaimResendReceiptDto })
  @ApiProblem(404, 'CLAIM_NOT_FOUND: no claim has this id')
  @ApiProblem(409, 'CLAIM_NOT_FAILED: the claim is RECEIVED, SENDING or SENT')
  @ApiProblems(422)
  resend(@Param('claimReqId', intParam('claimReqId')) claimReqId: number): Promise<ClaimResendReceiptDto> {
    return this.resends.resend('operator', claimReqId);
  }
}
