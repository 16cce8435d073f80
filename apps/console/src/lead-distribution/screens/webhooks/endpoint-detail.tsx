import { Alert, Button, Grid, Group, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmButton, dateTime, DetailRow, DetailTable, ProblemAlert } from '../../../ui';
import { endpointQuery, useDeleteEndpoint, useRotateSecret, useSendTestEvent } from '../../api/webhooks';
import { Deliveries } from './deliveries';
import { EditEndpoint } from './edit-endpoint';
import { EndpointBadge } from './endpoint-badge';
import { RecoverDeliveries } from './recover-deliveries';

interface EndpointDetailProps {
  partnerId: number;
  endpointId: string;
  onDeleted: () => void;
  /** A rotated secret, to show once. */
  onSecret: (secret: string) => void;
}

/** One endpoint: its settings and what can be done to it, beside its delivery log. */
export function EndpointDetail({ partnerId, endpointId, onDeleted, onSecret }: EndpointDetailProps) {
  const endpoint = useQuery(endpointQuery(endpointId));
  const sendTest = useSendTestEvent(partnerId, endpointId);
  const rotate = useRotateSecret(partnerId, endpointId);
  const remove = useDeleteEndpoint(partnerId, endpointId);
  const [notice, setNotice] = useState<string>();

  if (endpoint.error) return <ProblemAlert error={endpoint.error} title="엔드포인트를 불러오지 못했습니다" />;
  if (!endpoint.data) return null;
  const current = endpoint.data;

  return (
    <Grid gap="lg" mt="lg">
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {current.url} <EndpointBadge endpoint={current} />
              </Title>
              {!current.enabled && (
                <Alert color="gray" title="중지된 엔드포인트">
                  {current.disabledReason ?? '사유 없음'} · {dateTime(current.disabledAt)}. 새 이벤트를 받지 않고, 대기 중인 전송은 다시
                  사용할 때까지 기다립니다.
                </Alert>
              )}
              <DetailTable label="엔드포인트 정보" labelWidth={140}>
                <DetailRow label="ID">
                  <code>{current.id}</code>
                </DetailRow>
                <DetailRow label="전송 방식">{current.parallelDelivery ? '병렬 (순서 보장 없음)' : '순차 (이벤트 순서대로)'}</DetailRow>
                <DetailRow label="연속 실패 시작">{dateTime(current.failingSince)}</DetailRow>
                <DetailRow label="이전 비밀키 유효">{dateTime(current.previousSecretExpiresAt)}</DetailRow>
                <DetailRow label="등록">{dateTime(current.createdAt)}</DetailRow>
              </DetailTable>
              <EditEndpoint partnerId={partnerId} endpoint={current} />
              <Group>
                <Button
                  variant="default"
                  loading={sendTest.isPending}
                  disabled={!current.enabled}
                  onClick={() => {
                    setNotice(undefined);
                    sendTest.mutate(undefined, { onSuccess: () => setNotice('테스트 이벤트를 전송 대기열에 넣었습니다.') });
                  }}
                >
                  테스트 이벤트 전송
                </Button>
                <ConfirmButton
                  label="비밀키 교체"
                  color="indigo"
                  variant="default"
                  message="새 서명 비밀키를 발급합니다. 새 키는 한 번만 표시됩니다. 24시간 동안은 이전 키로도 서명되므로, 그 안에 파트너 서버의 키를 바꾸세요."
                  confirmLabel="교체"
                  onConfirm={async () => onSecret((await rotate.mutateAsync()).secret)}
                />
                <ConfirmButton
                  label="삭제"
                  variant="outline"
                  confirmLabel="엔드포인트 삭제"
                  message="이 엔드포인트와 전송 기록을 모두 삭제합니다. 되돌릴 수 없습니다."
                  onConfirm={async () => {
                    await remove.mutateAsync();
                    onDeleted();
                  }}
                />
              </Group>
              {notice && (
                <Alert color="blue" role="status">
                  {notice}
                </Alert>
              )}
              <ProblemAlert error={sendTest.error} />
            </Stack>
          </Paper>
          <RecoverDeliveries
            partnerId={partnerId}
            endpointId={endpointId}
            disabled={!current.enabled}
            onRecovered={(count) => setNotice(`실패한 전송 ${count}건을 다시 대기열에 넣었습니다.`)}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Deliveries endpointId={endpointId} />
      </Grid.Col>
    </Grid>
  );
}
