import { AS_STATUS_LABELS, type AsListItem } from '#contracts';
import type { AsRow } from './lead-as.repository.js';

/**
 * The AS list item, as every answer that carries an AS request builds it (the owner's list, the
 * operators' queue, the single lookups, the `lead_as.reviewed` webhook). `contact` is the lead's name
 * and phone as shown to the caller (LeadsService.contactAsShown).
 */
export function toAsListItem(row: AsRow, contact: { name: string; phone: string }): AsListItem {
  return {
    id: row.id,
    leadId: row.leadId,
    reasonCode: row.reasonCode,
    reasonLabel: row.reasonLabel,
    status: row.status,
    statusLabel: AS_STATUS_LABELS[row.status],
    customerMemo: row.customerMemo,
    adminNote: row.adminNote,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lead: {
      id: row.leadId,
      ...contact,
      region: row.region,
      product: { id: row.productId, name: row.productName },
    },
  };
}
