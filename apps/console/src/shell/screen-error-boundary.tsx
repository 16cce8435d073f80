import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * A screen that throws while rendering shows what went wrong, in place of itself, instead of
 * unmounting the whole console to a blank page; the navigation stays usable, and opening another
 * address (`resetKey`) tries again.
 */
export class ScreenErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: Readonly<{ resetKey: string }>): void {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null) this.setState({ error: null });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('The screen failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <Alert color="red" title="화면을 표시하지 못했습니다" role="alert">
        <Stack gap="xs">
          <Text size="sm">이 화면에서 오류가 났습니다. 다시 시도하거나 다른 화면을 여세요.</Text>
          <Code block>{this.state.error.message}</Code>
          <Button variant="default" size="xs" w="fit-content" onClick={() => this.setState({ error: null })}>
            다시 시도
          </Button>
        </Stack>
      </Alert>
    );
  }
}
