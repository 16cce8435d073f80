import { queryOptions, useMutation } from '@tanstack/react-query';
import { claimsApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/coverage-claims';
import { pageOf, type PageRequest } from '../../ui';

export type Insurer = components['schemas']['AdminClaimInsurerDto'];

const ROOT = ['insurers'] as const;

export const insurersQuery = ({ page, limit, q }: PageRequest) =>
  queryOptions({
    queryKey: [...ROOT, 'list', { page, limit, q }],
    queryFn: async () =>
      pageOf(await unwrap(claimsApi.GET('/api/v1/admin/claim/insurers', { params: { query: { page, limit, search: q } } }))),
  });

/** Every insurer (the catalogue has a few dozen): a filter's options. */
export const allInsurersQuery = () =>
  queryOptions({
    queryKey: [...ROOT, 'all'],
    queryFn: () => unwrap(claimsApi.GET('/api/v1/admin/claim/insurers', { params: { query: { limit: 100 } } })),
  });

/** Sets (or, with null, clears) an insurer's claims fax: claims filed or resent from now on go there. */
export function useSetClaimsFax(code: string) {
  return useMutation({
    mutationFn: (claimsFax: string | null) =>
      unwrap(claimsApi.PATCH('/api/v1/admin/claim/insurers/{code}', { params: { path: { code } }, body: { claimsFax } })),
    meta: { invalidates: [ROOT] },
  });
}
