import { Group, Pagination, Paper, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { LabelBadge, ScrollRegion } from '../../../ui';
import { IMPORT_ROW_STATUSES } from '../../labels';
import type { LeadRow } from './fields';
import { outcomeText } from './run';
import type { Run } from './use-import-run';

const RESULTS_PER_PAGE = 50;
const CONTROL_LABELS = { first: '첫 페이지', previous: '이전 페이지', next: '다음 페이지', last: '마지막 페이지' } as const;

/** Each row's result, the rows not imported first to hand. Paged here: the results are in the page already. */
export function Results({ run, rows, rowNumbers }: { run: Run; rows: LeadRow[]; rowNumbers: number[] }) {
  const [filter, setFilter] = useState<'all' | 'failed' | 'created'>('all');
  const [page, setPage] = useState(1);
  const shown = useMemo(
    () =>
      run.results.flatMap((result, index) =>
        result && (filter === 'all' || (filter === 'created') === (result.status === 'CREATED')) ? [{ result, index }] : [],
      ),
    [run.results, filter],
  );
  const pages = Math.max(1, Math.ceil(shown.length / RESULTS_PER_PAGE));
  const current = Math.min(page, pages);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          행별 결과
        </Title>
        <SegmentedControl
          aria-label="결과 거르기"
          value={filter}
          onChange={(value) => {
            setFilter(value as typeof filter);
            setPage(1);
          }}
          data={[
            { value: 'all', label: '전체' },
            { value: 'failed', label: '등록 안 된 행' },
            { value: 'created', label: '등록된 행' },
          ]}
        />
      </Group>
      <ScrollRegion label="행별 결과 표" minWidth={720}>
        <Table aria-label="행별 가져오기 결과">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">행</Table.Th>
              <Table.Th scope="col">이름</Table.Th>
              <Table.Th scope="col">휴대전화</Table.Th>
              <Table.Th scope="col">결과</Table.Th>
              <Table.Th scope="col">내용</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.slice((current - 1) * RESULTS_PER_PAGE, current * RESULTS_PER_PAGE).map(({ result, index }) => (
              <Table.Tr key={index} data-testid={`result-row-${rowNumbers[index]}`}>
                <Table.Td>{rowNumbers[index]}</Table.Td>
                <Table.Td>{rows[index]?.name ?? '—'}</Table.Td>
                <Table.Td>{rows[index]?.phone ?? '—'}</Table.Td>
                <Table.Td>
                  <LabelBadge value={result.status} of={IMPORT_ROW_STATUSES} />
                </Table.Td>
                <Table.Td>{outcomeText(result)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          해당하는 행이 없습니다.
        </Text>
      )}
      {pages > 1 && (
        <Pagination
          mt="sm"
          total={pages}
          value={current}
          onChange={setPage}
          aria-label="결과 페이지"
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
      )}
    </Paper>
  );
}
