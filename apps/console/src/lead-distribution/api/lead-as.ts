import { queryOptions, useMutation } from '@tanstack/react-query';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';
import { pageOf, type PageRequest } from '../../ui';
import type { AsStatus } from '../labels';

export type QueueItem = components['schemas']['AdminAsListItem'];
export type AsRequest = components['schemas']['AdminAsDetail'];
export type Decision = components['schemas']['ReviewAsDto']['decision'];

const ROOT = ['lead-as'] as const;

export interface QueueFilters {
  status: AsStatus | undefined;
  partnerId: number | undefined;
  reasonCode: string | undefined;
}

/** The queue, oldest first. */
export const asQueueQuery = (filters: QueueFilters, { page, limit }: PageRequest) =>
  queryOptions({
    queryKey: [...ROOT, 'queue', { ...filters, page, limit }],
    queryFn: async () => pageOf(await unwrap(leadApi.GET('/api/v1/admin/lead-as', { params: { query: { ...filters, page, limit } } }))),
  });

/** Evidence URLs are read again a minute before they expire, and ten seconds after a read that failed. */
function untilUrlsExpire(request: AsRequest | undefined, failed: boolean): number | false {
  if (failed) return 10_000;
  const expiries = request?.files.map((file) => Date.parse(file.downloadUrlExpiresAt)) ?? [];
  return expiries.length === 0 ? false : Math.max(10_000, Math.min(...expiries) - Date.now() - 60_000);
}

export const asRequestQuery = (id: string) =>
  queryOptions({
    queryKey: [...ROOT, 'one', id],
    queryFn: () => unwrap(leadApi.GET('/api/v1/admin/lead-as/{id}', { params: { path: { id } } })),
    refetchInterval: (query) => untilUrlsExpire(query.state.data, query.state.status === 'error'),
  });

/** The reasons partners file under, with their labels (the service's catalogue). */
export const asReasonsQuery = () =>
  queryOptions({ queryKey: ['lead-as-reasons'], queryFn: () => unwrap(leadApi.GET('/api/v1/lead-as/reasons')), staleTime: Infinity });

export function useReviewAs(id: string) {
  return useMutation({
    mutationFn: (body: components['schemas']['ReviewAsDto']) =>
      unwrap(leadApi.POST('/api/v1/admin/lead-as/{id}/review', { params: { path: { id } }, body })),
    // An approval returns the lead and makes its order owe (or take) a replacement; a refusal
    // (AS_INVALID_TRANSITION) means the page showed an old status.
    meta: { invalidates: [ROOT, ['orders']], staleOnRefusal: true },
  });
}
