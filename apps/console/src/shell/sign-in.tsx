import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { startSession } from '../platform/api/session';
import type { SignedIn, SignInChallenge } from '../platform/api/types';
import type { ConsoleService } from './console-service';
import { PasswordStep } from './sign-in-password';
import { RecoveryCodesOnce } from './sign-in-recovery-codes';
import { SecondFactorStep } from './sign-in-second-factor';

type Step = { kind: 'password' } | { kind: 'second-factor'; challenge: SignInChallenge } | { kind: 'recovery-codes'; signedIn: SignedIn };

/**
 * Sign-in as the safeguards notice asks: e-mail and password, then the second factor (a TOTP code,
 * or a one-time recovery code). The first sign-in enrols the second factor (its secret as a QR code
 * and as text) and shows the recovery codes once. The API sets the session as an HttpOnly cookie.
 */
export function SignIn({ service }: { service: ConsoleService }) {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const signedIn = (answer: SignedIn) => {
    if (answer.recoveryCodes && answer.recoveryCodes.length > 0) setStep({ kind: 'recovery-codes', signedIn: answer });
    else startSession(answer);
  };

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" w={step.kind === 'password' ? 420 : 520} maw="100%">
        <Stack>
          <Title order={1} size="h3">
            {service.title} 운영 콘솔
          </Title>
          {step.kind === 'password' && (
            <>
              <Text size="sm" c="dimmed">
                운영자 계정의 이메일과 비밀번호로 로그인한 다음, 2단계 인증 코드를 입력합니다.
              </Text>
              <PasswordStep onChallenge={(challenge) => setStep({ kind: 'second-factor', challenge })} />
            </>
          )}
          {step.kind === 'second-factor' && (
            <SecondFactorStep challenge={step.challenge} onSignedIn={signedIn} onRestart={() => setStep({ kind: 'password' })} />
          )}
          {step.kind === 'recovery-codes' && (
            <RecoveryCodesOnce codes={step.signedIn.recoveryCodes ?? []} onDone={() => startSession(step.signedIn)} />
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
