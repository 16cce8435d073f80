import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';

export interface SearchOption {
  value: string;
  label: string;
}

interface SearchSelectProps<K extends QueryKey> extends Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter' | 'nothingFoundMessage'
> {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The query of the options matching what was typed (empty: the first ones), searched on the server (src/<service>/api/). */
  search: (term: string) => UseQueryOptions<SearchOption[], Error, SearchOption[], K>;
  /** The chosen option when the page knows it before any search (from the address, or the record edited). */
  current?: SearchOption;
  /** Said when the server found nothing. */
  noneFound: string;
  /** Said under the field when the search failed. */
  loadError: string;
}

/**
 * A select whose options the server searches as the operator types (debounced). The chosen option
 * stays one whatever is searched next, and its label, which the box shows once chosen, is not a
 * search of its own.
 */
export function SearchSelect<K extends QueryKey>({
  value,
  onChange,
  search,
  current,
  noneFound,
  loadError,
  error,
  ...props
}: SearchSelectProps<K>) {
  const [text, setText] = useState('');
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<SearchOption>();
  const [term] = useDebouncedValue(typed.trim(), 300);
  const found = useQuery({ ...search(term), placeholderData: keepPreviousData });

  const options = new Map<string, string>();
  const known = [chosen, current].find((option) => option !== undefined && option.value === value);
  if (known) options.set(known.value, known.label);
  for (const option of found.data ?? []) options.set(option.value, option.label);

  return (
    <Select
      {...props}
      searchable
      data={[...options].map(([optionValue, label]) => ({ value: optionValue, label }))}
      value={value}
      onChange={(next, option) => {
        setChosen(next === null || option === null ? undefined : { value: option.value, label: option.label });
        onChange(next);
      }}
      searchValue={text}
      onSearchChange={(next) => {
        setText(next);
        if (![...options.values()].includes(next)) setTyped(next);
      }}
      // The server already searched: every option it answered is shown.
      filter={({ options: all }) => all}
      nothingFoundMessage={found.isFetching ? '찾는 중…' : noneFound}
      error={error ?? (found.error ? loadError : undefined)}
    />
  );
}
