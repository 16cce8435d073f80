import { queryOptions } from '@tanstack/react-query';
import { claimsApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/coverage-claims';
import { ApiProblem } from '../../api/problem';
import { pageOf, type PageRequest } from '../../ui';

export type Message = components['schemas']['SandboxMessageDto'];

/** The sandbox SMS adapter's messages, newest first; `q`: an exact phone. */
export const sandboxMessagesQuery = ({ page, limit, q }: PageRequest) =>
  queryOptions({
    queryKey: ['sandbox-messages', { page, limit, q }],
    queryFn: async () =>
      pageOf(await unwrap(claimsApi.GET('/api/v1/admin/sandbox/messages', { params: { query: { page, limit, phone: q } } }))),
  });

/** Whether this deployment sends text messages through the sandbox (its list answers; a real adapter's deployment answers 404). */
export async function sandboxSmsSelected(): Promise<boolean> {
  try {
    await unwrap(claimsApi.GET('/api/v1/admin/sandbox/messages', { params: { query: { limit: 1 } } }));
    return true;
  } catch (error) {
    if (error instanceof ApiProblem && error.status === 404) return false;
    throw error;
  }
}
