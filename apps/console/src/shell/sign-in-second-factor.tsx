import { Alert, Anchor, Button, Code, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { ApiProblem } from '../api/problem';
import { submitSecondFactor } from '../platform/api/session';
import type { SignedIn, SignInChallenge } from '../platform/api/types';
import { ProblemAlert } from '../ui';

// Only a first sign-in shows it: not in the first load.
const EnrolmentQr = lazy(() => import('./enrolment-qr').then(({ EnrolmentQr }) => ({ default: EnrolmentQr })));

interface SecondFactorStepProps {
  challenge: SignInChallenge;
  onSignedIn: (answer: SignedIn) => void;
  /** Back to the password (the challenge expired). */
  onRestart: () => void;
}

/** The second step: the authenticator's code (enrolling it the first time), or a one-time recovery code. */
export function SecondFactorStep({ challenge, onSignedIn, onRestart }: SecondFactorStepProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const submit = useMutation({ mutationFn: submitSecondFactor, onSuccess: onSignedIn });
  const enrolment = challenge.enrolment ?? null;
  const refused = submit.error instanceof ApiProblem && submit.error.status === 401;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    submit.mutate(
      useRecovery
        ? { challenge: challenge.challenge, recoveryCode: typed }
        : { challenge: challenge.challenge, code: typed.replace(/\s/g, '') },
    );
  };
  const label = useRecovery ? '복구 코드' : '인증 코드 (6자리)';

  return (
    <form onSubmit={onSubmit}>
      <Stack>
        <Title order={2} size="h4">
          {enrolment ? '2단계 인증 등록' : '2단계 인증'}
        </Title>
        {enrolment ? (
          <>
            <Text size="sm">
              처음 로그인하셨습니다. 인증 앱(Google Authenticator, Microsoft Authenticator 등)으로 아래 QR 코드를 찍거나 비밀 키를 직접
              입력한 다음, 앱에 나온 6자리 코드를 입력하세요.
            </Text>
            <Group justify="center" p="sm" bg="white">
              <Suspense fallback={<Loader aria-label="QR 코드 불러오는 중" />}>
                <EnrolmentQr uri={enrolment.otpauthUri} />
              </Suspense>
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                비밀 키 (직접 입력할 때)
              </Text>
              <Code block data-testid="totp-secret">
                {enrolment.secret}
              </Code>
            </Stack>
          </>
        ) : (
          <Text size="sm">
            {useRecovery
              ? '등록할 때 받은 복구 코드 중 하나를 입력하세요. 한 번 쓴 코드는 다시 쓸 수 없습니다.'
              : '인증 앱에 표시된 6자리 코드를 입력하세요.'}
          </Text>
        )}
        <TextInput
          label={label}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          required
          autoComplete="one-time-code"
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoFocus
        />
        {refused ? (
          <Alert color="red" title="인증하지 못했습니다" role="alert">
            코드가 올바르지 않거나 인증 시간이 지났습니다. 여러 번 틀리면 계정이 잠시 잠깁니다.
          </Alert>
        ) : (
          <ProblemAlert error={submit.error} title="인증하지 못했습니다" />
        )}
        <Button type="submit" loading={submit.isPending} disabled={code.trim() === ''}>
          확인
        </Button>
        <Group justify="space-between">
          {!enrolment && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setUseRecovery(!useRecovery);
                setCode('');
                submit.reset();
              }}
            >
              {useRecovery ? '인증 코드로 로그인' : '복구 코드로 로그인'}
            </Anchor>
          )}
          <Anchor component="button" type="button" size="sm" onClick={onRestart}>
            처음부터 다시
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
