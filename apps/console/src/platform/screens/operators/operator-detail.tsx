import { Badge, Button, Group, Paper, Select, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { currentSession } from '../../../session';
import { ConfirmButton, dateTime, DetailRow, DetailTable, LabelBadge, optionsOf, ProblemAlert } from '../../../ui';
import { useChangeOperator, useResetSecondFactor } from '../../api/operators';
import type { Operator, OperatorRole } from '../../api/types';
import { OPERATOR_ROLES, ROLE_DESCRIPTIONS } from '../../labels';
import { OperatorHistory } from './operator-history';
import { ResetPassword } from './reset-password';
import { OperatorKeysPanel } from '../../parts/operator-keys-panel';

const saved = (message: string) => notifications.show({ color: 'green', message, closeButtonProps: { 'aria-label': '알림 닫기' } });

/** One account: its fields, its role changed, disabled or enabled (in effect on its next request), its history and keys. */
export function OperatorDetail({ operator }: { operator: Operator }) {
  const [role, setRole] = useState<OperatorRole>(operator.role);
  const change = useChangeOperator(operator.id);
  const reset = useResetSecondFactor(operator.id);
  const self = currentSession()?.account.id === operator.id;

  return (
    <Stack>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          {operator.name}
        </Title>
        <DetailTable label={`${operator.name} 계정`}>
          <DetailRow label="이메일">{operator.email}</DetailRow>
          <DetailRow label="역할">
            <LabelBadge value={operator.role} of={OPERATOR_ROLES} />
          </DetailRow>
          <DetailRow label="상태">
            {operator.disabledAt ? (
              <Badge color="gray">비활성 · {dateTime(operator.disabledAt)}</Badge>
            ) : (
              <Badge color="green">사용 중</Badge>
            )}
          </DetailRow>
          <DetailRow label="만든 때">{dateTime(operator.createdAt)}</DetailRow>
          <DetailRow label="2단계 인증">{operator.secondFactorEnrolled ? '등록됨' : '첫 로그인 때 등록'}</DetailRow>
          {operator.lockedUntil && new Date(operator.lockedUntil) > new Date() && (
            <DetailRow label="잠김">{dateTime(operator.lockedUntil)}까지 (로그인 실패)</DetailRow>
          )}
        </DetailTable>
        <Group align="flex-end" mt="md" wrap="wrap">
          <Select
            label="역할 바꾸기"
            data={optionsOf(OPERATOR_ROLES)}
            value={role}
            onChange={(next) => next && setRole(next as OperatorRole)}
            allowDeselect={false}
            description={ROLE_DESCRIPTIONS[role]}
            w={260}
          />
          <Button
            variant="default"
            disabled={role === operator.role}
            loading={change.isPending}
            onClick={() => change.mutate({ role }, { onSuccess: () => saved(`${operator.name}의 역할을 바꿨습니다.`) })}
          >
            역할 저장
          </Button>
        </Group>
        <ProblemAlert error={change.error} />
        {!operator.disabledAt && <ResetPassword operator={operator} onDone={saved} />}
        <Group mt="md">
          {operator.disabledAt ? (
            <ConfirmButton
              color="indigo.8"
              variant="outline"
              label="다시 활성화"
              message={`${operator.name} 계정을 다시 활성화합니다. 이 계정으로 다시 로그인할 수 있게 됩니다.`}
              onConfirm={() => change.mutateAsync({ disabled: false })}
            />
          ) : (
            !self && (
              <ConfirmButton
                label="비활성화"
                message={`${operator.name} 계정을 비활성화합니다. 이 계정의 세션과 API 키는 다음 요청부터 거부됩니다.`}
                onConfirm={() => change.mutateAsync({ disabled: true })}
              />
            )
          )}
          {operator.secondFactorEnrolled && (
            <ConfirmButton
              variant="outline"
              label="2단계 인증 초기화"
              confirmLabel="초기화"
              message={`${operator.name}의 2단계 인증을 초기화합니다. 이 계정의 세션이 끝나고, 다음 로그인 때 인증 앱을 새로 등록합니다. 휴대폰을 잃어버렸을 때 쓰세요.`}
              onConfirm={() => reset.mutateAsync()}
            />
          )}
        </Group>
      </Paper>
      <OperatorKeysPanel operator={operator} canIssue={self} />
      <OperatorHistory id={operator.id} name={operator.name} />
    </Stack>
  );
}
