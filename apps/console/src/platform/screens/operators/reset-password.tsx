import { Button, Group, PasswordInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { fieldError, ProblemAlert } from '../../../ui';
import { useChangeOperator } from '../../api/operators';
import type { Operator } from '../../api/types';

/** An admin sets a new password for the account (a person who forgot theirs), to be given to them apart. */
export function ResetPassword({ operator, onDone }: { operator: Operator; onDone: (message: string) => void }) {
  const [password, setPassword] = useState('');
  const change = useChangeOperator(operator.id);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { password },
      {
        onSuccess: () => {
          setPassword('');
          onDone(`${operator.name}의 비밀번호를 바꿨습니다. 본인에게 따로 전하세요.`);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} aria-label="비밀번호 재설정">
      <Group align="flex-start" mt="md" wrap="wrap">
        <PasswordInput
          label="새 비밀번호"
          description="잊어버린 비밀번호를 새로 정해 줍니다."
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldError(change.error, 'password')}
          autoComplete="new-password"
          required
          w={260}
        />
        <Button type="submit" variant="default" loading={change.isPending} disabled={password === ''} mt={44}>
          비밀번호 재설정
        </Button>
      </Group>
      <ProblemAlert error={fieldError(change.error, 'password') ? undefined : change.error} />
    </form>
  );
}
