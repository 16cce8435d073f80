import { Injectable, Logger } from '@nestjs/common';
import { CLAIM_STATUS_LABELS, ClaimStatus, type ClaimResendReceiptDto } from '#contracts';
import type { UserPrincipal } from '../../auth/principal.js';
import { ClaimErrors } from '../claims.errors.js';
import { ClaimDeliveryRepository } from './claim-delivery.repository.js';
import { ClaimDeliveryWorker } from './claim-delivery.worker.js';

/** Who sends a claim again: an ORG_ADMIN, who reaches their organisation's claims only, or an operator, who reaches any. */
export type ClaimResender = UserPrincipal | 'operator';

/**
 * Sends a FAILED claim again once its cause is mended (an insurer's fax number corrected, an
 * attachment's budget, a render that ran out of memory): an ORG_ADMIN or an operator queues a fresh
 * delivery with the attempts from zero, to the insurer's claims fax as it is now
 * (docs/decisions/claims.md, "Sending again").
 */
@Injectable()
export class ClaimResendService {
  private readonly logger = new Logger('ClaimDelivery');

  constructor(
    private readonly deliveries: ClaimDeliveryRepository,
    private readonly worker: ClaimDeliveryWorker,
  ) {}

  async resend(by: ClaimResender, claimReqId: number): Promise<ClaimResendReceiptDto> {
    const operator = by === 'operator';
    const found = await this.deliveries.requeueFailed(claimReqId, operator ? null : by.organisationId);
    if (!found) throw operator ? ClaimErrors.notFoundAnywhere(claimReqId) : ClaimErrors.notFound(claimReqId);
    if (found.status !== ClaimStatus.Failed) throw ClaimErrors.notFailed(claimReqId, found.status);
    if (found.insurerFax === null) throw ClaimErrors.insurerHasNoFaxToResend(found.insurerCode);
    if (!found.queued) throw new Error(`Claim ${claimReqId} was FAILED with a fax number but was not queued`);
    this.logger.log({ claimId: claimReqId, ...(operator ? { by: 'operator' } : { userId: by.userId }) }, 'Claim fax queued again');
    this.worker.wake();
    return {
      claimReqId,
      claimStatusCd: ClaimStatus.Received,
      claimStatus: CLAIM_STATUS_LABELS[ClaimStatus.Received],
      claimDate: found.claimDate,
      insuFax: found.insurerFax,
    };
  }
}
