import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Grid,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';
import {
  ConfirmButton,
  dateTime,
  fieldError,
  namesOneOf,
  PagedTable,
  PageHeader,
  pageOf,
  ProblemAlert,
  ScrollRegion,
  SecretOnce,
  useAction,
  useApiQuery,
} from '../../ui';
import { PartnerPicker, usePartnerParam } from '../partner-picker';

type Endpoint = components['schemas']['WebhookEndpoint'];
type EventType = Endpoint['eventTypes'][number];
type Delivery = components['schemas']['WebhookDelivery'];
type DeliveryStatus = Delivery['status'];
type DeliveryEventType = Delivery['eventType'];
type Attempt = components['schemas']['WebhookAttempt'];

const EVENT_TYPES: Array<{ value: EventType; label: string }> = [
  { value: 'lead.assigned', label: '리드 배정' },
  { value: 'lead.recalled', label: '리드 회수' },
  { value: 'lead_as.reviewed', label: 'AS 심사 결과' },
  { value: 'order.completed', label: '주문 완료' },
  { value: 'order.cancelled', label: '주문 취소' },
];
const DELIVERY_EVENT_TYPES: Array<{ value: DeliveryEventType; label: string }> = [
  ...EVENT_TYPES,
  { value: 'webhook.test', label: '테스트' },
];
const eventLabel = (type: DeliveryEventType) => DELIVERY_EVENT_TYPES.find((entry) => entry.value === type)?.label ?? type;

const DELIVERY_STATUSES: Array<{ value: DeliveryStatus; label: string; color: string }> = [
  { value: 'PENDING', label: '대기', color: 'gray' },
  { value: 'DELIVERED', label: '전달됨', color: 'green' },
  { value: 'FAILED', label: '실패', color: 'red' },
];
const OUTCOMES: Record<Attempt['outcome'], string> = {
  SUCCESS: '성공',
  HTTP_ERROR: 'HTTP 오류',
  TIMEOUT: '시간 초과',
  NETWORK_ERROR: '네트워크 오류',
  BLOCKED_ADDRESS: '차단된 주소',
};

function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  const entry = DELIVERY_STATUSES.find(({ value }) => value === status)!;
  return (
    <Badge color={entry.color} variant="filled" autoContrast>
      {entry.label}
    </Badge>
  );
}

function EndpointBadge({ endpoint }: { endpoint: Endpoint }) {
  return endpoint.enabled ? (
    <Badge color="green" variant="filled" autoContrast>
      사용
    </Badge>
  ) : (
    <Badge color="gray" variant="filled" autoContrast>
      중지
    </Badge>
  );
}

