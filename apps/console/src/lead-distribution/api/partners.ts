import { queryOptions, useMutation } from '@tanstack/react-query';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';
import { pageOf, type PageRequest, type SearchOption } from '../../ui';

export type Partner = components['schemas']['PartnerDto'];

// Every query of partners is under ['partners']: a new partner invalidates them all (the list, the
// pickers' searches, a tree's children).
const ROOT = ['partners'] as const;

const listPartners = (query: { page: number; limit: number; search?: string; parentId?: number }) =>
  unwrap(leadApi.GET('/api/v1/admin/partners', { params: { query } }));

export const partnersQuery = ({ page, limit, q }: PageRequest) =>
  queryOptions({
    queryKey: [...ROOT, 'list', { page, limit, q }],
    queryFn: async () => pageOf(await listPartners({ page, limit, search: q })),
  });

export const partnerQuery = (id: number) =>
  queryOptions({
    queryKey: [...ROOT, 'one', id],
    queryFn: () => unwrap(leadApi.GET('/api/v1/admin/partners/{id}', { params: { path: { id } } })),
  });

/** A partner as an option: its name and id (names repeat across organisations). */
export const partnerLabel = (partner: Partner) => `${partner.name} (#${partner.id})`;

/** Partners matching `term` (empty: the first 20), as options. */
export const partnerOptionsQuery = (term: string) =>
  queryOptions({
    queryKey: [...ROOT, 'search', term],
    queryFn: async (): Promise<SearchOption[]> =>
      (await listPartners({ page: 1, limit: 20, ...(term ? { search: term } : {}) })).data.map((partner) => ({
        value: String(partner.id),
        label: partnerLabel(partner),
      })),
  });

/** A partner's direct children (the server's first 100). */
export const childPartnersQuery = (parentId: number) =>
  queryOptions({ queryKey: [...ROOT, 'children', parentId], queryFn: () => listPartners({ page: 1, limit: 100, parentId }) });

/** The chain of parents above a partner, topmost first, read one by one (at most 16 levels). */
export const ancestorsQuery = (partner: Partner) =>
  queryOptions({
    queryKey: [...ROOT, 'ancestors', partner.id],
    queryFn: async () => {
      const chain: Partner[] = [];
      for (let parentId = partner.parentId; parentId !== null && chain.length < 16;) {
        const parent = await unwrap(leadApi.GET('/api/v1/admin/partners/{id}', { params: { path: { id: parentId } } }));
        chain.unshift(parent);
        parentId = parent.parentId;
      }
      return chain;
    },
  });

export function useCreatePartner() {
  return useMutation({
    mutationFn: (body: components['schemas']['CreatePartnerDto']) => unwrap(leadApi.POST('/api/v1/admin/partners', { body })),
    meta: { invalidates: [ROOT] },
  });
}
