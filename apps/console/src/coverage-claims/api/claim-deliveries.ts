import { queryOptions, useMutation } from '@tanstack/react-query';
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

/** Sends a FAILED claim again, to its insurer's fax as it is now (a fresh Idempotency-Key per confirm). */
export function useResendClaim() {
  return useMutation({
    mutationFn: (claimReqId: number) =>
      unwrap(
        claimsApi.POST('/api/v1/admin/claim/requests/{claimReqId}/resend', {
          params: { path: { claimReqId }, header: { 'Idempotency-Key': idempotencyKey('claim-resend') } },
        }),
      ),
    // A refusal (CLAIM_NOT_FAILED) means the list showed an old state.
    meta: { invalidates: [ROOT], staleOnRefusal: true },
  });
}
