import { Button, Group, Paper, Title } from '@mantine/core';
import { useState } from 'react';
import { dateTime, LabelBadge, PagedTable, usePagedQuery, VocabularySelect } from '../../../ui';
import { deliveriesQuery, type Delivery } from '../../api/webhooks';
import { DELIVERY_EVENT_TYPES, DELIVERY_STATUSES, type DeliveryEventType, type DeliveryStatus } from '../../labels';
import { DeliveryDetail } from './delivery-detail';

/**
 * The endpoint's delivery log (server paging, filters; read again while a delivery on the page
 * waits for the worker, and on demand), one delivery's detail with its attempts, and resend.
 */
export function Deliveries({ endpointId }: { endpointId: string }) {
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const [eventType, setEventType] = useState<DeliveryEventType | null>(null);
  const [openId, setOpenId] = useState<string>();
  const filters = { status: status ?? undefined, eventType: eventType ?? undefined };
  const log = usePagedQuery((request) => deliveriesQuery(endpointId, filters, request), { limit: 10 });

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          전송 기록
        </Title>
        <Button variant="default" size="xs" onClick={() => void log.query.refetch()}>
          새로고침
        </Button>
      </Group>
      <PagedTable<Delivery>
        paged={log}
        label="전송 기록"
        rowKey={(delivery) => delivery.id}
        selectedKey={openId}
        onRowClick={(delivery) => setOpenId(delivery.id)}
        empty="전송 기록이 없습니다"
        filters={
          <>
            <VocabularySelect label="전송 상태" of={DELIVERY_STATUSES} value={status} onChange={setStatus} w={140} />
            <VocabularySelect label="이벤트" of={DELIVERY_EVENT_TYPES} value={eventType} onChange={setEventType} w={160} />
          </>
        }
        columns={[
          { header: '생성', cell: (delivery) => dateTime(delivery.createdAt) },
          { header: '이벤트', cell: (delivery) => DELIVERY_EVENT_TYPES.terms[delivery.eventType].label },
          { header: '상태', cell: (delivery) => <LabelBadge value={delivery.status} of={DELIVERY_STATUSES} /> },
          { header: '시도', cell: (delivery) => `${delivery.attemptCount}회` },
          { header: '마지막 응답', cell: (delivery) => delivery.lastStatusCode ?? delivery.lastError ?? '—' },
        ]}
      />
      {openId && <DeliveryDetail endpointId={endpointId} deliveryId={openId} onClose={() => setOpenId(undefined)} />}
    </Paper>
  );
}
