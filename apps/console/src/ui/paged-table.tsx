import { Group, Pagination, Table, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProblemAlert } from './problem-alert';
import { ScrollRegion } from './scroll-region';
import type { Page, PagedQuery } from './use-paged-query';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

interface PagedTableProps<T> {
  /** The list: usePagedQuery with one of the screen's queries. */
  paged: PagedQuery<Page<T>>;
  /** The table's accessible name (and caption). */
  label: string;
  columns: Array<Column<T>>;
  rowKey: (row: T) => string | number;
  /** The search box's label; no search box without it. */
  searchLabel?: string;
  /** Filters beside the search box (their values belong in the query's key). */
  filters?: ReactNode;
  /** Below this width the table scrolls sideways in its region (a tablet). */
  minWidth?: number;
  onRowClick?: (row: T) => void;
  /** The row that is open (highlighted). */
  selectedKey?: string | number;
  empty?: string;
}

/** A list that pages and searches on the server, with the total and the API's refusal in view. */
export function PagedTable<T>({
  paged,
  label,
  columns,
  rowKey,
  searchLabel,
  filters,
  minWidth = 640,
  onRowClick,
  selectedKey,
  empty = '항목이 없습니다',
}: PagedTableProps<T>) {
  const { query, page, setPage, search, setSearch, limit } = paged;
  const { data, error, isFetching } = query;
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
        <Table striped highlightOnHover={onRowClick !== undefined} aria-label={label} aria-busy={isFetching}>
          <Table.Caption>
            {label} · 총 {data?.total ?? 0}건{isFetching && ' · 불러오는 중…'}
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
