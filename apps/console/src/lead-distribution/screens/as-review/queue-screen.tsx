import { Button, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { dateTime, LabelBadge, PagedTable, PageHeader, usePagedQuery } from '../../../ui';
import { asQueueQuery, type QueueItem } from '../../api/lead-as';
import { AS_STATUSES } from '../../labels';
import { PartnerFilter, QUEUE_PATH, ReasonFilter, StatusFilter, useQueueFilters } from './queue-filters';

/** AS review: the queue, oldest first, filtered by status, filing partner and reason. */
export function AsReviewQueueScreen() {
  const { status, partnerId, reasonCode, filters, query, set } = useQueueFilters();
  const queue = usePagedQuery((request) => asQueueQuery(filters, request));
  const [, navigate] = useLocation();
  const hrefOf = (item: QueueItem) => `${QUEUE_PATH}/${item.id}${query ? `?${query}` : ''}`;

  return (
    <>
      <PageHeader
        title="AS 심사"
        description="파트너가 접수한 AS(반환) 요청을 오래된 순서로 심사합니다. 리드 연락처는 마스킹되어 보입니다."
      />
      <PagedTable<QueueItem>
        paged={queue}
        label="AS 요청 목록"
        rowKey={(item) => item.id}
        onRowClick={(item) => navigate(hrefOf(item))}
        empty="조건에 맞는 AS 요청이 없습니다"
        filters={
          <>
            <StatusFilter value={status} onChange={(value) => set('status', value)} />
            <PartnerFilter value={partnerId} onChange={(value) => set('partnerId', value)} />
            <ReasonFilter value={reasonCode} onChange={(value) => set('reasonCode', value)} />
          </>
        }
        columns={[
          { header: '접수', cell: (item) => dateTime(item.createdAt) },
          {
            header: '파트너',
            cell: (item) => (
              <>
                {item.partner.name}{' '}
                <Text span c="dimmed" size="sm">
                  #{item.partner.id}
                </Text>
              </>
            ),
          },
          { header: '상품', cell: (item) => item.lead.product.name },
          { header: '리드', cell: (item) => `${item.lead.name} · ${item.lead.region}` },
          { header: '사유', cell: (item) => item.reasonLabel },
          { header: '상태', cell: (item) => <LabelBadge value={item.status} of={AS_STATUSES} /> },
          {
            header: '심사',
            cell: (item) => (
              <Button
                component={Link}
                href={hrefOf(item)}
                size="xs"
                variant="default"
                onClick={(event: MouseEvent) => event.stopPropagation()}
                aria-label={`${item.partner.name}의 ${dateTime(item.createdAt)} 요청 열기`}
              >
                열기
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
