import { Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { PageHeader, ProblemAlert, ScrollRegion } from '../../../ui';
import { reviewQuery } from '../../api/access-records';
import type { AccessRecord } from '../../api/types';
import { ActorCell, RecordsTable } from '../../parts/records-table';

/** Last month in Seoul, as YYYY-MM: the month a monthly review looks at. */
function lastMonth(now = new Date()): string {
  const seoul = new Date(now.getTime() + 9 * 3_600_000);
  const year = seoul.getUTCMonth() === 0 ? seoul.getUTCFullYear() - 1 : seoul.getUTCFullYear();
  const month = seoul.getUTCMonth() === 0 ? 12 : seoul.getUTCMonth();
  return `${year}-${String(month).padStart(2, '0')}`;
}

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}{' '}
        <Text span c="dimmed">
          ({count}건)
        </Text>
      </Title>
      {count === 0 ? <Text c="dimmed">없습니다.</Text> : children}
    </Paper>
  );
}

function Records({ title, records }: { title: string; records: AccessRecord[] }) {
  return (
    <Section title={title} count={records.length}>
      <RecordsTable records={records} label={title} />
    </Section>
  );
}

/** The monthly review (safeguards notice art. 8): what a reviewer must look at in one month. */
export function AccessReviewScreen() {
  const [month, setMonth] = useState(lastMonth);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const report = useQuery({ ...reviewQuery(month), enabled: valid });
  const data = report.data;

  return (
    <>
      <PageHeader
        title="접속기록 월간 점검"
        description="매달 한 번 이상 점검해야 할 접속기록입니다: 다운로드와 사유, 많은 정보주체 조회, 업무 시간 밖 접속, 로그인 실패, 비활성 키 사용."
      />
      <TextInput label="점검할 달" type="month" value={month} onChange={(event) => setMonth(event.currentTarget.value)} w={200} mb="md" />
      <ProblemAlert error={report.error} title="점검 보고서를 불러오지 못했습니다" />
      {report.isFetching && <Text aria-busy="true">불러오는 중…</Text>}
      {data && (
        <Stack>
          <Records title="다운로드와 사유" records={data.downloads} />
          <Section title="하루에 많은 정보주체를 조회한 계정" count={data.heavyViewers.length}>
            <ScrollRegion label="하루에 많은 정보주체를 조회한 계정" minWidth={480}>
              <Table aria-label="하루에 많은 정보주체를 조회한 계정">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">계정·키</Table.Th>
                    <Table.Th scope="col">날짜</Table.Th>
                    <Table.Th scope="col">조회한 정보주체 수</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.heavyViewers.map((row) => (
                    <Table.Tr key={`${row.actor.kind}:${row.actor.id}:${row.day}`}>
                      <Table.Td>
                        <ActorCell actor={row.actor} />
                      </Table.Td>
                      <Table.Td>{row.day}</Table.Td>
                      <Table.Td>{row.subjects.toLocaleString('ko-KR')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          </Section>
          <Records title="업무 시간 밖 접속" records={data.outsideHours} />
          <Records title="로그인 실패" records={data.failedSignIns} />
          <Records title="비활성·폐기된 키 사용" records={data.disabledKeyUses} />
        </Stack>
      )}
    </>
  );
}
