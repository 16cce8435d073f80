import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A screen's title (the page's only h1), what it is for, and its main actions. */
export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions && <Group>{actions}</Group>}
    </Group>
  );
}
