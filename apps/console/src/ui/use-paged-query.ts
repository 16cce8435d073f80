import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';

export interface Page<T> {
  items: T[];
  total: number;
}

export interface PageRequest {
  page: number;
  limit: number;
  /** The search box's text, trimmed; undefined when empty. */
  q: string | undefined;
}

/** The options of one page's query (src/<service>/api/): its key names the page, the search and every filter. */
export type PageQuery<A, K extends QueryKey = QueryKey> = (request: PageRequest) => UseQueryOptions<A, Error, A, K>;

/** A list paged and searched on the server: the page's query, and the paging and search box state. */
export interface PagedQuery<A> {
  query: UseQueryResult<A>;
  page: number;
  setPage: (page: number) => void;
  search: string;
  setSearch: (text: string) => void;
  limit: number;
}

/**
 * One page of a list at a time (TanStack Query; the previous page stays in view while the next
 * loads). A new search or filter (anything in the query key but the page) starts from page 1.
 */
export function usePagedQuery<A, K extends QueryKey>(pageQuery: PageQuery<A, K>, { limit = 20 }: { limit?: number } = {}): PagedQuery<A> {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [typed] = useDebouncedValue(search.trim(), 300);
  const q = typed === '' ? undefined : typed;
  // The first page's key stands for the filters; a change resets the page while rendering, not in an effect.
  const filters = JSON.stringify(pageQuery({ page: 1, limit, q }).queryKey);
  const [pagedFor, setPagedFor] = useState(filters);
  if (pagedFor !== filters) {
    setPagedFor(filters);
    setPage(1);
  }
  const query = useQuery({ ...pageQuery({ page, limit, q }), placeholderData: keepPreviousData });
  return { query, page, setPage, search, setSearch, limit };
}

/** `{ data, pagination }` answers of both services as a Page (with whatever else the answer carries). */
export function pageOf<A extends { data: unknown[]; pagination: { total: number } }>(
  answer: A,
): Page<A['data'][number]> & Omit<A, 'data' | 'pagination'> {
  const { data, pagination, ...rest } = answer;
  return { ...rest, items: data, total: pagination.total };
}
