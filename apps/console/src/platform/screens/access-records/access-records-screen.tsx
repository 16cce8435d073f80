import { Group, Pagination, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { currentSession } from '../../../session';
import { PageHeader, ProblemAlert } from '../../../ui';
import { accessRecordsQuery, type AccessRecordSearch } from '../../api/access-records';
import { hasRole } from '../../labels';
import { RecordsTable } from '../../parts/records-table';
import { ExportButton } from './export-button';
import { RecordFilters } from './record-filters';

const LIMIT = 50;

/** Access records (접속기록): who handled whose personal data, when, from where, and how; newest first. */
export function AccessRecordsScreen() {
  const admin = hasRole(currentSession()?.account.role ?? 'viewer', 'admin');
  const [search, setSearch] = useState<AccessRecordSearch>({});
  const [page, setPage] = useState(1);
  const records = useQuery(accessRecordsQuery(search, page, LIMIT));
  const pages = records.data ? Math.max(1, Math.ceil(records.data.total / LIMIT)) : 1;

  return (
    <>
      <PageHeader
        title="접속기록"
        description="개인정보를 조회·이용·입력·변경·삭제·출력·다운로드한 기록입니다. 2년간 보관되며 고칠 수 없습니다."
        // The export is the admins' (the API refuses a reviewer's).
        actions={admin ? <ExportButton search={search} /> : undefined}
      />
      <RecordFilters
        onSearch={(next) => {
          setSearch(next);
          setPage(1);
        }}
      />
      <ProblemAlert error={records.error} title="접속기록을 불러오지 못했습니다" />
      <Text size="sm" mb="xs" aria-live="polite">
        총 {records.data?.total ?? 0}건{records.isFetching && ' · 불러오는 중…'}
      </Text>
      <RecordsTable records={records.data?.items ?? []} label="접속기록 목록" busy={records.isFetching} />
      {records.data && records.data.items.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          조건에 맞는 접속기록이 없습니다
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