/** Webhooks: a partner's endpoints (register, edit, delete, rotate, test) and each one's delivery log. */
export function WebhooksScreen() {
  const [partnerId, setPartnerId] = usePartnerParam();
  const [selectedId, setSelectedId] = useState<string>();
  const [reloadKey, setReloadKey] = useState(0);
  const [secret, setSecret] = useState<{ label: string; value: string }>();
  const changed = () => setReloadKey((key) => key + 1);

  return (
    <>
      <PageHeader title="웹훅" description="파트너의 웹훅 엔드포인트와 전송 기록을 관리합니다. 실패한 전송은 다시 보낼 수 있습니다." />
      <Group align="flex-end" mb="md">
        <PartnerPicker
          value={partnerId}
          onChange={(next) => {
            setPartnerId(next);
            setSelectedId(undefined);
            setSecret(undefined);
          }}
        />
      </Group>
      {secret && <SecretOnce label={secret.label} secret={secret.value} onDismiss={() => setSecret(undefined)} />}
      {partnerId === undefined ? (
        <Text c="dimmed">파트너를 고르면 그 파트너의 웹훅 엔드포인트가 표시됩니다.</Text>
      ) : (
        <>
          <Grid gap="lg" mt="md">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <PagedTable<Endpoint>
                label="웹훅 엔드포인트 목록"
                deps={[partnerId]}
                reloadKey={reloadKey}
                rowKey={(endpoint) => endpoint.id}
                selectedKey={selectedId}
                onRowClick={(endpoint) => setSelectedId(endpoint.id)}
                empty="등록된 엔드포인트가 없습니다"
                load={async ({ page, limit }) =>
                  pageOf(await unwrap(leadApi.GET('/api/v1/webhooks/endpoints', { params: { query: { partnerId, page, limit } } })))
                }
                columns={[
                  { header: 'URL', cell: (endpoint) => <Text style={{ overflowWrap: 'anywhere' }}>{endpoint.url}</Text> },
                  { header: '설명', cell: (endpoint) => endpoint.description ?? '—' },
                  { header: '이벤트', cell: (endpoint) => endpoint.eventTypes.map(eventLabel).join(', ') },
                  { header: '상태', cell: (endpoint) => <EndpointBadge endpoint={endpoint} /> },
                ]}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <NewEndpoint
                partnerId={partnerId}
                onCreated={(created) => {
                  setSecret({ label: `새 엔드포인트의 서명 비밀키 (${created.url})`, value: created.secret });
                  setSelectedId(created.id);
                  changed();
                }}
              />
            </Grid.Col>
          </Grid>
          {selectedId ? (
            <EndpointDetail
              key={selectedId}
              endpointId={selectedId}
              onChanged={changed}
              onDeleted={() => {
                setSelectedId(undefined);
                changed();
              }}
              onSecret={(value) => setSecret({ label: '교체된 서명 비밀키', value })}
            />
          ) : (
            <Text c="dimmed" mt="md">
              목록에서 엔드포인트를 고르면 설정과 전송 기록이 아래에 표시됩니다.
            </Text>
          )}
        </>
      )}
    </>
  );
}

