import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiProblem } from '../api/problem';
import { signIn, signOut } from '../session';
import { ProblemAlert } from '../ui';
import type { ConsoleService } from './console-service';

/** Sign-in with the operator key: checked by an operator-only call before the console opens. */
export function SignIn({ service }: { service: ConsoleService }) {
  const [key, setKey] = useState('');
  const verify = useMutation({
    mutationFn: async (candidate: string) => {
      signIn(candidate, { silent: true });
      try {
        await service.verifyKey();
      } catch (error) {
        signOut();
        throw error;
      }
      signIn(candidate);
    },
  });
  // A key the API does not take as an operator's (401, or 403 for a partner's or a provider's key).
  const refused = verify.error instanceof ApiProblem && (verify.error.status === 401 || verify.error.status === 403);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(key.trim());
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w={420} maw="100%">
        <form onSubmit={submit}>
          <Stack>
            <Title order={1} size="h3">
              {service.title} 운영 콘솔
            </Title>
            <Text size="sm" c="dimmed">
              운영자 API 키로 로그인합니다. 키는 이 탭에만 보관되며, 탭을 닫거나 로그아웃하면 지워집니다.
            </Text>
            <PasswordInput
              label="운영자 키"
              value={key}
              onChange={(event) => setKey(event.currentTarget.value)}
              required
              autoComplete="off"
            />
            {refused ? (
              <Alert color="red" title="로그인하지 못했습니다" role="alert">
                운영자 키가 아니거나 올바르지 않습니다.
              </Alert>
            ) : (
              <ProblemAlert error={verify.error} title="로그인하지 못했습니다" />
            )}
            <Button type="submit" loading={verify.isPending} disabled={key.trim() === ''}>
              로그인
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
