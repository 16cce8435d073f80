import { Button, Code, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dateTime, DetailRow, DetailTable, LabelBadge, ProblemAlert, ScrollRegion } from '../../../ui';
import { deliveryQuery, useResendDelivery } from '../../api/webhooks';
import { ATTEMPT_OUTCOMES, DELIVERY_EVENT_TYPES, DELIVERY_STATUSES } from '../../labels';

/** One delivery (read again while it waits for the worker): its attempts, the body sent, and resend. */
export function DeliveryDetail({ endpointId, deliveryId, onClose }: { endpointId: string; deliveryId: string; onClose: () => void }) {
  const delivery = useQuery(deliveryQuery(endpointId, deliveryId));
  const resend = useResendDelivery(endpointId, deliveryId);
  const current = delivery.data;

  return (
    <Modal opened onClose={onClose} title="전송 상세" size="xl">
      <ProblemAlert error={delivery.error} title="전송을 불러오지 못했습니다" />
      {current && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Group gap="xs">
              <Text fw={600}>{DELIVERY_EVENT_TYPES.terms[current.eventType].label}</Text>
              <LabelBadge value={current.status} of={DELIVERY_STATUSES} />
            </Group>
            <Button onClick={() => resend.mutate()} loading={resend.isPending}>
              재전송
            </Button>
          </Group>
          <ProblemAlert error={resend.error} />
          <DetailTable label="전송 정보" labelWidth={140}>
            <DetailRow label="이벤트 ID">
              <code>{current.eventId}</code>
            </DetailRow>
            <DetailRow label="생성">{dateTime(current.createdAt)}</DetailRow>
            <DetailRow label="이번 주기 시도">{current.attemptCount}회</DetailRow>
            <DetailRow label="다음 시도">{dateTime(current.nextAttemptAt)}</DetailRow>
            <DetailRow label="전달 완료">{dateTime(current.deliveredAt)}</DetailRow>
          </DetailTable>
          <Title order={3} size="h5">
            시도 내역
          </Title>
          <ScrollRegion label="시도 내역" minWidth={560}>
            <Table aria-label="시도 내역">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">시각</Table.Th>
                  <Table.Th scope="col">결과</Table.Th>
                  <Table.Th scope="col">HTTP</Table.Th>
                  <Table.Th scope="col">응답 시간</Table.Th>
                  <Table.Th scope="col">응답 / 오류</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {current.attempts.map((attempt) => (
                  <Table.Tr key={attempt.id}>
                    <Table.Td>{dateTime(attempt.attemptedAt)}</Table.Td>
                    <Table.Td>{ATTEMPT_OUTCOMES.terms[attempt.outcome].label}</Table.Td>
                    <Table.Td>{attempt.statusCode ?? '—'}</Table.Td>
                    <Table.Td>{attempt.latencyMs}ms</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{attempt.error ?? attempt.responseExcerpt ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          {current.attempts.length === 0 && (
            <Text size="sm" c="dimmed">
              아직 시도하지 않았습니다.
            </Text>
          )}
          <Title order={3} size="h5">
            보낸 본문
          </Title>
          {current.payload ? (
            <Code block style={{ maxHeight: 320, overflow: 'auto' }} tabIndex={0} aria-label="보낸 본문">
              {JSON.stringify(current.payload, null, 2)}
            </Code>
          ) : (
            <Text size="sm" c="dimmed">
              첫 시도 때 만들어집니다.
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
