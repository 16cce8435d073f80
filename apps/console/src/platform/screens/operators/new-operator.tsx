import { Button, Group, Paper, PasswordInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { fieldError, namesOneOf, optionsOf, ProblemAlert } from '../../../ui';
import { useCreateOperator } from '../../api/operators';
import type { Operator, OperatorRole } from '../../api/types';
import { OPERATOR_ROLES, ROLE_DESCRIPTIONS } from '../../labels';

const FIELDS = ['name', 'email', 'role', 'password'] as const;

/** A new operator account: one person, the least role the job needs, and a first password they sign in with. */
export function NewOperator({ onCreated }: { onCreated: (operator: Operator) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('viewer');
  const [password, setPassword] = useState('');
  const create = useCreateOperator();
  const { error } = create;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), email: email.trim(), role, password },
      {
        onSuccess: (operator) => {
          setName('');
          setEmail('');
          setPassword('');
          setRole('viewer');
          onCreated(operator);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} aria-labelledby="new-operator-title">
      <Title order={2} size="h4" mb="xs" id="new-operator-title">
        운영자 계정 만들기
      </Title>
      <Stack gap="xs">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="이름"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={fieldError(error, 'name')}
            required
            miw={160}
          />
          <TextInput
            label="이메일"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError(error, 'email')}
            required
            miw={200}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="역할"
            data={optionsOf(OPERATOR_ROLES)}
            value={role}
            onChange={(next) => next && setRole(next as OperatorRole)}
            allowDeselect={false}
            description={ROLE_DESCRIPTIONS[role]}
            error={fieldError(error, 'role')}
            miw={160}
          />
          <PasswordInput
            label="처음 비밀번호"
            description="본인에게 따로 전하세요. 첫 로그인 때 2단계 인증을 등록합니다."
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldError(error, 'password')}
            autoComplete="new-password"
            required
            miw={200}
          />
        </Group>
        <ProblemAlert error={namesOneOf(error, FIELDS) ? undefined : error} title="계정을 만들지 못했습니다" />
        <Group>
          <Button type="submit" loading={create.isPending}>
            계정 만들기
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
