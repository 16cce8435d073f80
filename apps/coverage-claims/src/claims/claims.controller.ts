import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ClaimHistoryQueryDto, ClaimHistoryRecordDto, ClaimReceiptDto, ClaimRequestDto } from '#contracts';
import { ApiProblems, Idempotent, NoStore } from '#platform';
import { BearerAuth, CurrentUser } from '../auth/auth.decorators.js';
import type { UserPrincipal } from '../auth/principal.js';
import { ClaimsService } from './claims.service.js';

@ApiTags('claims')
@BearerAuth()
@Controller('api/v1/claim')
export class ClaimsController {
  constructor(private readonly claims: ClaimsService) {}

  @Idempotent({ subjectOf: (receipt: ClaimReceiptDto) => `claim:${receipt.claimReqId}` })
  @Post('requests')
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

  @Post('histories')
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
}
