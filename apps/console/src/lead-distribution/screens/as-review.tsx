import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  DataList,
  Grid,
  Group,
  Image,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';
import { ConfirmButton, dateTime, fieldError, PagedTable, pageOf, PageHeader, ProblemAlert, SearchSelect, useApiQuery } from '../../ui';
import { searchPartners } from '../partner-picker';

type QueueItem = components['schemas']['AdminAsListItem'];
type AsRequest = components['schemas']['AdminAsDetail'];
type EvidenceFile = components['schemas']['AdminAsFileDto'];
type Replacement = components['schemas']['AsReplacementDto'];
type AsStatus = QueueItem['status'];
type Decision = components['schemas']['ReviewAsDto']['decision'];

const QUEUE_PATH = '/as-review';

const STATUS_OPTIONS: Array<{ value: AsStatus; label: string }> = [
  { value: 'PENDING', label: '대기' },
  { value: 'ON_HOLD', label: '보류' },
  { value: 'APPROVED', label: '승인' },
  { value: 'REJECTED', label: '반려' },
  { value: 'CANCELLED', label: '취소' },
];

/** A status badge: its colour says whether the request still waits for an operator. */
const STATUS_COLORS: Record<AsStatus, string> = {
  PENDING: 'yellow',
  ON_HOLD: 'orange',
  APPROVED: 'blue',
  REJECTED: 'red',
  CANCELLED: 'gray',
};

/** The decisions a request in each status can still take (the API's state machine). */
const DECISIONS: Record<AsStatus, Decision[]> = {
  PENDING: ['APPROVE', 'REJECT', 'HOLD'],
  ON_HOLD: ['APPROVE', 'REJECT'],
  APPROVED: [],
  REJECTED: [],
  CANCELLED: [],
};

const DECISION_TEXT: Record<Decision, { label: string; color: string; message: string }> = {
  APPROVE: {
    label: '승인',
    color: 'blue',
    message:
      '승인하면 리드가 반환되어 모든 파트너 목록에서 빠지고, 이 리드를 배정한 주문이 같은 지역의 교체 리드 1건을 더 받습니다. 되돌릴 수 없습니다.',
  },
  REJECT: { label: '반려', color: 'red.9', message: '반려하면 리드는 파트너에게 그대로 남습니다. 되돌릴 수 없습니다.' },
  HOLD: { label: '보류', color: 'gray', message: '보류하면 요청이 보류 상태가 되고, 나중에 승인하거나 반려할 수 있습니다.' },
};

function StatusBadge({ status, label }: { status: AsStatus; label: string }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled">
      {label}
    </Badge>
  );
}

