import { Injectable } from '@nestjs/common';
import { toPagination, type AdminClaimDeliveriesQueryDto, type AdminClaimDeliveryDto, type AdminClaimDeliveryListDto } from '#contracts';
import { ClaimDeliveryRepository, type DeliveryRow } from './claim-delivery.repository.js';

/** The operators' view of claims' fax deliveries across organisations: where each goes and how it stands, without client data. */
@Injectable()
export class ClaimDeliveriesAdminService {
  constructor(private readonly deliveries: ClaimDeliveryRepository) {}

  async list(query: AdminClaimDeliveriesQueryDto): Promise<AdminClaimDeliveryListDto> {
    const { rows, total } = await this.deliveries.list({
      status: query.status,
      organisationId: query.organisationId,
      insurerCode: query.insurerCode,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    return { data: rows.map(toAdminClaimDeliveryResponse), pagination: toPagination(query, total) };
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
