import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  ClaimHistoryQueryDto,
  ClaimHistoryRecordDto,
  ClaimReceiptDto,
  ClaimRequestDto,
  ClaimResendReceiptDto,
  INT_ID_SCHEMA,
  UserRole,
} from '#contracts';
import { ApiProblem, ApiProblems, Idempotent, NoStore, RecordsAccess, intParam } from '#platform';
import { claimSubject } from '../common/access-subjects.js';
import { BearerAuth, CurrentUser, UserRoles } from '../auth/auth.decorators.js';
import type { UserPrincipal } from '../auth/principal.js';
import { sendReport } from '../pdf/rendered-report.js';
import { ClaimsService } from './claims.service.js';
import { ClaimResendService } from './delivery/claim-resend.service.js';

@ApiTags('claims')
@BearerAuth()
@Controller('api/v1/claim')
export class ClaimsController {
  constructor(
    private readonly claims: ClaimsService,
    private readonly resends: ClaimResendService,
  ) {}

  @Idempotent({ subjectOf: (receipt: ClaimReceiptDto) => `claim:${receipt.claimReqId}` })
  @Post('requests')
  @RecordsAccess({ action: 'input', subjects: ({ response }) => [claimSubject((response as ClaimReceiptDto).claimReqId)] })
  @HttpCode(201)
  @ApiOperation({
    summary: 'Claim submission',
    description:
      'Files an insurance claim for a client: the claim history record’s input fields and the evidence `fileIds` (uploaded through POST /api/v1/files/presigned, the caller’s own, in no other claim; JPEG, PNG or PDF only, as the claim is faxed: other types are 400 FILE_NOT_USABLE). Codes are checked against the reference lists (400 naming insuCompCd, bankCd or jobCd); an insurer without a claims fax number is 422 INSURER_FAX_UNKNOWN. The claim is stored (client data and bank account encrypted) and its fax to the insurer queued in the same transaction: status RECEIVED, then SENDING (also while a busy line is retried), SENT or FAILED (see the history). Send `Idempotency-Key` to retry safely: a repeat answers the first receipt; the key with another body is 422.',
  })
  @ApiCreatedResponse({ type: ClaimReceiptDto })
  @ApiProblems(422)
  submit(@CurrentUser() user: UserPrincipal, @Body() body: ClaimRequestDto): Promise<ClaimReceiptDto> {
    return this.claims.submit(user, body);
  }

  @Idempotent({ subjectOf: (receipt: ClaimResendReceiptDto) => `claim:${receipt.claimReqId}` })
  @Post('requests/:claimReqId/resend')
  @RecordsAccess({ action: 'change', subjects: ({ params }) => [claimSubject(params.claimReqId)] })
  @UserRoles(UserRole.OrgAdmin)
  @HttpCode(202)
  @ApiOperation({
    summary: 'Send a FAILED claim again (ORG_ADMIN)',
    description:
      'Queues the fax of a claim whose delivery was given up (claimStatusCd FAILED), once its cause is mended: the claim goes back to RECEIVED with its reason cleared and a fresh delivery (attempts from zero, due now), to the insurer’s claims fax as it is now (an operator may have corrected it with PATCH /api/v1/admin/claim/insurers/{code}; `insuFax` of the answer and of the history says which). 202: the fax is sent later; follow its status in the history. A claim of your organisation only (another organisation’s or an unknown one is 404 CLAIM_NOT_FOUND); a claim that is not FAILED is 409 CLAIM_NOT_FAILED; an insurer without a claims fax is 422 INSURER_FAX_UNKNOWN. Send `Idempotency-Key` to retry safely.',
  })
  @ApiAcceptedResponse({ type: ClaimResendReceiptDto })
  @ApiProblem(404, 'CLAIM_NOT_FOUND: no claim of your organisation has this id')
  @ApiProblem(409, 'CLAIM_NOT_FAILED: the claim is RECEIVED, SENDING or SENT')
  @ApiProblems(422)
  resend(
    @CurrentUser() admin: UserPrincipal,
    @Param('claimReqId', intParam('claimReqId')) claimReqId: number,
  ): Promise<ClaimResendReceiptDto> {
    return this.resends.resend(admin, claimReqId);
  }

