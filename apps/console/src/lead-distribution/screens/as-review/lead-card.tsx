import { Code, DataList, Paper, Text, Title } from '@mantine/core';
import { dateTime } from '../../../ui';
import type { AsRequest } from '../../api/lead-as';
import { GENDER_LABELS } from '../../labels';
import { Field } from './field';

/** The lead as an operator sees it: its contact masked, even once used. */
export function LeadCard({ request }: { request: AsRequest }) {
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
          {lead.birth_date} · {GENDER_LABELS[lead.gender]}
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
