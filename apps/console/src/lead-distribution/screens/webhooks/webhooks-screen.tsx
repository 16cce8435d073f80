import { Grid, Text } from '@mantine/core';
import { useState } from 'react';
import { PagedTable, PageHeader, SecretOnce, usePagedQuery } from '../../../ui';
import { endpointsQuery, type Endpoint } from '../../api/webhooks';
import { DELIVERY_EVENT_TYPES } from '../../labels';
import { PartnerScope } from '../../parts/partner-picker';
import { EndpointBadge } from './endpoint-badge';
import { EndpointDetail } from './endpoint-detail';
import { NewEndpoint } from './new-endpoint';

/** A signing secret the API shows once: a new endpoint's, or a rotated one. */
interface ShownSecret {
  label: string;
  value: string;
}

/** Webhooks: a partner's endpoints (register, edit, delete, rotate, test) and each one's delivery log. */
export function WebhooksScreen() {
  return (
    <>
      <PageHeader title="웹훅" description="파트너의 웹훅 엔드포인트와 전송 기록을 관리합니다. 실패한 전송은 다시 보낼 수 있습니다." />
      <PartnerScope hint="파트너를 고르면 그 파트너의 웹훅 엔드포인트가 표시됩니다.">
        {(partnerId) => <PartnerWebhooks partnerId={partnerId} />}
      </PartnerScope>
    </>
  );
}

/** The partner's endpoints, a new one, and the one chosen with its log; a secret the API shows once above them. */
function PartnerWebhooks({ partnerId }: { partnerId: number }) {
  const [selectedId, setSelectedId] = useState<string>();
  const [secret, setSecret] = useState<ShownSecret>();
  return (
    <>
      {secret && <SecretOnce label={secret.label} secret={secret.value} onDismiss={() => setSecret(undefined)} />}
      <Grid gap="lg" mt="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Endpoints partnerId={partnerId} selectedId={selectedId} onSelect={setSelectedId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <NewEndpoint
            partnerId={partnerId}
            onCreated={(created) => {
              setSecret({ label: `새 엔드포인트의 서명 비밀키 (${created.url})`, value: created.secret });
              setSelectedId(created.id);
            }}
          />
        </Grid.Col>
      </Grid>
      {selectedId ? (
        <EndpointDetail
          key={selectedId}
          partnerId={partnerId}
          endpointId={selectedId}
          onDeleted={() => setSelectedId(undefined)}
          onSecret={(value) => setSecret({ label: '교체된 서명 비밀키', value })}
        />
      ) : (
        <Text c="dimmed" mt="md">
          목록에서 엔드포인트를 고르면 설정과 전송 기록이 아래에 표시됩니다.
        </Text>
      )}
    </>
  );
}

function Endpoints({ partnerId, selectedId, onSelect }: { partnerId: number; selectedId?: string; onSelect: (id: string) => void }) {
  const endpoints = usePagedQuery((request) => endpointsQuery(partnerId, request));
  return (
    <PagedTable<Endpoint>
      paged={endpoints}
      label="웹훅 엔드포인트 목록"
      rowKey={(endpoint) => endpoint.id}
      selectedKey={selectedId}
      onRowClick={(endpoint) => onSelect(endpoint.id)}
      empty="등록된 엔드포인트가 없습니다"
      columns={[
        { header: 'URL', cell: (endpoint) => <Text style={{ overflowWrap: 'anywhere' }}>{endpoint.url}</Text> },
        { header: '설명', cell: (endpoint) => endpoint.description ?? '—' },
        { header: '이벤트', cell: (endpoint) => endpoint.eventTypes.map((type) => DELIVERY_EVENT_TYPES.terms[type].label).join(', ') },
        { header: '상태', cell: (endpoint) => <EndpointBadge endpoint={endpoint} /> },
      ]}
    />
  );
}
