import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiProblem } from '../api/problem';
import { submitPassword } from '../platform/api/session';
import type { SignInChallenge } from '../platform/api/types';
import { ProblemAlert } from '../ui';

/** The first step: e-mail and password. A wrong pair is said without telling which was wrong. */
export function PasswordStep({ onChallenge }: { onChallenge: (challenge: SignInChallenge) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = useMutation({ mutationFn: submitPassword, onSuccess: onChallenge });
  const refused = submit.error instanceof ApiProblem && submit.error.status === 401;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate({ email: email.trim(), password });
  };

  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <TextInput
          label="이메일"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          required
          autoComplete="username"
        />
        <PasswordInput
          label="비밀번호"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          required
          autoComplete="current-password"
        />
        {refused ? (
          <Alert color="red" title="로그인하지 못했습니다" role="alert">
            이메일 또는 비밀번호가 올바르지 않습니다. 여러 번 틀리면 계정이 잠시 잠깁니다.
          </Alert>
        ) : (
          <ProblemAlert error={submit.error} title="로그인하지 못했습니다" />
        )}
        <Button type="submit" loading={submit.isPending} disabled={email.trim() === '' || password === ''}>
          로그인
        </Button>
      </Stack>
    </form>
  );
}
