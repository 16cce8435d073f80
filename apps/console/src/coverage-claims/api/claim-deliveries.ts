import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { claimsApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/coverage-claims';
import { idempotencyKey, pageOf, type PageRequest } from '../../ui';
import type { ClaimStatus } from '../labels';

export type Delivery = components['schemas']['AdminClaimDeliveryDto'];

const ROOT = ['claim-deliveries'] as const;

export interface DeliveryFilters {
  status: ClaimStatus | undefined;
  insurerCode: string | undefined;
  organisationId: string | undefined;
}

/** Every organisation's claim faxes; read again while one on the page is on its way. */
export const claimDeliveriesQuery = (filters: DeliveryFilters, { page, limit }: PageRequest) =>
  queryOptions({
    queryKey: [...ROOT, { ...filters, page, limit }],
    queryFn: async () =>
      pageOf(await unwrap(claimsApi.GET('/api/v1/admin/claim/deliveries', { params: { query: { ...filters, page, limit } } }))),
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.status === 'RECEIVED' || delivery.status === 'SENDING') ? 3000 : false,
  });

/**
 * Sends a FAILED claim again, to its insurer's fax as it is now (a fresh Idempotency-Key per confirm).
 * A refusal (CLAIM_NOT_FAILED) means the list showed an old state: it is marked stale, and read again
 * on its next use, not at once (the refusal stays in view in its dialog, which a row gone would close).
 */
export function useResendClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (claimReqId: number) =>
      unwrap(
        claimsApi.POST('/api/v1/admin/claim/requests/{claimReqId}/resend', {
          params: { path: { claimReqId }, header: { 'Idempotency-Key': idempotencyKey('claim-resend') } },
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT }),
    onError: () => client.invalidateQueries({ queryKey: ROOT, refetchType: 'none' }),
  });
}