function EventTypeChecks({ value, onChange, error }: { value: EventType[]; onChange: (value: EventType[]) => void; error?: string }) {
  return (
    <Checkbox.Group label="받을 이벤트" value={value} onChange={(next) => onChange(next as EventType[])} error={error} withAsterisk>
      <Group mt={6} gap="md">
        {EVENT_TYPES.map(({ value: type, label }) => (
          <Checkbox key={type} value={type} label={label} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

function NewEndpoint({
  partnerId,
  onCreated,
}: {
  partnerId: number;
  onCreated: (created: components['schemas']['WebhookEndpointCreated']) => void;
}) {
  const [url, setUrl] = useState('');
  const [eventTypes, setEventTypes] = useState<EventType[]>(['lead.assigned']);
  const [description, setDescription] = useState('');
  const [parallel, setParallel] = useState(false);
  const { run, busy, error } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const created = await unwrap(
        leadApi.POST('/api/v1/webhooks/endpoints', {
          body: {
            partnerId,
            url: url.trim(),
            eventTypes,
            parallelDelivery: parallel,
            ...(description.trim() ? { description: description.trim() } : {}),
          },
        }),
      );
      setUrl('');
      setDescription('');
      onCreated(created);
    });
  };

  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={(event: FormEvent) => void submit(event)}>
      <Title order={2} size="h4" mb="xs">
        엔드포인트 등록
      </Title>
      <Stack gap="sm">
        <TextInput
          label="URL"
          placeholder="https://crm.example.com/webhooks"
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          error={fieldError(error, 'url')}
          required
        />
        <EventTypeChecks value={eventTypes} onChange={setEventTypes} error={fieldError(error, 'eventTypes')} />
        <TextInput
          label="설명 (선택)"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={fieldError(error, 'description')}
          maxLength={500}
        />
        <Switch
          label="병렬 전송 (순서 보장 없이 여러 건을 동시에)"
          checked={parallel}
          onChange={(event) => setParallel(event.currentTarget.checked)}
        />
        <ProblemAlert error={namesOneOf(error, ['url', 'eventTypes', 'description']) ? undefined : error} />
        <Group>
          <Button type="submit" loading={busy} disabled={url.trim() === '' || eventTypes.length === 0}>
            등록
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function EndpointDetail({
  endpointId,
  onChanged,
  onDeleted,
  onSecret,
}: {
  endpointId: string;
  onChanged: () => void;
  onDeleted: () => void;
  onSecret: (secret: string) => void;
}) {
  const endpoint = useApiQuery(
    () => unwrap(leadApi.GET('/api/v1/webhooks/endpoints/{endpointId}', { params: { path: { endpointId } } })),
    [endpointId],
  );
  const [logKey, setLogKey] = useState(0);
  const [actionError, setActionError] = useState<unknown>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState<string>();

  if (endpoint.error) return <ProblemAlert error={endpoint.error} title="엔드포인트를 불러오지 못했습니다" />;
  if (!endpoint.data) return null;
  const current = endpoint.data;
  const path = { params: { path: { endpointId } } };

  const act = async (name: string, action: () => Promise<string>) => {
    setBusy(name);
    setActionError(undefined);
    setNotice(undefined);
    try {
      setNotice(await action());
      setLogKey((key) => key + 1);
    } catch (thrown) {
      setActionError(thrown);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Grid gap="lg" mt="lg">
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start">
                <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                  {current.url} <EndpointBadge endpoint={current} />
                </Title>
              </Group>
              {!current.enabled && (
                <Alert color="gray" title="중지된 엔드포인트">
                  {current.disabledReason ?? '사유 없음'} · {dateTime(current.disabledAt)}. 새 이벤트를 받지 않고, 대기 중인 전송은 다시
                  사용할 때까지 기다립니다.
                </Alert>
              )}
              <Table variant="vertical" layout="fixed" withTableBorder aria-label="엔드포인트 정보">
                <Table.Tbody>
                  <Row label="ID">
                    <code>{current.id}</code>
                  </Row>
                  <Row label="전송 방식">{current.parallelDelivery ? '병렬 (순서 보장 없음)' : '순차 (이벤트 순서대로)'}</Row>
                  <Row label="연속 실패 시작">{dateTime(current.failingSince)}</Row>
                  <Row label="이전 비밀키 유효">{dateTime(current.previousSecretExpiresAt)}</Row>
                  <Row label="등록">{dateTime(current.createdAt)}</Row>
                </Table.Tbody>
              </Table>
              <EditEndpoint
                endpoint={current}
                onSaved={() => {
                  endpoint.reload();
                  onChanged();
                }}
              />
              <Group>
                <Button
                  variant="default"
                  loading={busy === 'test'}
                  disabled={!current.enabled}
                  onClick={() =>
                    void act('test', async () => {
                      await unwrap(leadApi.POST('/api/v1/webhooks/endpoints/{endpointId}/test', path));
                      return '테스트 이벤트를 전송 대기열에 넣었습니다.';
                    })
                  }
                >
                  테스트 이벤트 전송
                </Button>
                <ConfirmButton
                  label="비밀키 교체"
                  color="indigo"
                  variant="default"
                  message="새 서명 비밀키를 발급합니다. 새 키는 한 번만 표시됩니다. 24시간 동안은 이전 키로도 서명되므로, 그 안에 파트너 서버의 키를 바꾸세요."
                  confirmLabel="교체"
                  onConfirm={async () => {
                    const rotated = await unwrap(leadApi.POST('/api/v1/webhooks/endpoints/{endpointId}/rotate-secret', path));
                    onSecret(rotated.secret);
                    endpoint.reload();
                  }}
                />
                <ConfirmButton
                  label="삭제"
                  variant="outline"
                  confirmLabel="엔드포인트 삭제"
                  message="이 엔드포인트와 전송 기록을 모두 삭제합니다. 되돌릴 수 없습니다."
                  onConfirm={async () => {
                    await unwrap(leadApi.DELETE('/api/v1/webhooks/endpoints/{endpointId}', path));
                    onDeleted();
                  }}
                />
              </Group>
              {notice && (
                <Alert color="blue" role="status">
                  {notice}
                </Alert>
              )}
              <ProblemAlert error={actionError} />
            </Stack>
          </Paper>
          <Recover
            endpointId={endpointId}
            disabled={!current.enabled}
            onRecovered={(count) => {
              setNotice(`실패한 전송 ${count}건을 다시 대기열에 넣었습니다.`);
              setLogKey((key) => key + 1);
            }}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Deliveries endpointId={endpointId} reloadKey={logKey} onResent={() => setLogKey((key) => key + 1)} />
      </Grid.Col>
    </Grid>
  );
}

function EditEndpoint({ endpoint, onSaved }: { endpoint: Endpoint; onSaved: () => void }) {
  const [enabled, setEnabled] = useState(endpoint.enabled);
  const [eventTypes, setEventTypes] = useState<EventType[]>(endpoint.eventTypes);
  const [description, setDescription] = useState(endpoint.description ?? '');
  const { run, busy, error } = useAction();
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    await run(async () => {
      await unwrap(
        leadApi.PATCH('/api/v1/webhooks/endpoints/{endpointId}', {
          params: { path: { endpointId: endpoint.id } },
          body: { enabled, eventTypes, description: description.trim() === '' ? null : description.trim() },
        }),
      );
      setSaved(true);
      onSaved();
    });
  };

  return (
    <Stack gap="sm" component="form" onSubmit={(event: FormEvent) => void submit(event)}>
      <Title order={3} size="h5">
        설정 변경
      </Title>
      <Switch
        label="사용 (끄면 새 이벤트를 받지 않습니다)"
        checked={enabled}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
      />
      <EventTypeChecks value={eventTypes} onChange={setEventTypes} error={fieldError(error, 'eventTypes')} />
      <TextInput
        label="설명"
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={fieldError(error, 'description')}
        maxLength={500}
      />
      <ProblemAlert error={namesOneOf(error, ['eventTypes', 'description']) ? undefined : error} />
      <Group>
        <Button type="submit" loading={busy} disabled={eventTypes.length === 0}>
          저장
        </Button>
        {saved && (
          <Text size="sm" role="status">
            저장했습니다.
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** A day picked in a date field (Seoul) as the instant it starts. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00+09:00`).toISOString();

/** Puts the FAILED deliveries created since a day back in the queue (for an endpoint that was down). */
function Recover({ endpointId, disabled, onRecovered }: { endpointId: string; disabled: boolean; onRecovered: (count: number) => void }) {
  const [since, setSince] = useState('');
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        실패 전송 복구
      </Title>
      <Group align="flex-end">
        <TextInput label="이날 이후 생성된 실패 건" type="date" value={since} onChange={(event) => setSince(event.currentTarget.value)} />
        <ConfirmButton
          label="복구"
          color="blue.8"
          disabled={disabled || since === ''}
          message={`${since} 이후 실패한 전송을 모두 다시 대기열에 넣습니다. 파트너 서버가 같은 이벤트를 다시 받게 됩니다(webhook-id로 중복을 거릅니다).`}
          confirmLabel="복구"
          onConfirm={async () => {
            const recovered = await unwrap(
              leadApi.POST('/api/v1/webhooks/endpoints/{endpointId}/recover', {
                params: { path: { endpointId } },
                body: { since: startOfDay(since) },
              }),
            );
            onRecovered(recovered.count);
          }}
        />
      </Group>
      {disabled && (
        <Text size="sm" c="dimmed" mt="xs">
          중지된 엔드포인트는 복구할 수 없습니다. 먼저 사용으로 바꾸세요.
        </Text>
      )}
    </Paper>
  );
}

/** The endpoint's delivery log (server paging, filters), one delivery's detail with its attempts, resend. */
function Deliveries({ endpointId, reloadKey, onResent }: { endpointId: string; reloadKey: number; onResent: () => void }) {
  const [status, setStatus] = useState<DeliveryStatus | null>(null);
  const [eventType, setEventType] = useState<DeliveryEventType | null>(null);
  const [openId, setOpenId] = useState<string>();
  // The worker sends in the background: the log is read again on demand as well as after an action.
  const [refreshed, setRefreshed] = useState(0);
  const key = `${reloadKey}:${refreshed}`;
  const settled = useCallback(() => setRefreshed((value) => value + 1), []);

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          전송 기록
        </Title>
        <Button variant="default" size="xs" onClick={() => setRefreshed((value) => value + 1)}>
          새로고침
        </Button>
      </Group>
      <PagedTable<Delivery>
        label="전송 기록"
        deps={[endpointId, status, eventType]}
        reloadKey={key}
        limit={10}
        rowKey={(delivery) => delivery.id}
        selectedKey={openId}
        onRowClick={(delivery) => setOpenId(delivery.id)}
        empty="전송 기록이 없습니다"
        filters={
          <>
            <Select
              label="전송 상태"
              placeholder="전체"
              clearable
              w={140}
              data={DELIVERY_STATUSES.map(({ value, label }) => ({ value, label }))}
              value={status}
              onChange={(value) => setStatus(value as DeliveryStatus | null)}
            />
            <Select
              label="이벤트"
              placeholder="전체"
              clearable
              w={160}
              data={DELIVERY_EVENT_TYPES}
              value={eventType}
              onChange={(value) => setEventType(value as DeliveryEventType | null)}
            />
          </>
        }
        load={async ({ page, limit }) =>
          pageOf(
            await unwrap(
              leadApi.GET('/api/v1/webhooks/endpoints/{endpointId}/deliveries', {
                params: {
                  path: { endpointId },
                  query: { page, limit, ...(status ? { status } : {}), ...(eventType ? { eventType } : {}) },
                },
              }),
            ),
          )
        }
        columns={[
          { header: '생성', cell: (delivery) => dateTime(delivery.createdAt) },
          { header: '이벤트', cell: (delivery) => eventLabel(delivery.eventType) },
          { header: '상태', cell: (delivery) => <DeliveryBadge status={delivery.status} /> },
          { header: '시도', cell: (delivery) => `${delivery.attemptCount}회` },
          { header: '마지막 응답', cell: (delivery) => delivery.lastStatusCode ?? delivery.lastError ?? '—' },
        ]}
      />
      {openId && (
        <DeliveryDetail deliveryId={openId} reloadKey={key} onClose={() => setOpenId(undefined)} onResent={onResent} onSettled={settled} />
      )}
    </Paper>
  );
}

function DeliveryDetail({
  deliveryId,
  reloadKey,
  onClose,
  onResent,
  onSettled,
}: {
  deliveryId: string;
  reloadKey: string;
  onClose: () => void;
  onResent: () => void;
  onSettled: () => void;
}) {
  const delivery = useApiQuery(
    () => unwrap(leadApi.GET('/api/v1/webhooks/deliveries/{deliveryId}', { params: { path: { deliveryId } } })),
    [deliveryId, reloadKey],
  );
  const { run, busy, error } = useAction();
  const current = delivery.data;
  // While it waits for the worker, the detail reads it again every few seconds.
  const pending = current?.status === 'PENDING';
  const { reload } = delivery;
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(reload, 2000);
    return () => clearInterval(timer);
  }, [pending, reload]);
  // Once the worker has settled it, the log behind reads it again too.
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) onSettled();
    wasPending.current = pending;
  }, [pending, onSettled]);

  const resend = async () => {
    await run(async () => {
      await unwrap(leadApi.POST('/api/v1/webhooks/deliveries/{deliveryId}/resend', { params: { path: { deliveryId } } }));
      onResent();
    });
  };

  return (
    <Modal opened onClose={onClose} title="전송 상세" size="xl">
      <ProblemAlert error={delivery.error} title="전송을 불러오지 못했습니다" />
      {current && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Group gap="xs">
              <Text fw={600}>{eventLabel(current.eventType)}</Text>
              <DeliveryBadge status={current.status} />
            </Group>
            <Button onClick={() => void resend()} loading={busy}>
              재전송
            </Button>
          </Group>
          <ProblemAlert error={error} />
          <Table variant="vertical" layout="fixed" withTableBorder aria-label="전송 정보">
            <Table.Tbody>
              <Row label="이벤트 ID">
                <code>{current.eventId}</code>
              </Row>
              <Row label="생성">{dateTime(current.createdAt)}</Row>
              <Row label="이번 주기 시도">{current.attemptCount}회</Row>
              <Row label="다음 시도">{dateTime(current.nextAttemptAt)}</Row>
              <Row label="전달 완료">{dateTime(current.deliveredAt)}</Row>
            </Table.Tbody>
          </Table>
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
                    <Table.Td>{OUTCOMES[attempt.outcome]}</Table.Td>
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

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={140} scope="row">
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}
