import { Injectable } from '@nestjs/common';
import type { AdminClaimDeliveriesQueryDto, AdminClaimDeliveryDto, AdminClaimDeliveryListDto } from '#contracts';
import { pagedList } from '#platform';
import { ClaimDeliveryRepository, type DeliveryRow } from './claim-delivery.repository.js';

/** The operators' view of claims' fax deliveries across organisations: where each goes and how it stands, without client data. */
@Injectable()
export class ClaimDeliveriesAdminService {
  constructor(private readonly deliveries: ClaimDeliveryRepository) {}

  list(query: AdminClaimDeliveriesQueryDto): Promise<AdminClaimDeliveryListDto> {
    const filter = { status: query.status, organisationId: query.organisationId, insurerCode: query.insurerCode };
    return pagedList(query, (window) => this.deliveries.list({ ...filter, ...window }), toAdminClaimDeliveryResponse);
  }
}

function toAdminClaimDeliveryResponse(row: DeliveryRow): AdminClaimDeliveryDto {
  return {
    claimReqId: row.claimId,
    organisation: { id: row.organisationId, name: row.organisationName },
    insurer: { code: row.insurerCode, name: row.insurerName },
    insurerFax: row.insurerFax,
    status: row.status,
    statusReason: row.statusReason,
    attempts: row.attempts,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
