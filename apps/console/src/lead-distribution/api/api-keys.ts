import { queryOptions, useMutation } from '@tanstack/react-query';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';

export type ApiKey = components['schemas']['ApiKeyDto'];
export type IssuedKey = components['schemas']['ApiKeyIssuedDto'];

/** Whose keys: a partner's (its servers call the API for it) or a provider's (they register its leads). */
export type KeyOwner = { kind: 'partner'; id: number; name: string } | { kind: 'provider'; id: string; name: string };

const keysOf = (owner: KeyOwner) => ['api-keys', owner.kind, owner.id] as const;

export const apiKeysQuery = (owner: KeyOwner) =>
  queryOptions({
    queryKey: keysOf(owner),
    queryFn: () =>
      owner.kind === 'partner'
        ? unwrap(leadApi.GET('/api/v1/admin/partners/{id}/api-keys', { params: { path: { id: owner.id } } }))
        : unwrap(leadApi.GET('/api/v1/admin/providers/{id}/api-keys', { params: { path: { id: owner.id } } })),
  });

export function useIssueApiKey(owner: KeyOwner) {
  return useMutation({
    mutationFn: (body: components['schemas']['IssueApiKeyDto']): Promise<IssuedKey> =>
      owner.kind === 'partner'
        ? unwrap(leadApi.POST('/api/v1/admin/partners/{id}/api-keys', { params: { path: { id: owner.id } }, body }))
        : unwrap(leadApi.POST('/api/v1/admin/providers/{id}/api-keys', { params: { path: { id: owner.id } }, body })),
    meta: { invalidates: [keysOf(owner)] },
  });
}

export function useRevokeApiKey(owner: KeyOwner) {
  return useMutation({
    mutationFn: (keyId: string) => unwrap(leadApi.DELETE('/api/v1/admin/api-keys/{keyId}', { params: { path: { keyId } } })),
    meta: { invalidates: [keysOf(owner)] },
  });
}
