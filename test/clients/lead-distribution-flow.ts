import createClient from 'openapi-fetch';
import type { components, paths } from './generated/lead-distribution.js';

type Lead = components['schemas']['Lead'];
type Problem = components['schemas']['ErrorResponse'];

const failure = (problem: Problem) => new Error(`${problem.status} ${problem.code}: ${problem.detail}`);

/**
 * A partner's integration, typed from the committed document only (`npm run check:clients`
 * type-checks it; nothing runs it): the provider's server registers a lead of its product, and the
 * partner whose order it fills lists its unused leads in 서울, contact data masked until used.
 */
export async function registerAndListLeads(baseUrl: string, keys: { provider: string; partner: string }, productId: string) {
  const provider = createClient<paths>({ baseUrl, headers: { 'X-API-Key': keys.provider } });
  const registered = await provider.POST('/api/v1/leads', {
    body: {
      productId,
      name: '홍길동',
      phone: '010-1234-5678',
      email: 'hong@example.com',
      region: '서울',
      birth_date: '850314',
      gender: 'M',
      memo: '오후 상담 희망',
      metadata: { campaign: 'spring' },
    },
  });
  if (registered.error) throw failure(registered.error);
  const leadId: string = registered.data.id;
  const deliveredTo: number | null = registered.data.partnerId;
  const orderId: string | null = registered.data.orderId;

  const partner = createClient<paths>({ baseUrl, headers: { 'X-API-Key': keys.partner } });
  const listed = await partner.GET('/api/v1/leads', {
    params: { query: { page: 1, limit: 20, used: false, region: '서울', sortBy: 'assignedAt', sortOrder: 'desc' } },
  });
  if (listed.error) throw failure(listed.error);
  const { data: leads, pagination } = listed.data;
  const pages: number = pagination.totalPages;
  const ours: Lead | undefined = leads.find((lead) => lead.id === leadId);
  const maskedPhone: string | undefined = ours?.phone;
  const usedAt: string | null | undefined = ours?.usedAt;
  return { leadId, orderId, deliveredTo, pages, maskedPhone, usedAt, leads };
}