  @Post('histories')
  @RecordsAccess({
    action: 'view',
    subjects: ({ response }) => (response as ClaimHistoryRecordDto[]).map((record) => claimSubject(record.claimReqId)),
  })
  @NoStore()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Claim history',
    description:
      'The claims the caller sees, newest claimDate first, as a bare array of claim history records; the number matching in all is in `X-Total-Count`. A planner sees the claims they filed, an ORG_ADMIN every claim of the organisation (and may narrow to one user with fcUserCi). Filters combine: clientNm, clientBirthday and clientTel match exactly, startDate and endDate bound claimDate inclusively. `page` from 1, `pageSize` 1–100 (default 20). The bank account is masked but for its last four digits.',
  })
  @ApiOkResponse({
    type: [ClaimHistoryRecordDto],
    headers: { 'X-Total-Count': { description: 'Number of claims matching the filters, over all pages', schema: { type: 'integer' } } },
  })
  async history(
    @CurrentUser() user: UserPrincipal,
    @Body() body: ClaimHistoryQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ClaimHistoryRecordDto[]> {
    const { records, total } = await this.claims.history(user, body);
    void reply.header('x-total-count', String(total));
    return records;
  }

  @Get('requests/:claimReqId/document')
  @RecordsAccess({ action: 'print', subjects: ({ params }) => [claimSubject(params.claimReqId)] })
  @NoStore()
  @ApiOperation({
    summary: 'Claim document (the fax)',
    description:
      'The claim’s fax as the insurer gets it: one A4 PDF of the claim form (the bank account in full), the consent page and every attachment (as an attachment, `claim-<claimReqId>.pdf`). Made from the stored claim as the delivery makes it, dated by when the claim was filed, so it is the same document before the fax is sent, while it is sent and after (also for a FAILED claim), unless since then the organisation was renamed (its current name is printed), the insurer’s fax number was corrected for a resend, or a release changed the renderer; claims faxed before this operation existed were faxed with a footer of their sending time, which the document does not repeat. The claims the caller sees in the history only: the planner who filed it, or an ORG_ADMIN of its organisation; any other claim (another planner’s, another organisation’s, unknown) is 404 CLAIM_NOT_FOUND. A claim whose fax cannot be made (an attachment missing, unreadable or over the budgets; more than 200 pages) is 422 CLAIM_DOCUMENT_UNRENDERABLE, as its delivery fails; 503 CLAIM_DOCUMENT_UNAVAILABLE when storage or the renderer failed or took too long, or when the replica already has two document renders waiting (deliveries render first) (Retry-After). A claimReqId that is not an id is 400 naming it.',
  })
  @ApiParam({ name: 'claimReqId', schema: { ...INT_ID_SCHEMA }, description: 'The `claimReqId` of the claim’s receipt or history record' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({
    description: 'The fax, as an attachment',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    headers: {
      'Content-Disposition': {
        description: 'attachment; filename="claim-<claimReqId>.pdf"',
        schema: { type: 'string', example: 'attachment; filename="claim-1042.pdf"' },
      },
    },
  })
  @ApiProblem(404, 'CLAIM_NOT_FOUND: no claim you see in the history has this id')
  @ApiProblem(422, 'CLAIM_DOCUMENT_UNRENDERABLE: the claim’s fax cannot be made (its delivery fails for the same reason)')
  async document(
    @CurrentUser() user: UserPrincipal,
    @Param('claimReqId', intParam('claimReqId')) claimReqId: number,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const pdf = await this.claims.document(user, claimReqId);
    return sendReport<never>(reply, { format: 'pdf', contentType: 'application/pdf', body: pdf, fileName: `claim-${claimReqId}.pdf` });
  }
}
