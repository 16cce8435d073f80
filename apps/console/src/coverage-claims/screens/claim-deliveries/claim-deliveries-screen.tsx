import { Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { dateTime, LabelBadge, PagedTable, PageHeader, usePagedQuery, VocabularySelect } from '../../../ui';
import { claimDeliveriesQuery, type Delivery } from '../../api/claim-deliveries';
import { CLAIM_STATUSES, type ClaimStatus } from '../../labels';
import { faxNumber } from '../insurers/fax-number';
import { InsurerFilter, OrganisationFilter } from './delivery-filters';
import { DeliveryReason } from './delivery-reason';
import { ResendButton } from './resend-button';

const nowrap = (content: ReactNode) => (
  <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
    {content}
  </Text>
);

/** Claims' fax deliveries across organisations: the failed ones with why, and sending them again. */
export function ClaimDeliveriesScreen() {
  const [status, setStatus] = useState<ClaimStatus | null>('FAILED');
  const [insurerCode, setInsurerCode] = useState<string | null>(null);
  const [organisationId, setOrganisationId] = useState<string | null>(null);
  const filters = { status: status ?? undefined, insurerCode: insurerCode ?? undefined, organisationId: organisationId ?? undefined };
  const deliveries = usePagedQuery((request) => claimDeliveriesQuery(filters, request));

  return (
    <>
      <PageHeader
        title="청구 전송"
        description="모든 조직의 청구 팩스 전송 현황입니다. 실패한 청구는 원인을 고친 뒤(예: 보험사 청구 팩스 번호) 다시 보낼 수 있습니다. 고객 개인정보는 표시하지 않습니다."
      />
      <PagedTable<Delivery>
        paged={deliveries}
        label="청구 전송 목록"
        rowKey={(delivery) => delivery.claimReqId}
        empty={status === 'FAILED' ? '전송에 실패한 청구가 없습니다' : '청구가 없습니다'}
        filters={
          <>
            <VocabularySelect label="상태" of={CLAIM_STATUSES} value={status} onChange={setStatus} w={150} />
            <InsurerFilter value={insurerCode} onChange={setInsurerCode} />
            <OrganisationFilter value={organisationId} onChange={setOrganisationId} />
          </>
        }
        columns={[
          { header: '청구', cell: (delivery) => nowrap(`#${delivery.claimReqId}`) },
          { header: '조직', cell: (delivery) => delivery.organisation.name },
          { header: '보험사', cell: (delivery) => nowrap(delivery.insurer.name) },
          { header: '팩스 번호', cell: (delivery) => nowrap(faxNumber(delivery.insurerFax)) },
          {
            header: '상태',
            cell: (delivery) => (
              <Stack gap={2} align="flex-start">
                <LabelBadge value={delivery.status} of={CLAIM_STATUSES} style={{ flexShrink: 0, overflow: 'visible' }} />
                {nowrap(delivery.attempts === null ? '시도 기록 없음' : `시도 ${delivery.attempts}회`)}
              </Stack>
            ),
          },
          { header: '사유', cell: (delivery) => <DeliveryReason statusReason={delivery.statusReason} /> },
          {
            header: '시각',
            cell: (delivery) => (
              <Stack gap={2}>
                {nowrap(`접수 ${dateTime(delivery.createdAt)}`)}
                {nowrap(`마지막 시도 ${dateTime(delivery.lastAttemptAt)}`)}
              </Stack>
            ),
          },
          { header: '작업', cell: (delivery) => (delivery.status === 'FAILED' ? <ResendButton delivery={delivery} /> : null) },
        ]}
      />
    </>
  );
}
