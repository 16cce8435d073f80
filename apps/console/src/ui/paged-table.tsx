import { Group, Loader, Pagination, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { ProblemAlert } from './problem-alert';
import { ScrollRegion } from './scroll-region';
import { useApiQuery } from './use-api-query';

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

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

interface PagedTableProps<T> {
  /** The table's accessible name (and caption). */
  label: string;
  columns: Array<Column<T>>;
  rowKey: (row: T) => string | number;
  /** Loads one page on the server. Called again when the page, the search or `deps` change. */
  load: (request: PageRequest) => Promise<Page<T>>;
  /** The search box's label; no search box without it. */
  searchLabel?: string;
  /** Filters beside the search box (their values belong in `deps`). */
  filters?: ReactNode;
  deps?: readonly unknown[];
  /** Changes to make the table load again (after an action). */
  reloadKey?: unknown;
  limit?: number;
  /** Below this width the table scrolls sideways in its region (a tablet). */
  minWidth?: number;
  onRowClick?: (row: T) => void;
  /** The row that is open (highlighted). */
  selectedKey?: string | number;
  empty?: string;
}

/** A list that pages and searches on the server, with the total and the API's refusal in view. */
export function PagedTable<T>({
  label,
  columns,
  rowKey,
  load,
  searchLabel,
  filters,
  deps = [],
  reloadKey,
  limit = 20,
  minWidth = 640,
  onRowClick,
  selectedKey,
  empty = '항목이 없습니다',
}: PagedTableProps<T>) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  // A new search or filter starts from the first page (state adjusted while rendering, not in an effect).
  const filterKey = JSON.stringify([q, ...deps]);
  const [pagedFor, setPagedFor] = useState(filterKey);
  if (pagedFor !== filterKey) {
    setPagedFor(filterKey);
    setPage(1);
  }
  const { data, error, loading } = useApiQuery(
    () => load({ page, limit, q: q === '' ? undefined : q }),
    [page, q, limit, reloadKey, ...deps],
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / limit)) : 1;

  return (
    <>
      {(searchLabel || filters) && (
        <Group align="flex-end" mb="sm" wrap="wrap">
          {searchLabel && (
            <TextInput
              label={searchLabel}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              type="search"
              w={260}
            />
          )}
          {filters}
        </Group>
      )}
      <ProblemAlert error={error} title="목록을 불러오지 못했습니다" />
      <ScrollRegion label={label} minWidth={minWidth}>
        <Table striped highlightOnHover={onRowClick !== undefined} aria-label={label} aria-busy={loading}>
          <Table.Caption>
            {label} · 총 {data?.total ?? 0}건 {loading && <Loader size="xs" aria-label="불러오는 중" />}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} scope="col">
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.items.map((row) => {
              const key = rowKey(row);
              return (
                <Table.Tr
                  key={key}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  style={onRowClick ? { cursor: 'pointer' } : undefined}
                  bg={selectedKey === key ? 'var(--mantine-color-blue-light)' : undefined}
                >
                  {columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      {data && data.items.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          {empty}
        </Text>
      )}
      {pages > 1 && (
        <Group justify="center" mt="sm">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': `${control} 페이지` })}
          />
        </Group>
      )}
    </>
  );
}

/** `{ data, pagination }` answers of both services as a Page. */
export function pageOf<T>(answer: { data: T[]; pagination: { total: number } }): Page<T> {
  return { items: answer.data, total: answer.pagination.total };
}
