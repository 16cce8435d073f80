import { Grid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { dateTime, fieldError, LabelBadge, PagedTable, PageHeader, seoulDayStart, usePagedQuery, VocabularySelect } from '../../../ui';
import { ordersQuery, type Order, type OrderFilters } from '../../api/orders';
import { ORDER_STATUSES, type OrderStatus } from '../../labels';
import { PartnerScope } from '../../parts/partner-picker';
import { OrderDetail } from './order-detail';
import { SummaryCards } from './summary-cards';
import { totals } from './totals';

/** Orders: a partner's orders (server paging, filters) with their summary, one order's regions, cancel. */
export function OrdersScreen() {
  return (
    <>
      <PageHeader title="주문" description="파트너의 주문과 지역별 전달 현황을 보고, 진행 중인 주문을 취소합니다." />
      <PartnerScope hint="파트너를 고르면 그 파트너의 주문이 표시됩니다.">
        {(partnerId) => <PartnerOrders partnerId={partnerId} />}
      </PartnerScope>
    </>
  );
}

/** The partner's orders beside the one chosen. */
function PartnerOrders({ partnerId }: { partnerId: number }) {
  const [selectedId, setSelectedId] = useState<string>();
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <OrderList partnerId={partnerId} selectedId={selectedId} onSelect={setSelectedId} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        {selectedId ? (
          <OrderDetail key={selectedId} partnerId={partnerId} orderId={selectedId} />
        ) : (
          <Text c="dimmed">목록에서 주문을 고르면 지역별 주문·전달 수량이 여기에 표시됩니다.</Text>
        )}
      </Grid.Col>
    </Grid>
  );
}

/** The partner's orders matching the filters, and the summary over all of them (not only this page). */
function OrderList({ partnerId, selectedId, onSelect }: { partnerId: number; selectedId?: string; onSelect: (id: string) => void }) {
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [productId, setProductId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [typedProductId] = useDebouncedValue(productId.trim(), 300);
  const filters: OrderFilters = {
    status: status ?? undefined,
    productId: typedProductId || undefined,
    createdFrom: from ? seoulDayStart(from) : undefined,
    createdTo: to ? seoulDayStart(to, 1) : undefined,
  };
  const orders = usePagedQuery((request) => ordersQuery(partnerId, filters, request));
  const { data, error } = orders.query;

  return (
    <>
      {/* Not while another filter's answer stands in (placeholder): the summary is of the filters. */}
      {data && !orders.query.isPlaceholderData && <SummaryCards summary={data.summary} />}
      <PagedTable<Order>
        paged={orders}
        label="주문 목록"
        filters={
          <>
            <VocabularySelect label="상태" of={ORDER_STATUSES} value={status} onChange={setStatus} w={110} />
            <TextInput
              label="상품 ID"
              placeholder="UUID"
              w={220}
              value={productId}
              onChange={(event) => setProductId(event.currentTarget.value)}
              error={fieldError(error, 'productId')}
            />
            <TextInput label="주문일 부터" type="date" w={160} value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
            <TextInput label="주문일 까지" type="date" w={140} value={to} onChange={(event) => setTo(event.currentTarget.value)} />
          </>
        }
        rowKey={(order) => order.id}
        selectedKey={selectedId}
        onRowClick={(order) => onSelect(order.id)}
        empty="조건에 맞는 주문이 없습니다"
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
          { header: '상태', cell: (order) => <LabelBadge value={order.status} of={ORDER_STATUSES} /> },
        ]}
      />
    </>
  );
}
