import { queryOptions, useMutation } from '@tanstack/react-query';
import { platformCall } from './http';
import type {
  IssuedOperatorApiKey,
  Listed,
  NewOperator,
  Operator,
  OperatorApiKey,
  OperatorChange,
  OperatorHistoryEntry,
  Paged,
} from './types';

const OPERATORS = '/api/v1/admin/operators';

/** Every account (one per person: a list an admin reads whole). */
export const operatorsQuery = queryOptions({
  queryKey: ['operators', 'list'],
  queryFn: () => platformCall<Listed<Operator>>('GET', OPERATORS),
});

export const operatorHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: ['operators', 'history', id],
    queryFn: () => platformCall<Paged<OperatorHistoryEntry>>('GET', `${OPERATORS}/${id}/history`, { query: { limit: 100 } }),
  });

export function useCreateOperator() {
  return useMutation({
    mutationFn: (body: NewOperator) => platformCall<Operator>('POST', OPERATORS, { body }),
    meta: { invalidates: [['operators']] },
  });
}

/** A role changed, or the account disabled or enabled: in effect on the account's next request. */
export function useChangeOperator(id: string) {
  return useMutation({
    mutationFn: (body: OperatorChange) => platformCall<Operator>('PATCH', `${OPERATORS}/${id}`, { body }),
    meta: { invalidates: [['operators']] },
  });
}

const keysOf = (id: string) => ['operator-api-keys', id] as const;

export const operatorKeysQuery = (id: string) =>
  queryOptions({ queryKey: keysOf(id), queryFn: () => platformCall<Listed<OperatorApiKey>>('GET', `${OPERATORS}/${id}/api-keys`) });

/** A personal API key: issued by the account itself, shown once. */
export function useIssueOperatorKey(id: string) {
  return useMutation({
    mutationFn: (body: { name?: string }) => platformCall<IssuedOperatorApiKey>('POST', `${OPERATORS}/${id}/api-keys`, { body }),
    meta: { invalidates: [keysOf(id), ['operators', 'history', id]] },
  });
}

/** The account's second factor reset: its sessions end, and its next sign-in enrols a new one. */
export function useResetSecondFactor(id: string) {
  return useMutation({
    mutationFn: () => platformCall<void>('POST', `${OPERATORS}/${id}/second-factor/reset`),
    meta: { invalidates: [['operators']] },
  });
}

export function useRevokeOperatorKey(id: string) {
  return useMutation({
    mutationFn: (keyId: string) => platformCall<void>('DELETE', `${OPERATORS}/${id}/api-keys/${keyId}`),
    meta: { invalidates: [keysOf(id), ['operators', 'history', id]] },
  });
}
