import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { leadApi, unwrap } from '../../api/client';
import { useApiQuery } from '../../ui';

interface ProviderSelectProps {
  value: string | null;
  onChange: (providerId: string | null) => void;
  /** The provider chosen before (its name is not in the first page of a search). */
  current?: { id: string; name: string };
  error?: string;
  w?: number;
}

/** A provider picked by name: the search runs on the server, 20 names at a time. */
export function ProviderSelect({ value, onChange, current, error, w }: ProviderSelectProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const providers = useApiQuery(
    () => unwrap(leadApi.GET('/api/v1/admin/providers', { params: { query: { limit: 20, search: q === '' ? undefined : q } } })),
    [q],
  );
  const options = new Map<string, string>();
  if (current) options.set(current.id, current.name);
  for (const provider of providers.data?.data ?? []) options.set(provider.id, provider.name);

  return (
    <Select
      label="공급사"
      placeholder="이름으로 검색"
      data={[...options].map(([id, name]) => ({ value: id, label: name }))}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the typed name.
      filter={({ options: shown }) => shown}
      nothingFoundMessage={providers.loading ? '찾는 중…' : '일치하는 공급사가 없습니다'}
      error={error ?? (providers.error ? '공급사 목록을 불러오지 못했습니다' : undefined)}
      required
      w={w}
    />
  );
}
