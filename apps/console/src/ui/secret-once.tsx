import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/**
 * A secret the API shows once (an API key, an SSO secret): in view until the operator dismisses it,
 * with a copy button. It is not kept anywhere once dismissed.
 */
export function SecretOnce({ label, secret, onDismiss }: { label: string; secret: string; onDismiss: () => void }) {
  return (
    <Alert color="yellow" title={label} role="status">
      <Stack gap="xs">
        <Text size="sm">지금 한 번만 표시됩니다. 안전한 곳에 보관하세요. 닫으면 다시 볼 수 없습니다.</Text>
        <Code block data-testid="secret-once">
          {secret}
        </Code>
        <Group>
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? '복사됨' : '복사'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDismiss}>
            확인했습니다
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
