import { Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmButton, seoulDayStart } from '../../../ui';
import { useRecoverDeliveries } from '../../api/webhooks';

interface RecoverDeliveriesProps {
  partnerId: number;
  endpointId: string;
  disabled: boolean;
  onRecovered: (count: number) => void;
}

/** Puts the FAILED deliveries created since a day back in the queue (for an endpoint that was down). */
export function RecoverDeliveries({ partnerId, endpointId, disabled, onRecovered }: RecoverDeliveriesProps) {
  const [since, setSince] = useState('');
  const recover = useRecoverDeliveries(partnerId, endpointId);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        실패 전송 복구
      </Title>
      <Group align="flex-end">
        <TextInput label="이날 이후 생성된 실패 건" type="date" value={since} onChange={(event) => setSince(event.currentTarget.value)} />
        <ConfirmButton
          label="복구"
          color="blue.8"
          disabled={disabled || since === ''}
          message={`${since} 이후 실패한 전송을 모두 다시 대기열에 넣습니다. 파트너 서버가 같은 이벤트를 다시 받게 됩니다(webhook-id로 중복을 거릅니다).`}
          confirmLabel="복구"
          onConfirm={async () => onRecovered((await recover.mutateAsync(seoulDayStart(since))).count)}
        />
      </Group>
      {disabled && (
        <Text size="sm" c="dimmed" mt="xs">
          중지된 엔드포인트는 복구할 수 없습니다. 먼저 사용으로 바꾸세요.
        </Text>
      )}
    </Paper>
  );
}
