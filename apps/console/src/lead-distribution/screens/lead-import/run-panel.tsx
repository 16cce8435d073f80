import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { LabelBadge, ProblemAlert } from '../../../ui';
import { IMPORT_ROW_STATUSES } from '../../labels';
import type { RowResult } from './run';
import type { Run } from './use-import-run';

/** The run's progress, its counts so far, and what can be done now: stop, resume, the errors' CSV, a new import. */
export function RunPanel({
  run,
  total,
  onStop,
  onResume,
  onRestart,
  onDownload,
}: {
  run: Run;
  total: number;
  onStop: () => void;
  onResume: () => void;
  onRestart: () => void;
  onDownload: () => void;
}) {
  const done = run.chunks[run.next - 1]?.end ?? 0;
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  const counts = countOf(run.results);
  const notImported = counts.DUPLICATE + counts.INVALID + counts.FAILED;
  return (
    <Stack gap="sm">
      <Progress value={percent} size="lg" aria-label="가져오기 진행률" animated={run.state === 'running'} />
      <Text size="sm" role="status" data-testid="import-progress">
        {run.state === 'done' ? '완료' : run.state === 'running' ? '가져오는 중' : run.state === 'stopped' ? '중지됨' : '일시 정지'} ·{' '}
        {done.toLocaleString('ko-KR')} / {total.toLocaleString('ko-KR')}행 ({run.next}/{run.chunks.length}회 요청)
      </Text>
      <Group gap="xs" aria-label="결과 요약">
        {IMPORT_ROW_STATUSES.values.map((status) =>
          // A row refused with its whole call is rare: said only when it happened.
          status === 'FAILED' && counts.FAILED === 0 ? null : (
            <LabelBadge key={status} value={status} of={IMPORT_ROW_STATUSES} size="lg">
              {IMPORT_ROW_STATUSES.terms[status].label} {counts[status]}
            </LabelBadge>
          ),
        )}
      </Group>
      {run.state === 'paused' && (
        <ProblemAlert error={run.error} title="요청이 완료되지 않아 멈췄습니다. 같은 요청을 다시 보낼 수 있습니다." />
      )}
      <Group>
        {run.state === 'running' && (
          <Button variant="default" onClick={onStop}>
            중지
          </Button>
        )}
        {(run.state === 'paused' || run.state === 'stopped') && <Button onClick={onResume}>이어서 가져오기</Button>}
        {notImported > 0 && run.state !== 'running' && (
          <Button variant="default" onClick={onDownload}>
            등록 안 된 {notImported}행 CSV 내려받기
          </Button>
        )}
        {run.state !== 'running' && (
          <Button variant="subtle" onClick={onRestart}>
            새 파일 가져오기
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function countOf(results: ReadonlyArray<RowResult | undefined>): Record<RowResult['status'], number> {
  const counts = { CREATED: 0, DUPLICATE: 0, INVALID: 0, FAILED: 0 };
  for (const result of results) if (result) counts[result.status] += 1;
  return counts;
}
