import { queryOptions, useMutation } from '@tanstack/react-query';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';
import { pageOf, type PageRequest } from '../../ui';
import type { OrderStatus } from '../labels';

export type Order = components['schemas']['Order'];
export type OrderSummary = components['schemas']['OrderSummaryDto'];

/** A partner's orders: the API lists them per partner (an operator names the partner). */
const ordersOf = (partnerId: number) => ['orders', partnerId] as const;

export interface OrderFilters {
  status: OrderStatus | undefined;
  productId: string | undefined;
  /** Instants (ISO 8601): from the start of the first day, to the start of the day after the last. */
  createdFrom: string | undefined;
  createdTo: string | undefined;
}

/** One page of the partner's orders, with the summary over every order the filters match. */
export const ordersQuery = (partnerId: number, filters: OrderFilters, { page, limit }: PageRequest) =>
  queryOptions({
    queryKey: [...ordersOf(partnerId), 'list', { ...filters, page, limit }],
    queryFn: async () => pageOf(await unwrap(leadApi.GET('/api/v1/orders', { params: { query: { partnerId, ...filters, page, limit } } }))),
  });

export const orderQuery = (partnerId: number, id: string) =>
  queryOptions({
    queryKey: [...ordersOf(partnerId), 'one', id],
    queryFn: () => unwrap(leadApi.GET('/api/v1/orders/{id}', { params: { path: { id }, query: { partnerId } } })),
  });

export function useCancelOrder(partnerId: number, id: string) {
  return useMutation({
    mutationFn: (memo: string | undefined) =>
      unwrap(leadApi.POST('/api/v1/orders/{id}/cancel', { params: { path: { id } }, body: { partnerId, ...(memo ? { memo } : {}) } })),
    // A refusal (ORDER_NOT_CANCELLABLE) means the page showed an old status.
    meta: { invalidates: [ordersOf(partnerId)], staleOnRefusal: true },
  });
}
