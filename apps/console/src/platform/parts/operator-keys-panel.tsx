import { Badge, Button, Group, Paper, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ConfirmButton, dateTime, fieldError, ProblemAlert, ScrollRegion, SecretOnce } from '../../ui';
import { operatorKeysQuery, useIssueOperatorKey, useRevokeOperatorKey } from '../api/operators';
import type { Operator } from '../api/types';

/**
 * An account's personal API keys for scripts (X-API-Key): issued by the account itself (the key shown
 * once), revoked by it or an admin; all of them die with the account.
 */
export function OperatorKeysPanel({ operator, canIssue }: { operator: Operator; canIssue: boolean }) {
  const keys = useQuery(operatorKeysQuery(operator.id));
  const [name, setName] = useState('');
  const issue = useIssueOperatorKey(operator.id);
  const revoke = useRevokeOperatorKey(operator.id);
  const issued = issue.data;
  const label = `${operator.name}의 개인 API 키`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate(name.trim() === '' ? {} : { name: name.trim() }, { onSuccess: () => setName('') });
  };

  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        개인 API 키
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        스크립트가 이 계정으로 API를 부를 때 씁니다. 계정이 비활성화되면 함께 거부됩니다.
      </Text>
      {issued && <SecretOnce label={`새 개인 API 키 「${issued.name ?? issued.prefix}」`} secret={issued.apiKey} onDismiss={issue.reset} />}
      {canIssue && (
        <Group align="flex-start" my="sm" component="form" onSubmit={submit} wrap="wrap">
          <TextInput
            label="키 이름 (사용처)"
            placeholder="예: 월말 정산 스크립트"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError(issue.error, 'name')}
            maxLength={100}
            w={240}
          />
          <Button type="submit" loading={issue.isPending} mt={24}>
            키 발급
          </Button>
        </Group>
      )}
      <ProblemAlert error={fieldError(issue.error, 'name') ? undefined : issue.error} />
      <ProblemAlert error={keys.error} title="키 목록을 불러오지 못했습니다" />
      <ScrollRegion label={label} minWidth={420}>
        <Table aria-label={label} aria-busy={keys.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">이름 · 접두어</Table.Th>
              <Table.Th scope="col">발급</Table.Th>
              <Table.Th scope="col">상태</Table.Th>
              <Table.Th scope="col">작업</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data?.data.map((key) => (
              <Table.Tr key={key.id} data-testid={`operator-key-${key.prefix}`}>
                <Table.Td>
                  {key.name ?? '—'}
                  <Text size="xs" c="dimmed">
                    <code>{key.prefix}</code>
                  </Text>
                </Table.Td>
                <Table.Td>{dateTime(key.createdAt)}</Table.Td>
                <Table.Td>
                  <Badge color={key.revokedAt ? 'gray' : 'green'} miw="max-content">
                    {key.revokedAt ? '폐기됨' : '사용 중'}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {!key.revokedAt && (
                    <ConfirmButton
                      size="xs"
                      label="폐기"
                      confirmLabel="키 폐기"
                      message={`「${key.name ?? key.prefix}」 키를 폐기합니다. 이 키로 부르는 스크립트는 바로 거부됩니다. 되돌릴 수 없습니다.`}
                      onConfirm={() => revoke.mutateAsync(key.id)}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      {keys.data?.data.length === 0 && (
        <Text c="dimmed" size="sm">
          발급된 키가 없습니다.
        </Text>
      )}
    </Paper>
  );
}
