import { queryOptions, useMutation } from '@tanstack/react-query';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';
import { pageOf, type PageRequest, type SearchOption } from '../../ui';

export type Provider = components['schemas']['ProviderDto'];

const ROOT = ['providers'] as const;

export const providersQuery = ({ page, limit, q }: PageRequest) =>
  queryOptions({
    queryKey: [...ROOT, 'list', { page, limit, q }],
    queryFn: async () => pageOf(await unwrap(leadApi.GET('/api/v1/admin/providers', { params: { query: { page, limit, search: q } } }))),
  });

/** Providers matching `term` (empty: the first 20), as options. */
export const providerOptionsQuery = (term: string) =>
  queryOptions({
    queryKey: [...ROOT, 'search', term],
    queryFn: async (): Promise<SearchOption[]> =>
      (
        await unwrap(leadApi.GET('/api/v1/admin/providers', { params: { query: { limit: 20, search: term === '' ? undefined : term } } }))
      ).data.map((provider) => ({ value: provider.id, label: provider.name })),
  });

export function useCreateProvider() {
  return useMutation({
    mutationFn: (body: components['schemas']['CreateProviderDto']) => unwrap(leadApi.POST('/api/v1/admin/providers', { body })),
    meta: { invalidates: [ROOT] },
  });
}
