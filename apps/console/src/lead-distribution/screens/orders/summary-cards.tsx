import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { OrderSummary } from '../../api/orders';
import { ORDER_STATUSES } from '../../labels';

/** Counts by status and quantities over every order the filters match (not only this page). */
export function SummaryCards({ summary }: { summary: OrderSummary }) {
  const rate = summary.orderedQuantity === 0 ? 0 : Math.round((summary.deliveredQuantity / summary.orderedQuantity) * 100);
  return (
    <SimpleGrid cols={{ base: 3, md: 6 }} mb="md" aria-label="주문 요약" role="group">
      {ORDER_STATUSES.values.map((status) => (
        <Paper withBorder p="sm" key={status}>
          <Text size="sm" c="dimmed">
            {ORDER_STATUSES.terms[status].label}
          </Text>
          <Text fw={700} size="xl">
            {summary.counts?.[status] ?? 0}건
          </Text>
        </Paper>
      ))}
      <Paper withBorder p="sm">
        <Text size="sm" c="dimmed">
          주문 수량
        </Text>
        <Text fw={700} size="xl">
          {summary.orderedQuantity}
        </Text>
      </Paper>
      <Paper withBorder p="sm">
        <Text size="sm" c="dimmed">
          전달 수량
        </Text>
        <Text fw={700} size="xl">
          {summary.deliveredQuantity}{' '}
          <Text span size="sm" c="dimmed">
            ({rate}%)
          </Text>
        </Text>
      </Paper>
    </SimpleGrid>
  );
}
