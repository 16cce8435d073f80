import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OrderSummary } from '../../api/orders';
import { ORDER_STATUSES } from '../../labels';

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {children}
      </Text>
    </Paper>
  );
}

/** Counts by status and quantities over every order the filters match (not only this page). */
export function SummaryCards({ summary }: { summary: OrderSummary }) {
  const rate = summary.orderedQuantity === 0 ? 0 : Math.round((summary.deliveredQuantity / summary.orderedQuantity) * 100);
  return (
    <SimpleGrid cols={{ base: 3, md: 6 }} mb="md" aria-label="주문 요약" role="group">
      {ORDER_STATUSES.values.map((status) => (
        <Stat key={status} label={ORDER_STATUSES.terms[status].label}>
          {summary.counts?.[status] ?? 0}건
        </Stat>
      ))}
      <Stat label="주문 수량">{summary.orderedQuantity}</Stat>
      <Stat label="전달 수량">
        {summary.deliveredQuantity}{' '}
        <Text span size="sm" c="dimmed">
          ({rate}%)
        </Text>
      </Stat>
    </SimpleGrid>
  );
}
