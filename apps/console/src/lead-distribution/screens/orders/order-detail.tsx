import { Group, Paper, Progress, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmButton, dateTime, DetailRow, DetailTable, LabelBadge, ProblemAlert, ScrollRegion } from '../../../ui';
import { orderQuery, useCancelOrder } from '../../api/orders';
import { ORDER_STATUSES, type OrderStatus } from '../../labels';
import { totals } from './totals';

const CANCELLABLE: readonly OrderStatus[] = ['PENDING', 'IN_PROGRESS'];

/** One order: its fields, its regions (ordered, delivered, remaining) with a progress bar, and cancel after a confirm. */
export function OrderDetail({ partnerId, orderId }: { partnerId: number; orderId: string }) {
  const order = useQuery(orderQuery(partnerId, orderId));
  const cancel = useCancelOrder(partnerId, orderId);
  const [memo, setMemo] = useState('');

  if (order.error) return <ProblemAlert error={order.error} title="주문을 불러오지 못했습니다" />;
  if (!order.data) return null;
  const current = order.data;
  const { quantity, delivered } = totals(current);
  const percent = quantity === 0 ? 100 : Math.round((delivered / quantity) * 100);

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4">
            {current.ordererName}님의 주문 <LabelBadge value={current.status} of={ORDER_STATUSES} />
          </Title>
          {CANCELLABLE.includes(current.status) && (
            <ConfirmButton
              label="주문 취소"
              confirmLabel="취소 확정"
              message={
                <Stack gap="sm" component="span">
                  <span>
                    이 주문에서 아직 전달되지 않은 {quantity - delivered}건은 더 이상 전달되지 않습니다. 이미 전달된 {delivered}건은
                    파트너에게 남습니다. 되돌릴 수 없습니다.
                  </span>
                  <Textarea
                    label="취소 사유 (선택)"
                    value={memo}
                    onChange={(event) => setMemo(event.currentTarget.value)}
                    maxLength={2000}
                    autosize
                    minRows={2}
                  />
                </Stack>
              }
              onConfirm={async () => {
                await cancel.mutateAsync(memo.trim() || undefined);
                setMemo('');
              }}
            />
          )}
        </Group>
        <DetailTable label="주문 정보" labelWidth={104}>
          <DetailRow label="주문 ID">
            <code>{current.id}</code>
          </DetailRow>
          <DetailRow label="주문자 연락처">{current.ordererContact}</DetailRow>
          <DetailRow label="상품 ID">
            <code>{current.productId}</code>
          </DetailRow>
          <DetailRow label="주문일">{dateTime(current.createdAt)}</DetailRow>
          <DetailRow label="예약 시작">{dateTime(current.reservationDate)}</DetailRow>
          <DetailRow label="최근 변경">{dateTime(current.updatedAt)}</DetailRow>
          <DetailRow label="메모">{current.memo ?? '—'}</DetailRow>
          <DetailRow label="지역 메모">{current.regionMemo ?? '—'}</DetailRow>
          {current.status === 'CANCELLED' && <DetailRow label="취소 사유">{current.cancelMemo ?? '—'}</DetailRow>}
        </DetailTable>
        <Title order={3} size="h5">
          지역별 전달 현황 · {delivered} / {quantity}건
        </Title>
        <Progress value={percent} size="lg" aria-label={`전달 ${percent}%`} />
        <ScrollRegion label="지역별 주문·전달 수량" minWidth={260}>
          <Table aria-label="지역별 주문·전달 수량">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">지역</Table.Th>
                <Table.Th scope="col">주문</Table.Th>
                <Table.Th scope="col">전달</Table.Th>
                <Table.Th scope="col">남음</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.regionQuantities.map((region) => (
                <Table.Tr key={region.region}>
                  <Table.Td>{region.region}</Table.Td>
                  <Table.Td>{region.quantity}</Table.Td>
                  <Table.Td>{region.delivered}</Table.Td>
                  <Table.Td>{current.status === 'CANCELLED' ? '—' : region.quantity - region.delivered}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
        <Text size="xs" c="dimmed">
          주문 수량에는 승인된 AS 요청의 교체분이 포함됩니다.
        </Text>
      </Stack>
    </Paper>
  );
}
