import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';
import { pageOf, type PageRequest } from '../../ui';
import type { DeliveryEventType, DeliveryStatus } from '../labels';

type Schemas = components['schemas'];
export type Endpoint = Schemas['WebhookEndpoint'];
export type Delivery = Schemas['WebhookDelivery'];

// A partner's endpoints under ['webhook-endpoints', partnerId]; each endpoint's deliveries under
// ['webhook-deliveries', endpointId] (its log and one delivery's detail).
const endpointsOf = (partnerId: number) => ['webhook-endpoints', partnerId] as const;
const endpointKey = (endpointId: string) => ['webhook-endpoint', endpointId] as const;
const deliveriesOf = (endpointId: string) => ['webhook-deliveries', endpointId] as const;

/** The worker delivers in the background: what waits for it is read again every two seconds. */
const WHILE_PENDING_MS = 2000;

export const endpointsQuery = (partnerId: number, { page, limit }: PageRequest) =>
  queryOptions({
    queryKey: [...endpointsOf(partnerId), { page, limit }],
    queryFn: async () => pageOf(await unwrap(leadApi.GET('/api/v1/webhooks/endpoints', { params: { query: { partnerId, page, limit } } }))),
  });

export const endpointQuery = (endpointId: string) =>
  queryOptions({
    queryKey: endpointKey(endpointId),
    queryFn: () => unwrap(leadApi.GET('/api/v1/webhooks/endpoints/{endpointId}', { params: { path: { endpointId } } })),
  });

export interface DeliveryFilters {
  status: DeliveryStatus | undefined;
  eventType: DeliveryEventType | undefined;
}

/** The endpoint's delivery log, newest first; read again while a delivery on the page waits for the worker. */
export const deliveriesQuery = (endpointId: string, filters: DeliveryFilters, { page, limit }: PageRequest) =>
  queryOptions({
    queryKey: [...deliveriesOf(endpointId), 'log', { ...filters, page, limit }],
    queryFn: async () =>
      pageOf(
        await unwrap(
          leadApi.GET('/api/v1/webhooks/endpoints/{endpointId}/deliveries', {
            params: { path: { endpointId }, query: { ...filters, page, limit } },
          }),
        ),
      ),
    refetchInterval: (query) => (query.state.data?.items.some((delivery) => delivery.status === 'PENDING') ? WHILE_PENDING_MS : false),
  });

/** One delivery with its attempts and body; read again while it waits for the worker. */
export const deliveryQuery = (endpointId: string, deliveryId: string) =>
  queryOptions({
    queryKey: [...deliveriesOf(endpointId), 'one', deliveryId],
    queryFn: () => unwrap(leadApi.GET('/api/v1/webhooks/deliveries/{deliveryId}', { params: { path: { deliveryId } } })),
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? WHILE_PENDING_MS : false),
  });

export function useCreateEndpoint(partnerId: number) {
  return useMutation({
    mutationFn: (body: Omit<Schemas['CreateWebhookEndpointRequest'], 'partnerId'>) =>
      unwrap(leadApi.POST('/api/v1/webhooks/endpoints', { body: { ...body, partnerId } })),
    meta: { invalidates: [endpointsOf(partnerId)] },
  });
}

/** What a change to an endpoint invalidates: the partner's list, the endpoint, and its log. */
const endpointChanged = (partnerId: number, endpointId: string) => ({
  invalidates: [endpointsOf(partnerId), endpointKey(endpointId), deliveriesOf(endpointId)],
});

const path = (endpointId: string) => ({ params: { path: { endpointId } } });

export const useUpdateEndpoint = (partnerId: number, endpointId: string) =>
  useMutation({
    mutationFn: (body: Schemas['UpdateWebhookEndpointRequest']) =>
      unwrap(leadApi.PATCH('/api/v1/webhooks/endpoints/{endpointId}', { ...path(endpointId), body })),
    meta: endpointChanged(partnerId, endpointId),
  });

export const useSendTestEvent = (partnerId: number, endpointId: string) =>
  useMutation({
    mutationFn: () => unwrap(leadApi.POST('/api/v1/webhooks/endpoints/{endpointId}/test', path(endpointId))),
    meta: endpointChanged(partnerId, endpointId),
  });

export const useRotateSecret = (partnerId: number, endpointId: string) =>
  useMutation({
    mutationFn: () => unwrap(leadApi.POST('/api/v1/webhooks/endpoints/{endpointId}/rotate-secret', path(endpointId))),
    meta: endpointChanged(partnerId, endpointId),
  });

/** Deletes the endpoint and its log; what the cache held of them goes too. */
export function useDeleteEndpoint(partnerId: number, endpointId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(leadApi.DELETE('/api/v1/webhooks/endpoints/{endpointId}', path(endpointId))),
    onSuccess: () => {
      client.removeQueries({ queryKey: endpointKey(endpointId) });
      client.removeQueries({ queryKey: deliveriesOf(endpointId) });
    },
    meta: { invalidates: [endpointsOf(partnerId)] },
  });
}

/** Puts the endpoint's FAILED deliveries created since `since` (an instant) back in the queue. */
export const useRecoverDeliveries = (partnerId: number, endpointId: string) =>
  useMutation({
    mutationFn: (since: string) =>
      unwrap(leadApi.POST('/api/v1/webhooks/endpoints/{endpointId}/recover', { ...path(endpointId), body: { since } })),
    meta: endpointChanged(partnerId, endpointId),
  });

export const useResendDelivery = (endpointId: string, deliveryId: string) =>
  useMutation({
    mutationFn: () => unwrap(leadApi.POST('/api/v1/webhooks/deliveries/{deliveryId}/resend', { params: { path: { deliveryId } } })),
    meta: { invalidates: [deliveriesOf(endpointId)] },
  });
