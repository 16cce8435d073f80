import { Paper, Stack, Title } from '@mantine/core';
import { currentSession } from '../../../session';
import { DetailRow, DetailTable, LabelBadge, PageHeader } from '../../../ui';
import { OPERATOR_ROLES, ROLE_DESCRIPTIONS } from '../../labels';
import { OperatorKeysPanel } from '../../parts/operator-keys-panel';

/** The signed-in account: who, which role, and its personal API keys (issued here, by the account itself). */
export function MyAccountScreen() {
  const session = currentSession();
  if (session === null) return null;
  const { account: operator } = session;
  return (
    <>
      <PageHeader title="내 계정" description="로그인한 운영자 계정과 개인 API 키입니다." />
      <Stack maw={760}>
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">
            {operator.name}
          </Title>
          <DetailTable label="내 계정">
            <DetailRow label="이메일">{operator.email}</DetailRow>
            <DetailRow label="역할">
              <LabelBadge value={operator.role} of={OPERATOR_ROLES} /> {ROLE_DESCRIPTIONS[operator.role]}
            </DetailRow>
          </DetailTable>
        </Paper>
        <OperatorKeysPanel operator={operator} canIssue />
      </Stack>
    </>
  );
}
