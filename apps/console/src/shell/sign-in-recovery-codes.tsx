import { Alert, Button, CopyButton, Group, List, Stack, Text, Title } from '@mantine/core';

/** The recovery codes, once, right after the second factor is enrolled: the console keeps none of them. */
export function RecoveryCodesOnce({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack>
      <Title order={2} size="h4">
        복구 코드
      </Title>
      <Alert color="yellow" title="지금 한 번만 표시됩니다" role="status">
        인증 앱을 쓸 수 없을 때 코드 대신 하나씩 쓸 수 있습니다. 각 코드는 한 번만 쓸 수 있습니다. 안전한 곳에 보관하세요. 이 화면을 닫으면
        다시 볼 수 없습니다.
      </Alert>
      <List aria-label="복구 코드" data-testid="recovery-codes" ff="monospace" spacing={4}>
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        {codes.length}개
      </Text>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? '복사됨' : '모두 복사'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onDone}>보관했습니다. 콘솔 열기</Button>
      </Group>
    </Stack>
  );
}
