import { ORDER_STATUS_LABELS, type OrderDto } from '#contracts';
import type { OrderRow } from './orders.repository.js';

/** The Order resource, as every answer that carries an order builds it (the API and the `order.*` webhooks). */
export function toOrderResponse(row: OrderRow): OrderDto {
  return {
    id: row.id,
    providerId: row.providerId,
    productId: row.productId,
    ordererName: row.ordererName,
    ordererContact: row.ordererContact,
    partnerId: row.partnerId,
    regionQuantities: row.regionRows ?? [],
    regionMemo: row.regionMemo,
    memo: row.memo,
    status: row.status,
    statusLabel: ORDER_STATUS_LABELS[row.status],
    reservationDate: row.reservationDate.toISOString(),
    cancelMemo: row.cancelMemo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
