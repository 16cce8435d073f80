import { Paper, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollRegion } from '../../../ui';
import type { AccessReview, AccessReviewEvent } from '../../api/types';
import { ActorCell, toTheSecond, useOperatorNames } from '../../parts/records-table';

interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** One list of the review: its title and count, and its rows (or 없습니다). */
function Section<T>({ title, rows, columns, rowKey }: { title: string; rows: T[]; columns: Array<Column<T>>; rowKey: (row: T) => string }) {
  return (
    <Paper withBorder p="md" component="section">
      <Title order={2} size="h4" mb="xs">
        {title}{' '}
        <Text span c="dimmed">
          ({rows.length}건)
        </Text>
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">없습니다.</Text>
      ) : (
        <ScrollRegion label={title} minWidth={640}>
          <Table striped aria-label={title}>
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
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
    </Paper>
  );
}

/** The five lists of a month's review. */
export function ReviewSections({ review }: { review: AccessReview }) {
  const names = useOperatorNames();
  const actor = <T extends { actor: AccessReviewEvent['actor'] }>(row: T) => <ActorCell actor={row.actor} names={names} />;
  const events: Array<Column<AccessReviewEvent>> = [
    { header: '때', cell: (row) => toTheSecond(row.recordedAt) },
    { header: '계정·키', cell: actor },
    { header: '접속 주소', cell: (row) => <code>{row.address}</code> },
    { header: '시도한 작업', cell: (row) => <code>{row.operation}</code> },
  ];

  return (
    <>
      <Section
        title="다운로드와 사유"
        rows={review.downloads}
        rowKey={(row) => row.recordId}
        columns={[
          { header: '때', cell: (row) => toTheSecond(row.recordedAt) },
          { header: '계정·키', cell: actor },
          { header: '접속 주소', cell: (row) => <code>{row.address}</code> },
          { header: '작업', cell: (row) => <code>{row.operation}</code> },
          { header: '정보주체 수', cell: (row) => row.subjects.toLocaleString('ko-KR') },
          { header: '사유', cell: (row) => row.reason ?? '—' },
        ]}
      />
      <Section
        title="하루에 많은 정보주체를 다룬 계정"
        rows={review.busyActors}
        rowKey={(row) => `${row.day}:${row.actor.kind}:${row.actor.id}`}
        columns={[
          { header: '날짜', cell: (row) => row.day },
          { header: '계정·키', cell: actor },
          { header: '정보주체 수', cell: (row) => row.subjects.toLocaleString('ko-KR') },
        ]}
      />
      <Section
        title="업무 시간 밖 접속"
        rows={review.outsideWorkingHours}
        rowKey={(row) => `${row.day}:${row.actor.kind}:${row.actor.id}`}
        columns={[
          { header: '날짜', cell: (row) => row.day },
          { header: '계정·키', cell: actor },
          { header: '기록 수', cell: (row) => row.records.toLocaleString('ko-KR') },
          { header: '처음', cell: (row) => toTheSecond(row.first) },
          { header: '마지막', cell: (row) => toTheSecond(row.last) },
        ]}
      />
      <Section title="로그인 실패" rows={review.failedSignIns} rowKey={(row) => row.recordId} columns={events} />
      <Section
        title="거부된 키 사용(폐기·비활성·알 수 없는 키)"
        rows={review.refusedKeys}
        rowKey={(row) => row.recordId}
        columns={events}
      />
    </>
  );
}
