import { Badge, Button, Grid, Group, Paper, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dateTime, fieldError, ProblemAlert } from '../../../ui';
import { asPolicyQuery, useSaveAsPolicy } from '../../api/products';
import { notifySaved } from '../../parts/notify';

const POLICY_MAX_LENGTH = 20000;

interface AsPolicyEditorProps {
  productId: string;
  /** The text being edited; undefined: the saved one. */
  draft: string | undefined;
  onDraft: (text: string | undefined) => void;
}

/**
 * The AS policy text partners read through `GET /api/v1/products/{id}/as-policy`: edited here, shown
 * as they receive it (plain text, line breaks kept), saved as a new version.
 */
export function AsPolicyEditor({ productId, draft, onDraft }: AsPolicyEditorProps) {
  const current = useQuery(asPolicyQuery(productId));
  const save = useSaveAsPolicy(productId);
  const saved = current.data?.textContent ?? '';
  const text = draft ?? saved;
  const changed = draft !== undefined && draft !== saved;

  const submit = () =>
    save.mutate(text, {
      onSuccess: () => {
        onDraft(undefined);
        notifySaved('AS 정책을 저장했습니다. 파트너에게 바로 이 문구가 안내됩니다.');
      },
    });

  return (
    <Paper withBorder p="md" aria-labelledby="as-policy-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="as-policy-title">
          AS 정책 문구
        </Title>
        {current.data?.updatedAt ? (
          <Text size="xs" c="dimmed">
            현재 문구 저장 {dateTime(current.data.updatedAt)}
          </Text>
        ) : (
          <Badge color="gray">등록된 정책 없음</Badge>
        )}
      </Group>
      <ProblemAlert error={current.error} title="AS 정책을 불러오지 못했습니다" />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Textarea
            label="AS 정책 본문"
            description={`${text.length.toLocaleString('ko-KR')} / ${POLICY_MAX_LENGTH.toLocaleString('ko-KR')}자`}
            value={text}
            onChange={(event) => onDraft(event.currentTarget.value)}
            error={fieldError(save.error, 'textContent')}
            maxLength={POLICY_MAX_LENGTH}
            autosize
            minRows={10}
            maxRows={24}
            disabled={current.isPending}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Text size="sm" fw={500} id="as-policy-preview-label">
            미리보기 (파트너에게 보이는 문구)
          </Text>
          <Paper
            bg="var(--mantine-color-gray-0)"
            p="sm"
            mt={6}
            mih={220}
            role="region"
            aria-labelledby="as-policy-preview-label"
            data-testid="as-policy-preview"
          >
            {text === '' ? (
              <Text c="dimmed" size="sm">
                (빈 문구)
              </Text>
            ) : (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
                {text}
              </Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      <ProblemAlert error={fieldError(save.error, 'textContent') ? undefined : save.error} />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => onDraft(undefined)} disabled={!changed || save.isPending}>
          되돌리기
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={!changed}>
          정책 저장
        </Button>
      </Group>
    </Paper>
  );
}
