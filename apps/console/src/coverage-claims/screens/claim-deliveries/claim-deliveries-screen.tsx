import { Badge, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { claimsApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/coverage-claims';
import { ConfirmButton, dateTime, idempotencyKey, PagedTable, pageOf, PageHeader, ProblemAlert, SearchSelect, useApiQuery } from '../../ui';
import { faxNumber } from './insurers';

type Delivery = components['schemas']['AdminClaimDeliveryDto'];
type ClaimStatus = Delivery['status'];

const STATUS: Record<ClaimStatus, { label: string; color: string }> = {
  RECEIVED: { label: '접수', color: 'gray' },
  SENDING: { label: '전송중', color: 'blue' },
  SENT: { label: '전송완료', color: 'green' },
  FAILED: { label: '전송실패', color: 'red' },
};

const nowrap = (content: ReactNode) => (
  <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
    {content}
  </Text>
);

/** Reasons after which the fax may already be at the insurer: the gateway took it and never said how it ended. */
const MAYBE_DELIVERED = /^(RESULT_UNKNOWN|UNCONFIRMED):/;

/** Claims' fax deliveries across organisations: the failed ones with why, and sending them again. */
export function ClaimDeliveriesScreen() {
  const [status, setStatus] = useState<ClaimStatus | null>('FAILED');
  const [insurerCode, setInsurerCode] = useState<string | null>(null);
  const [organisationId, setOrganisationId] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);

  const resend = async (delivery: Delivery) => {
    const receipt = await unwrap(
      claimsApi.POST('/api/v1/admin/claim/requests/{claimReqId}/resend', {
        params: { path: { claimReqId: delivery.claimReqId }, header: { 'Idempotency-Key': idempotencyKey('claim-resend') } },
      }),
    );
    notifications.show({
      color: 'green',
      title: `청구 #${receipt.claimReqId} 재전송 접수`,
      message: `${faxNumber(receipt.insuFax)} 번호로 곧 전송합니다.`,
    });
    setReloadKey((key) => key + 1);
  };

  return (
    <>
      <PageHeader
        title="청구 전송"
        description="모든 조직의 청구 팩스 전송 현황입니다. 실패한 청구는 원인을 고친 뒤(예: 보험사 청구 팩스 번호) 다시 보낼 수 있습니다. 고객 개인정보는 표시하지 않습니다."
      />
      <PagedTable<Delivery>
        label="청구 전송 목록"
        reloadKey={reloadKey}
        deps={[status, insurerCode, organisationId]}
        rowKey={(delivery) => delivery.claimReqId}
        empty={status === 'FAILED' ? '전송에 실패한 청구가 없습니다' : '청구가 없습니다'}
        filters={
          <>
            <Select
              label="상태"
              data={Object.entries(STATUS).map(([value, { label }]) => ({ value, label }))}
              value={status}
              onChange={(value) => setStatus(value as ClaimStatus | null)}
              placeholder="전체"
              clearable
              w={150}
            />
            <InsurerFilter value={insurerCode} onChange={setInsurerCode} />
            <OrganisationFilter value={organisationId} onChange={setOrganisationId} />
          </>
        }
        load={async ({ page, limit }) =>
          pageOf(
            await unwrap(
              claimsApi.GET('/api/v1/admin/claim/deliveries', {
                params: {
                  query: {
                    page,
                    limit,
                    status: status ?? undefined,
                    insurerCode: insurerCode ?? undefined,
                    organisationId: organisationId ?? undefined,
                  },
                },
              }),
            ),
          )
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
                <Badge color={STATUS[delivery.status].color} style={{ flexShrink: 0, overflow: 'visible' }}>
                  {STATUS[delivery.status].label}
                </Badge>
                {nowrap(delivery.attempts === null ? '시도 기록 없음' : `시도 ${delivery.attempts}회`)}
              </Stack>
            ),
          },
          {
            header: '사유',
            cell: (delivery) =>
              delivery.statusReason === null ? (
                '—'
              ) : (
                <Text size="sm" miw={200} maw={320} style={{ overflowWrap: 'anywhere' }}>
                  {delivery.statusReason}
                </Text>
              ),
          },
          {
            header: '시각',
            cell: (delivery) => (
              <Stack gap={2}>
                {nowrap(`접수 ${dateTime(delivery.createdAt)}`)}
                {nowrap(`마지막 시도 ${dateTime(delivery.lastAttemptAt)}`)}
              </Stack>
            ),
          },
          {
            header: '작업',
            cell: (delivery) =>
              delivery.status === 'FAILED' ? (
                <ConfirmButton
                  size="xs"
                  color="indigo"
                  label="재전송"
                  confirmLabel="다시 보내기"
                  message={
                    <Stack gap="xs" component="span">
                      <span>
                        {`청구 #${delivery.claimReqId}(${delivery.organisation.name})를 ${delivery.insurer.name}의 현재 청구 팩스 번호로 다시 보냅니다. 시도 횟수는 처음부터 다시 셉니다.`}
                      </span>
                      {delivery.statusReason !== null && MAYBE_DELIVERED.test(delivery.statusReason) && (
                        <Text span fw={700} c="red.9">
                          이 청구는 보험사에 이미 도착했을 수 있습니다. 보험사에 확인한 뒤 보내세요.
                        </Text>
                      )}
                    </Stack>
                  }
                  onConfirm={() => resend(delivery)}
                />
              ) : null,
          },
        ]}
      />
    </>
  );
}

function InsurerFilter({ value, onChange }: { value: string | null; onChange: (code: string | null) => void }) {
  const insurers = useApiQuery(() => unwrap(claimsApi.GET('/api/v1/admin/claim/insurers', { params: { query: { limit: 100 } } })), []);
  return (
    <>
      <Select
        label="보험사"
        data={(insurers.data?.data ?? []).map((insurer) => ({ value: insurer.code, label: insurer.name }))}
        value={value}
        onChange={onChange}
        placeholder="전체"
        searchable
        clearable
        nothingFoundMessage="없음"
        w={200}
      />
      <ProblemAlert error={insurers.error} title="보험사 목록을 불러오지 못했습니다" />
    </>
  );
}

/** Organisations searched on the server as the operator types (the first 20 that match). */
function OrganisationFilter({ value, onChange }: { value: string | null; onChange: (id: string | null) => void }) {
  return (
    <SearchSelect
      label="조직"
      placeholder="전체"
      clearable
      value={value}
      onChange={onChange}
      search={async (term) => {
        const found = await unwrap(
          claimsApi.GET('/api/v1/admin/organisations', { params: { query: { limit: 20, search: term || undefined } } }),
        );
        return found.data.map((organisation) => ({ value: organisation.id, label: organisation.name }));
      }}
      noneFound="없음"
      loadError="조직 목록을 불러오지 못했습니다"
      w={220}
    />
  );
}
