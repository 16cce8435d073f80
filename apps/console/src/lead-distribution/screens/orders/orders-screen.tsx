import { Badge, Grid, Group, Paper, Progress, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';
import { ConfirmButton, dateTime, fieldError, PagedTable, PageHeader, ProblemAlert, ScrollRegion, useApiQuery } from '../../ui';
import { PartnerPicker, usePartnerParam } from '../partner-picker';

type Order = components['schemas']['Order'];
type OrderStatus = Order['status'];
type Summary = components['schemas']['OrderSummaryDto'];

const STATUSES: Array<{ value: OrderStatus; label: string; color: string }> = [
  { value: 'PENDING', label: '접수', color: 'gray' },
  { value: 'IN_PROGRESS', label: '진행중', color: 'blue' },
  { value: 'COMPLETED', label: '완료', color: 'green' },
  { value: 'CANCELLED', label: '취소', color: 'red' },
];
const statusOf = (status: OrderStatus) => STATUSES.find((entry) => entry.value === status)!;
const CANCELLABLE: readonly OrderStatus[] = ['PENDING', 'IN_PROGRESS'];

function StatusBadge({ status }: { status: OrderStatus }) {
  const { label, color } = statusOf(status);
  return (
    <Badge color={color} variant="filled" autoContrast>
      {label}
    </Badge>
  );
}

/** A day picked in a date field (Seoul) as the instant it starts, plus `days`. */
function startOfDay(day: string, days = 0): string {
  const start = new Date(`${day}T00:00:00+09:00`);
  start.setUTCDate(start.getUTCDate() + days);
  return start.toISOString();
}

const totals = (order: Order) => ({
  quantity: order.regionQuantities.reduce((sum, region) => sum + region.quantity, 0),
  delivered: order.regionQuantities.reduce((sum, region) => sum + region.delivered, 0),
});

/** Orders: a partner's orders (server paging, filters) with their summary, one order's regions, cancel. */
export function OrdersScreen() {
  const [partnerId, setPartnerId] = usePartnerParam();
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [productId, setProductId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [typedProductId] = useDebouncedValue(productId.trim(), 300);
  // The summary and the refusal of each set of filters, by those filters: an answer that arrives
  // after the filters changed again never stands for the new ones.
  const filtersKey = JSON.stringify([partnerId, status, typedProductId, from, to]);
  const [answers, setAnswers] = useState<ReadonlyMap<string, { summary?: Summary; error?: unknown }>>(new Map());
  const summary = answers.get(filtersKey)?.summary;
  const listError = answers.get(filtersKey)?.error;
  const [selectedId, setSelectedId] = useState<string>();
  const [reloadKey, setReloadKey] = useState(0);

  const choosePartner = (next: number | undefined) => {
    setPartnerId(next);
    setSelectedId(undefined);
  };

  return (
    <>
      <PageHeader title="주문" description="파트너의 주문과 지역별 전달 현황을 보고, 진행 중인 주문을 취소합니다." />
      <Group align="flex-end" mb="md">
        <PartnerPicker value={partnerId} onChange={choosePartner} />
      </Group>
      {partnerId === undefined ? (
        <Text c="dimmed">파트너를 고르면 그 파트너의 주문이 표시됩니다.</Text>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            {summary && <SummaryCards summary={summary} />}
            <PagedTable<Order>
              label="주문 목록"
              reloadKey={reloadKey}
              deps={[filtersKey]}
              filters={
                <>
                  <Select
                    label="상태"
                    placeholder="전체"
                    clearable
                    w={110}
                    data={STATUSES.map(({ value, label }) => ({ value, label }))}
                    value={status}
                    onChange={(value) => setStatus(value as OrderStatus | null)}
                  />
                  <TextInput
                    label="상품 ID"
                    placeholder="UUID"
                    w={220}
                    value={productId}
                    onChange={(event) => setProductId(event.currentTarget.value)}
                    error={fieldError(listError, 'productId')}
                  />
                  <TextInput
                    label="주문일 부터"
                    type="date"
                    w={160}
                    value={from}
                    onChange={(event) => setFrom(event.currentTarget.value)}
                  />
                  <TextInput label="주문일 까지" type="date" w={140} value={to} onChange={(event) => setTo(event.currentTarget.value)} />
                </>
              }
              rowKey={(order) => order.id}
              selectedKey={selectedId}
              onRowClick={(order) => setSelectedId(order.id)}
              empty="조건에 맞는 주문이 없습니다"
              load={async ({ page, limit }) => {
                const key = filtersKey;
                try {
                  const answer = await unwrap(
                    leadApi.GET('/api/v1/orders', {
                      params: {
                        query: {
                          partnerId,
                          page,
                          limit,
                          ...(status ? { status } : {}),
                          ...(typedProductId ? { productId: typedProductId } : {}),
                          ...(from ? { createdFrom: startOfDay(from) } : {}),
                          ...(to ? { createdTo: startOfDay(to, 1) } : {}),
                        },
                      },
                    }),
                  );
                  setAnswers((known) => new Map(known).set(key, { summary: answer.summary }));
                  return { items: answer.data, total: answer.pagination.total };
                } catch (thrown) {
                  setAnswers((known) => new Map(known).set(key, { error: thrown }));
                  throw thrown;
                }
              }}
              columns={[
                { header: '주문일', cell: (order) => dateTime(order.createdAt) },
                { header: '주문자', cell: (order) => order.ordererName },
                { header: '지역', cell: (order) => order.regionQuantities.map((region) => region.region).join(', ') },
                {
                  header: '전달 / 주문',
                  cell: (order) => {
                    const { quantity, delivered } = totals(order);
                    return `${delivered} / ${quantity}`;
                  },
                },
                { header: '상태', cell: (order) => <StatusBadge status={order.status} /> },
              ]}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            {selectedId ? (
              <OrderDetail key={selectedId} partnerId={partnerId} orderId={selectedId} onCancelled={() => setReloadKey((key) => key + 1)} />
            ) : (
              <Text c="dimmed">목록에서 주문을 고르면 지역별 주문·전달 수량이 여기에 표시됩니다.</Text>
            )}
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}

/** Counts by status and quantities over every order the filters match (not only this page). */
function SummaryCards({ summary }: { summary: Summary }) {
  const rate = summary.orderedQuantity === 0 ? 0 : Math.round((summary.deliveredQuantity / summary.orderedQuantity) * 100);
  return (
    <SimpleGrid cols={{ base: 3, md: 6 }} mb="md" aria-label="주문 요약" role="group">
      {STATUSES.map(({ value, label }) => (
        <Paper withBorder p="sm" key={value}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="xl">
            {summary.counts?.[value] ?? 0}건
          </Text>
        </Paper>
      ))}
      <Paper withBorder p="sm">
        <Text size="sm" c="dimmed">
          주문 수량
        </Text>
        <Text fw={700} size="xl">
          {summary.orderedQuantity}
        </Text>
      </Paper>
      <Paper withBorder p="sm">
        <Text size="sm" c="dimmed">
          전달 수량
        </Text>
        <Text fw={700} size="xl">
          {summary.deliveredQuantity}{' '}
          <Text span size="sm" c="dimmed">
            ({rate}%)
          </Text>
        </Text>
      </Paper>
    </SimpleGrid>
  );
}

function OrderDetail({ partnerId, orderId, onCancelled }: { partnerId: number; orderId: string; onCancelled: () => void }) {
  const order = useApiQuery(
    () => unwrap(leadApi.GET('/api/v1/orders/{id}', { params: { path: { id: orderId }, query: { partnerId } } })),
    [partnerId, orderId],
  );
  const [memo, setMemo] = useState('');

  if (order.error) return <ProblemAlert error={order.error} title="주문을 불러오지 못했습니다" />;
  if (!order.data) return null;
  const current = order.data;
  const { quantity, delivered } = totals(current);

  const cancel = async () => {
    await unwrap(
      leadApi.POST('/api/v1/orders/{id}/cancel', {
        params: { path: { id: current.id } },
        body: { partnerId, ...(memo.trim() ? { memo: memo.trim() } : {}) },
      }),
    );
    setMemo('');
    order.reload();
    onCancelled();
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4">
            {current.ordererName}님의 주문 <StatusBadge status={current.status} />
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
              onConfirm={cancel}
            />
          )}
        </Group>
        <Table variant="vertical" layout="fixed" withTableBorder aria-label="주문 정보">
          <Table.Tbody>
            <Row label="주문 ID">
              <code>{current.id}</code>
            </Row>
            <Row label="주문자 연락처">{current.ordererContact}</Row>
            <Row label="상품 ID">
              <code>{current.productId}</code>
            </Row>
            <Row label="주문일">{dateTime(current.createdAt)}</Row>
            <Row label="예약 시작">{dateTime(current.reservationDate)}</Row>
            <Row label="최근 변경">{dateTime(current.updatedAt)}</Row>
            <Row label="메모">{current.memo ?? '—'}</Row>
            <Row label="지역 메모">{current.regionMemo ?? '—'}</Row>
            {current.status === 'CANCELLED' && <Row label="취소 사유">{current.cancelMemo ?? '—'}</Row>}
          </Table.Tbody>
        </Table>
        <Title order={3} size="h5">
          지역별 전달 현황 · {delivered} / {quantity}건
        </Title>
        <Progress
          value={quantity === 0 ? 100 : Math.round((delivered / quantity) * 100)}
          size="lg"
          aria-label={`전달 ${quantity === 0 ? 100 : Math.round((delivered / quantity) * 100)}%`}
        />
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

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={104} scope="row">
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}
