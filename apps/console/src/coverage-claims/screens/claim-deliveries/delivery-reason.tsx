import { Text } from '@mantine/core';
import { CLAIM_DELIVERY_REASONS } from '../../problem-messages';

/** A delivery's `statusReason` (`KIND: message`) as its kind, and the kind's words in Korean (none for a kind the table lacks). */
export function reasonOf(statusReason: string): { kind: string | undefined; korean: string | undefined } {
  const kind = /^([A-Z][A-Z0-9_]*):/.exec(statusReason)?.[1];
  return { kind, korean: kind === undefined ? undefined : CLAIM_DELIVERY_REASONS[kind] };
}

/** Kinds after which the fax may already be at the insurer: the gateway took it and never said how it ended. */
export const mayHaveArrived = (statusReason: string | null) => {
  const { kind } = reasonOf(statusReason ?? '');
  return kind === 'RESULT_UNKNOWN' || kind === 'UNCONFIRMED';
};

/** Why the claim's fax failed (or was tried again), in Korean, with its kind for support; the gateway's English stays in the API. */
export function DeliveryReason({ statusReason }: { statusReason: string | null }) {
  if (statusReason === null) return <>—</>;
  const { kind, korean } = reasonOf(statusReason);
  return (
    <Text size="sm" miw={200} maw={320} style={{ overflowWrap: 'anywhere' }}>
      {korean ?? statusReason}
      {kind && (
        <Text span size="xs" c="dimmed" display="block">
          {kind}
        </Text>
      )}
    </Text>
  );
}