/** The queue's filters, kept in the address (a request's page links back to the same queue). */
function useQueueFilters() {
  const [params, setParams] = useSearchParams();
  const status = (params.get('status') ?? 'PENDING') as AsStatus | 'ALL';
  const partnerId = params.get('partnerId') ?? null;
  const reasonCode = params.get('reasonCode') ?? null;
  const set = (name: string, value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return { status, partnerId, reasonCode, query: params.toString(), set };
}

/** AS review: the queue, oldest first, filtered by status, filing partner and reason. */
export function AsReviewQueueScreen() {
  const { status, partnerId, reasonCode, query, set } = useQueueFilters();
  const [, navigate] = useLocation();
  const open = (item: QueueItem) => navigate(`${QUEUE_PATH}/${item.id}${query ? `?${query}` : ''}`);

  return (
    <>
      <PageHeader
        title="AS 심사"
        description="파트너가 접수한 AS(반환) 요청을 오래된 순서로 심사합니다. 리드 연락처는 마스킹되어 보입니다."
      />
      <PagedTable<QueueItem>
        label="AS 요청 목록"
        rowKey={(item) => item.id}
        onRowClick={open}
        deps={[status, partnerId, reasonCode]}
        empty="조건에 맞는 AS 요청이 없습니다"
        filters={
          <>
            <Select
              label="상태"
              data={[{ value: 'ALL', label: '전체' }, ...STATUS_OPTIONS]}
              value={status}
              onChange={(value) => set('status', value ?? 'ALL')}
              allowDeselect={false}
              w={140}
            />
            <PartnerFilter value={partnerId} onChange={(value) => set('partnerId', value)} />
            <ReasonFilter value={reasonCode} onChange={(value) => set('reasonCode', value)} />
          </>
        }
        load={async ({ page, limit }) =>
          pageOf(
            await unwrap(
              leadApi.GET('/api/v1/admin/lead-as', {
                params: {
                  query: {
                    page,
                    limit,
                    status: status === 'ALL' ? undefined : status,
                    partnerId: partnerId === null ? undefined : Number(partnerId),
                    reasonCode: reasonCode ?? undefined,
                  },
                },
              }),
            ),
          )
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
          { header: '상태', cell: (item) => <StatusBadge status={item.status} label={item.statusLabel} /> },
          {
            header: '심사',
            cell: (item) => (
              <Button
                component={Link}
                href={`${QUEUE_PATH}/${item.id}${query ? `?${query}` : ''}`}
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

/** The filing partner, searched on the server by name. */
function PartnerFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  return (
    <SearchSelect
      label="파트너"
      placeholder="전체"
      clearable
      value={value}
      onChange={onChange}
      // A partner of the address before any search named it.
      current={value === null ? undefined : { value, label: `#${value}` }}
      search={searchPartners}
      noneFound="찾는 파트너가 없습니다"
      loadError="파트너 목록을 불러오지 못했습니다"
      w={220}
    />
  );
}

function ReasonFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const { data } = useApiQuery(() => unwrap(leadApi.GET('/api/v1/lead-as/reasons')), []);
  const options = (data?.data ?? []).map((reason) => ({ value: reason.code, label: reason.label }));
  if (value !== null && !options.some((option) => option.value === value)) options.push({ value, label: value });
  return <Select label="사유" placeholder="전체" clearable data={options} value={value} onChange={onChange} w={180} />;
}

/**
 * A signed URL of this service's own download route as a path: with local storage the service signs
 * absolute URLs on PUBLIC_BASE_URL, which is not the console's origin when it was opened at another
 * address (localhost, a port-forward); the path works from wherever it was. Object-storage URLs
 * (another origin, CONSOLE_MEDIA_ORIGINS) stay as they are.
 */
function sameOriginDownload(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return parsed.pathname.startsWith('/api/v1/files/download/') ? `${parsed.pathname}${parsed.search}` : url;
}

/** One AS request under review: its lead, reason and memo, the evidence in view, the decision and what it triggered. */
export function AsReviewRequestScreen() {
  const { id } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const back = `${QUEUE_PATH}${params.size > 0 ? `?${params.toString()}` : ''}`;
  const {
    data: request,
    error,
    loading,
    reload,
  } = useApiQuery(() => unwrap(leadApi.GET('/api/v1/admin/lead-as/{id}', { params: { path: { id } } })), [id]);

  // The evidence URLs expire: read the request again (new URLs) a minute before they do, and again
  // ten seconds after a read that failed.
  useEffect(() => {
    const expiries = request?.files.map((file) => Date.parse(file.downloadUrlExpiresAt)) ?? [];
    if (expiries.length === 0) return;
    const timer = setTimeout(reload, Math.max(10_000, Math.min(...expiries) - Date.now() - 60_000));
    return () => clearTimeout(timer);
  }, [request, error, reload]);

  return (
    <>
      <PageHeader
        title="AS 요청 심사"
        description={request ? `${request.partner.name}의 요청 · 접수 ${dateTime(request.createdAt)}` : undefined}
        actions={
          <Button component={Link} href={back} variant="default">
            목록으로
          </Button>
        }
      />
      <ProblemAlert error={error} title="AS 요청을 불러오지 못했습니다" />
      {!request && loading && <Loader aria-label="불러오는 중" />}
      {request && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack>
              <RequestSummary request={request} />
              <LeadCard request={request} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            {/* The decision beside the evidence it rests on. */}
            <Stack>
              <EvidenceFiles files={request.files} />
              <DecisionPanel request={request} onDecided={reload} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function RequestSummary({ request }: { request: AsRequest }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="as-request-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="as-request-heading">
          요청 내용
        </Title>
        <StatusBadge status={request.status} label={request.statusLabel} />
      </Group>
      <DataList labelWidth="96px">
        <Field label="사유">
          {request.reasonLabel}{' '}
          <Text span c="dimmed" size="sm">
            {request.reasonCode}
          </Text>
        </Field>
        <Field label="파트너">
          {request.partner.name}{' '}
          <Text span c="dimmed" size="sm">
            #{request.partner.id}
          </Text>
        </Field>
        <Field label="고객 메모">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{request.customerMemo ?? '—'}</Text>
        </Field>
        <Field label="접수">{dateTime(request.createdAt)}</Field>
        <Field label="심사">{dateTime(request.reviewedAt)}</Field>
        <Field label="관리자 메모">
          <Text style={{ whiteSpace: 'pre-wrap' }}>{request.adminNote ?? '—'}</Text>
        </Field>
      </DataList>
      <Outcome request={request} />
    </Paper>
  );
}

/** What the decision triggered: an approved request returned the lead and made its order owe a replacement. */
function Outcome({ request }: { request: AsRequest }) {
  if (request.status === 'APPROVED')
    return (
      <Alert color="blue" mt="md" title="승인 결과" data-testid="as-outcome">
        <Text size="sm">리드가 반환되었습니다 ({dateTime(request.lead.returnedAt)}). 어느 파트너 목록에도 보이지 않습니다.</Text>
        <ReplacementText replacement={request.replacement} />
      </Alert>
    );
  if (request.status === 'REJECTED')
    return (
      <Alert color="gray" mt="md" title="반려 결과" data-testid="as-outcome">
        리드는 파트너에게 그대로 남습니다.
      </Alert>
    );
  if (request.status === 'CANCELLED')
    return (
      <Alert color="gray" mt="md" title="취소된 요청" data-testid="as-outcome">
        파트너가 요청을 취소했습니다.
      </Alert>
    );
  return null;
}

function ReplacementText({ replacement }: { replacement: Replacement | null }) {
  if (replacement === null)
    return (
      <Text size="sm" mt={4}>
        교체 리드를 받을 주문이 없습니다 (직접 배정된 리드이거나, 반환 전에 주문이 취소되었습니다).
      </Text>
    );
  if (replacement.leadId !== null)
    return (
      <Text size="sm" mt={4} data-testid="as-replacement">
        교체 리드 <Code>{replacement.leadId}</Code>가 {dateTime(replacement.deliveredAt)}에 주문 <Code>{replacement.orderId}</Code>으로
        배정되었습니다.
      </Text>
    );
  if (replacement.orderStatus === 'CANCELLED')
    return (
      <Text size="sm" mt={4} data-testid="as-replacement">
        주문 <Code>{replacement.orderId}</Code>이 취소되어 교체 리드는 배정되지 않습니다.
      </Text>
    );
  return (
    <Text size="sm" mt={4} data-testid="as-replacement">
      주문 <Code>{replacement.orderId}</Code>이 교체 리드 1건을 기다립니다. 같은 지역의 새 리드가 등록되면 배정됩니다.
    </Text>
  );
}

function LeadCard({ request }: { request: AsRequest }) {
  const { lead } = request;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="as-lead-heading">
      <Title order={2} size="h4" mb="xs" id="as-lead-heading">
        리드
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        운영자에게는 연락처가 마스킹되어 보입니다.
      </Text>
      <DataList labelWidth="96px">
        <Field label="이름">{lead.name}</Field>
        <Field label="전화">{lead.phone}</Field>
        <Field label="이메일">{lead.email ?? '—'}</Field>
        <Field label="주소">{lead.address ?? '—'}</Field>
        <Field label="지역">{lead.region}</Field>
        <Field label="생년월일·성별">
          {lead.birth_date} · {lead.gender === 'M' ? '남' : '여'}
        </Field>
        <Field label="상품">{lead.product.name}</Field>
        <Field label="리드 메모">{lead.memo ?? '—'}</Field>
        <Field label="배정">{dateTime(lead.assignedAt)}</Field>
        <Field label="사용">{lead.usedAt ? dateTime(lead.usedAt) : '미사용'}</Field>
        <Field label="주문">{lead.orderId ? <Code>{lead.orderId}</Code> : '직접 배정'}</Field>
        <Field label="리드 ID">
          <Code>{lead.id}</Code>
        </Field>
      </DataList>
    </Paper>
  );
}

function DecisionPanel({ request, onDecided }: { request: AsRequest; onDecided: () => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>();
  const decisions = DECISIONS[request.status];
  if (decisions.length === 0) return null;

  const decide = async (decision: Decision) => {
    setError(undefined);
    try {
      const adminNote = note.trim();
      await unwrap(
        leadApi.POST('/api/v1/admin/lead-as/{id}/review', {
          params: { path: { id: request.id } },
          body: { decision, adminNote: adminNote === '' ? undefined : adminNote },
        }),
      );
      setNote('');
      onDecided();
    } catch (thrown) {
      setError(thrown);
      throw thrown;
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="as-decision-heading">
      <Title order={2} size="h4" mb="xs" id="as-decision-heading">
        심사
      </Title>
      <Textarea
        label="관리자 메모"
        description="파트너에게도 보입니다. 비워 두면 기존 메모가 유지됩니다."
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={fieldError(error, 'adminNote')}
        maxLength={2000}
        autosize
        minRows={3}
        mb="sm"
      />
      <Group>
        {decisions.map((decision) => (
          <ConfirmButton
            key={decision}
            label={DECISION_TEXT[decision].label}
            color={DECISION_TEXT[decision].color}
            message={DECISION_TEXT[decision].message}
            onConfirm={() => decide(decision)}
          />
        ))}
      </Group>
    </Paper>
  );
}

function EvidenceFiles({ files }: { files: EvidenceFile[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="as-evidence-heading">
      <Title order={2} size="h4" mb="xs" id="as-evidence-heading">
        증빙 파일 {files.length}개
      </Title>
      {files.length === 0 ? (
        <Text c="dimmed">증빙 파일이 없습니다.</Text>
      ) : (
        <SimpleGrid cols={1} spacing="lg">
          {files.map((file) => (
            <Evidence key={file.fileId} file={file} />
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}

const INLINE_IMAGES = new Set(['image/jpeg', 'image/png', 'image/webp']);

function kilobytes(size: number): string {
  return size < 1024 ? `${size} B` : `${(size / 1024).toFixed(size < 10 * 1024 ? 1 : 0)} KB`;
}

/** One evidence file: images and PDFs in view, every file downloadable (the signed URL is the credential). */
function Evidence({ file }: { file: EvidenceFile }) {
  return (
    <Stack gap="xs" component="figure" m={0}>
      {INLINE_IMAGES.has(file.mimeType) ? (
        <Image
          src={sameOriginDownload(file.downloadUrl)}
          alt={`증빙 이미지 ${file.originalName}`}
          fit="contain"
          mah={480}
          w="100%"
          radius="sm"
          bd="1px solid var(--mantine-color-gray-3)"
        />
      ) : file.mimeType === 'application/pdf' ? (
        <PdfFrame file={file} />
      ) : (
        <Text c="dimmed" size="sm">
          이 형식({file.mimeType})은 화면에서 바로 볼 수 없습니다. 내려받아 확인하세요.
        </Text>
      )}
      <Group justify="space-between" component="figcaption">
        <Text size="sm">
          {file.originalName}{' '}
          <Text span c="dimmed" size="sm">
            {file.mimeType} · {kilobytes(file.size)}
          </Text>
        </Text>
        <Anchor href={sameOriginDownload(file.downloadUrl)} download={file.originalName} size="sm">
          내려받기
        </Anchor>
      </Group>
    </Stack>
  );
}

/** A PDF fetched as a blob and shown in a frame (a blob: URL of the console's own origin). */
function PdfFrame({ file }: { file: EvidenceFile }) {
  const [blobUrl, setBlobUrl] = useState<string>();
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    let url: string | undefined;
    let cancelled = false;
    fetch(sameOriginDownload(file.downloadUrl))
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const blob = await response.blob();
        if (cancelled) return;
        url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setBlobUrl(url);
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailed(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
    // A new URL for the same file (after a reload) shows the same bytes: fetch once per file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file.fileId]);

  if (failed) return <ProblemAlert error={new Error(`PDF를 불러오지 못했습니다: ${failed}`)} title="PDF를 불러오지 못했습니다" />;
  if (!blobUrl) return <Loader size="sm" aria-label="PDF 불러오는 중" />;
  return (
    <iframe
      src={blobUrl}
      title={`증빙 PDF ${file.originalName}`}
      style={{ width: '100%', height: 480, border: '1px solid var(--mantine-color-gray-3)' }}
    />
  );
}
