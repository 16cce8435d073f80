import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader, ProblemAlert } from '../../../ui';
import { reviewQuery } from '../../api/access-records';
import { ReviewSections } from './review-sections';

/** Last month in Seoul, as YYYY-MM: the month a monthly review looks at. */
function lastMonth(now = new Date()): string {
  const seoul = new Date(now.getTime() + 9 * 3_600_000);
  const year = seoul.getUTCMonth() === 0 ? seoul.getUTCFullYear() - 1 : seoul.getUTCFullYear();
  const month = seoul.getUTCMonth() === 0 ? 12 : seoul.getUTCMonth();
  return `${year}-${String(month).padStart(2, '0')}`;
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
        description="한 달에 한 번 이상 점검해야 할 접속기록입니다: 다운로드와 사유, 하루에 많은 정보주체를 다룬 계정, 업무 시간 밖 접속, 로그인 실패, 거부된 키."
      />
      <TextInput label="점검할 달" type="month" value={month} onChange={(event) => setMonth(event.currentTarget.value)} w={200} mb="md" />
      <ProblemAlert error={report.error} title="점검 보고서를 불러오지 못했습니다" />
      {report.isFetching && <Text aria-busy="true">불러오는 중…</Text>}
      {data && (
        <Stack>
          <Text size="sm" c="dimmed">
            기준: {data.rules.timeZone} 시간, 업무 시간 평일 {data.rules.workingHours.replace('-', '시~')}시, 하루{' '}
            {data.rules.subjectsPerDay.toLocaleString('ko-KR')}명 초과 조회, 목록마다 최대 {data.rules.listLimit.toLocaleString('ko-KR')}건
          </Text>
          {data.truncated.length > 0 && (
            <Alert color="yellow" title="일부 목록이 잘렸습니다" role="status">
              최대 건수를 넘은 목록이 있습니다. 접속기록 화면에서 조건을 좁혀 검색하거나 CSV로 내보내세요.
            </Alert>
          )}
          <ReviewSections review={data} />
        </Stack>
      )}
    </>
  );
}
