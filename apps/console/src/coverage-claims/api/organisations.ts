import { queryOptions, useMutation } from '@tanstack/react-query';
import { claimsApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/coverage-claims';
import { pageOf, type PageRequest, type SearchOption } from '../../ui';

export type Organisation = components['schemas']['OrganisationDto'];
export type OrganisationWithSecret = components['schemas']['OrganisationWithSecretDto'];
type OrganisationBody = components['schemas']['CreateOrganisationDto'];

const ROOT = ['organisations'] as const;

const listOrganisations = (query: { page?: number; limit: number; search?: string }) =>
  unwrap(claimsApi.GET('/api/v1/admin/organisations', { params: { query } }));

export const organisationsQuery = ({ page, limit, q }: PageRequest) =>
  queryOptions({
    queryKey: [...ROOT, 'list', { page, limit, q }],
    queryFn: async () => pageOf(await listOrganisations({ page, limit, search: q })),
  });

/** Organisations matching `term` (empty: the first 20), as options. */
export const organisationOptionsQuery = (term: string) =>
  queryOptions({
    queryKey: [...ROOT, 'search', term],
    queryFn: async (): Promise<SearchOption[]> =>
      (await listOrganisations({ limit: 20, search: term || undefined })).data.map((organisation) => ({
        value: organisation.id,
        label: organisation.name,
      })),
  });

/** The organisation without its secret: only the one-time view holds that. */
export function withoutSecret(organisation: OrganisationWithSecret): Organisation {
  const { ssoSecret: _shownOnce, ...rest } = organisation;
  return rest;
}

export function useCreateOrganisation() {
  return useMutation({
    mutationFn: (body: OrganisationBody) => unwrap(claimsApi.POST('/api/v1/admin/organisations', { body })),
    meta: { invalidates: [ROOT] },
  });
}

export function useUpdateOrganisation(id: string) {
  return useMutation({
    mutationFn: (body: components['schemas']['UpdateOrganisationDto']) =>
      unwrap(claimsApi.PATCH('/api/v1/admin/organisations/{id}', { params: { path: { id } }, body })),
    meta: { invalidates: [ROOT] },
  });
}

/** A new SSO secret (shown once); the one before stops signing planners in at once. */
export function useRotateSsoSecret(id: string) {
  return useMutation({
    mutationFn: () => unwrap(claimsApi.POST('/api/v1/admin/organisations/{id}/sso-secret', { params: { path: { id } } })),
    meta: { invalidates: [ROOT] },
  });
}
