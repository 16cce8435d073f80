import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { leadApi, unwrap } from '../api/client';
import type { components } from '../api/generated/lead-distribution';
import { ProblemAlert, useApiQuery } from '../ui';

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

/** A searchable select of partners: the search runs on the server (`search`), 20 at a time. */
export function PartnerPicker({ value, onChange }: { value: number | undefined; onChange: (partnerId: number | undefined) => void }) {
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 300);
  // The chosen partner stays an option (with its name) whatever the search finds.
  const chosen = useApiQuery(
    () =>
      value === undefined
        ? Promise.resolve(undefined)
        : unwrap(leadApi.GET('/api/v1/admin/partners/{id}', { params: { path: { id: value } } })),
    [value],
  );
  // The select shows the chosen partner's label in its box: that is not a search.
  const q = chosen.data && typed === partnerLabel(chosen.data) ? '' : typed;
  const found = useApiQuery(
    () => unwrap(leadApi.GET('/api/v1/admin/partners', { params: { query: { page: 1, limit: 20, ...(q ? { search: q } : {}) } } })),
    [q],
  );
  const partners = [...(chosen.data ? [chosen.data] : []), ...(found.data?.data ?? []).filter((partner) => partner.id !== value)];

  return (
    <>
      <Select
        label="파트너"
        placeholder="이름으로 검색"
        searchable
        clearable
        w={320}
        data={partners.map((partner) => ({ value: String(partner.id), label: partnerLabel(partner) }))}
        value={value === undefined ? null : String(value)}
        onChange={(next) => onChange(next === null ? undefined : Number(next))}
        searchValue={search}
        onSearchChange={setSearch}
        // The server already searched: every option it found is shown.
        filter={({ options }) => options}
        nothingFoundMessage={found.loading ? '찾는 중…' : '일치하는 파트너가 없습니다'}
      />
      <ProblemAlert error={found.error ?? chosen.error} title="파트너를 불러오지 못했습니다" />
    </>
  );
}
