import { Group, Paper, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmButton, fieldError } from '../../../ui';
import { useReviewAs, type AsRequest, type Decision } from '../../api/lead-as';
import type { AsStatus } from '../../labels';

/** The decisions a request in each status can still take (the API's state machine; it refuses any other). */
const DECISIONS: Record<AsStatus, Decision[]> = {
  PENDING: ['APPROVE', 'REJECT', 'HOLD'],
  ON_HOLD: ['APPROVE', 'REJECT'],
  APPROVED: [],
  REJECTED: [],
  CANCELLED: [],
};

/** Each decision's button, its colour, and what it does, said in the confirm dialog. */
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

/** The operator's decision with a note, after a confirm; only the decisions the status allows. */
export function DecisionPanel({ request }: { request: AsRequest }) {
  const [note, setNote] = useState('');
  const review = useReviewAs(request.id);
  const decisions = DECISIONS[request.status];
  if (decisions.length === 0) return null;

  const decide = async (decision: Decision) => {
    const adminNote = note.trim();
    await review.mutateAsync({ decision, adminNote: adminNote === '' ? undefined : adminNote });
    setNote('');
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
        error={fieldError(review.error, 'adminNote')}
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
