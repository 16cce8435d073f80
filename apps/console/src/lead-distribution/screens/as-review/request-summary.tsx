import { Alert, Code, DataList, Group, Paper, Text, Title } from '@mantine/core';
import type { components } from '../../../api/generated/lead-distribution';
import { dateTime, LabelBadge } from '../../../ui';
import type { AsRequest } from '../../api/lead-as';
import { AS_STATUSES } from '../../labels';
import { Field } from './field';

type Replacement = components['schemas']['AsReplacementDto'];

/** The request as filed (reason, partner, memo) and as decided (when, the note), and what the decision triggered. */
export function RequestSummary({ request }: { request: AsRequest }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="as-request-heading">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="as-request-heading">
          요청 내용
        </Title>
        <LabelBadge value={request.status} of={AS_STATUSES} />
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
