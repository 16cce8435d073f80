import { Badge, Button, Group, Paper, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ConfirmButton, dateTime, fieldError, ProblemAlert, ScrollRegion, SecretOnce } from '../../ui';
import { apiKeysQuery, useIssueApiKey, useRevokeApiKey, type KeyOwner } from '../api/api-keys';

interface ApiKeysPanelProps {
  title: string;
  /** Whose keys (the table's name: 「<owner name>의 API 키」). */
  owner: KeyOwner;
  /** What revoking stops, said in the confirm dialog. */
  revokeEffect: string;
  namePlaceholder?: string;
}

/** An owner's API keys: issue one (the key shown once), revoke one (after a confirm); never a listed secret. */
export function ApiKeysPanel({ title, owner, revokeEffect, namePlaceholder }: ApiKeysPanelProps) {
  const keys = useQuery(apiKeysQuery(owner));
  const [name, setName] = useState('');
  const issue = useIssueApiKey(owner);
  const revoke = useRevokeApiKey(owner);
  const { error } = issue;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    issue.mutate(name.trim() === '' ? {} : { name: name.trim() }, { onSuccess: () => setName('') });
  };
  const issued = issue.data;

  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {issued && <SecretOnce label={`새 API 키 「${issued.name ?? issued.prefix}」`} secret={issued.apiKey} onDismiss={issue.reset} />}
      <Group align="flex-start" my="sm" component="form" onSubmit={submit} wrap="wrap">
        <TextInput
          label="키 이름 (사용처)"
          placeholder={namePlaceholder}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldError(error, 'name')}
          maxLength={100}
          w={240}
        />
        <Button type="submit" loading={issue.isPending} mt={24}>
          키 발급
        </Button>
      </Group>
      <ProblemAlert error={fieldError(error, 'name') ? undefined : error} />
      <ProblemAlert error={keys.error} title="키 목록을 불러오지 못했습니다" />
      <ScrollRegion label={`${owner.name}의 API 키`} minWidth={420}>
        <Table aria-label={`${owner.name}의 API 키`}>
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
              <Table.Tr key={key.id} data-testid={`key-${key.prefix}`}>
                <Table.Td>
                  {key.name ?? '—'}
                  <Text size="xs" c="dimmed">
                    <code>{key.prefix}</code>
                  </Text>
                </Table.Td>
                <Table.Td>{dateTime(key.createdAt)}</Table.Td>
                <Table.Td>
                  {/* max-content: a narrow panel wraps the other cells, never cuts the badge's word. */}
                  <Badge color={key.revokedAt ? 'gray' : 'green'} miw="max-content">
                    {key.revokedAt ? '폐기됨' : '사용 중'}
                  </Badge>
                  {key.revokedAt && (
                    <Text size="xs" c="dimmed">
                      {dateTime(key.revokedAt)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {!key.revokedAt && (
                    <ConfirmButton
                      size="xs"
                      label="폐기"
                      confirmLabel="키 폐기"
                      message={`「${key.name ?? key.prefix}」 키를 폐기합니다. ${revokeEffect} 되돌릴 수 없습니다.`}
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
