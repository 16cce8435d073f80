import { AS_STATUS_LABELS, type AsStatus, type LeadDto } from '#contracts';
import { shownMetadata } from './lead-metadata.js';
import { maskAddress, maskEmail } from './lead-masking.js';
import type { LeadRow } from './leads.repository.js';

/**
 * The Lead resource, as every answer that carries a lead builds it (the owner's list and single
 * lookup, use, the distributed list, the `lead.assigned` webhook). `contact` is the name and phone as
 * shown (LeadContactCipher.contactAsShown); email and address are in clear only when `inClear` (the
 * caller then audits the answer). Metadata carries no `fileUrl`: the single lookup adds its own.
 * `leadAs` is set only when `asHistory` is given (newest first).
 */
export function toLeadResponse(row: LeadRow, contact: { name: string; phone: string }, inClear: boolean, asHistory?: AsStatus[]): LeadDto {
  const lead: LeadDto = {
    id: row.id,
    productId: row.productId,
    product: { id: row.productId, name: row.productName },
    ...contact,
    email: row.email === null ? null : inClear ? row.email : maskEmail(row.email),
    region: row.region,
    address: row.address === null ? null : inClear ? row.address : maskAddress(row.address),
    birth_date: row.birthDate,
    gender: row.gender,
    memo: row.memo,
    assignmentId: row.assignmentId,
    usedAt: row.usedAt,
    assignedAt: row.assignedAt,
    lastDistributedAt: row.lastDistributedAt,
    metadata: row.metadata ? shownMetadata(row.metadata) : null,
    leadAsStatus: row.latestAsStatus,
    leadAsStatusLabel: row.latestAsStatus ? AS_STATUS_LABELS[row.latestAsStatus] : null,
  };
  if (asHistory) lead.leadAs = asHistory.map((status) => ({ status }));
  return lead;
}
