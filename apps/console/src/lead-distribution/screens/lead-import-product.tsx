import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { leadApi, unwrap } from '../../api/client';
import { useApiQuery } from '../../ui';

/**
 * The product the imported leads are for, picked by name among the active products (the search runs
 * on the server, 20 names at a time). `onChange` gets its id, or null while none is chosen.
 */
export function ProductPicker({ onChange, disabled }: { onChange: (productId: string | null) => void; disabled?: boolean }) {
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [search, setSearch] = useState('');
  // What the operator typed: choosing an option puts its label in the box, which is not a new search.
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed.trim(), 250);
  const products = useApiQuery(
    () =>
      unwrap(leadApi.GET('/api/v1/admin/products', { params: { query: { limit: 20, active: true, search: q === '' ? undefined : q } } })),
    [q],
  );
  const options = new Map<string, string>();
  if (chosen) options.set(chosen.value, chosen.label);
  for (const product of products.data?.data ?? []) options.set(product.id, `${product.name} · ${product.provider.name}`);

  return (
    <Select
      label="상품"
      description="가져온 리드가 등록될 상품 (판매 중인 상품만)"
      placeholder="상품명으로 검색"
      data={[...options].map(([value, label]) => ({ value, label }))}
      value={chosen?.value ?? null}
      onChange={(productId) => {
        setChosen(productId === null ? null : { value: productId, label: options.get(productId) ?? productId });
        onChange(productId);
      }}
      searchable
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        if (![...options.values()].includes(text)) setTyped(text);
      }}
      // The server already filtered by the typed name.
      filter={({ options: shown }) => shown}
      nothingFoundMessage={products.loading ? '찾는 중…' : '일치하는 상품이 없습니다'}
      error={products.error ? '상품 목록을 불러오지 못했습니다' : undefined}
      disabled={disabled}
      required
      w={{ base: '100%', sm: 400 }}
    />
  );
}
