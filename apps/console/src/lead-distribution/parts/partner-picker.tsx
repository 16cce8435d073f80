import { useSearchParams } from 'wouter';
import { leadApi, unwrap } from '../api/client';
import type { components } from '../api/generated/lead-distribution';
import { ProblemAlert, SearchSelect, useApiQuery, type SearchOption } from '../ui';

type Partner = components['schemas']['PartnerDto'];

/**
 * The partner a partner-scoped screen acts for, kept in the address (`?partner=<id>`) so that a reload
 * or a link keeps it, and the orders and webhooks screens share it.
 */
export function usePartnerParam(): [number | undefined, (partnerId: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get('partner'));
  const partnerId = Number.isInteger(value) && value > 0 ? value : undefined;
  const setPartnerId = (next: number | undefined) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === undefined) updated.delete('partner');
        else updated.set('partner', String(next));
        return updated;
      },
      { replace: true },
    );
  return [partnerId, setPartnerId];
}

const partnerLabel = (partner: Partner) => `${partner.name} (#${partner.id})`;

/** Partners matching `term` (empty: the first 20), as options labelled with their id. */
export async function searchPartners(term: string): Promise<SearchOption[]> {
  const found = await unwrap(
    leadApi.GET('/api/v1/admin/partners', { params: { query: { page: 1, limit: 20, ...(term ? { search: term } : {}) } } }),
  );
  return found.data.map((partner) => ({ value: String(partner.id), label: partnerLabel(partner) }));
}

/** A searchable select of partners: the search runs on the server (`search`), 20 at a time. */
export function PartnerPicker({ value, onChange }: { value: number | undefined; onChange: (partnerId: number | undefined) => void }) {
  // The partner of the address is named even before any search finds it.
  const chosen = useApiQuery(
    () =>
      value === undefined
        ? Promise.resolve(undefined)
        : unwrap(leadApi.GET('/api/v1/admin/partners/{id}', { params: { path: { id: value } } })),
    [value],
  );
  return (
    <>
      <SearchSelect
        label="파트너"
        placeholder="이름으로 검색"
        clearable
        w={320}
        value={value === undefined ? null : String(value)}
        onChange={(next) => onChange(next === null ? undefined : Number(next))}
        current={chosen.data && { value: String(chosen.data.id), label: partnerLabel(chosen.data) }}
        search={searchPartners}
        noneFound="일치하는 파트너가 없습니다"
        loadError="파트너 목록을 불러오지 못했습니다"
      />
      <ProblemAlert error={chosen.error} title="파트너를 불러오지 못했습니다" />
    </>
  );
}
