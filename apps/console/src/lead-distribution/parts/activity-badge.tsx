import { Badge } from '@mantine/core';

/** Whether a product takes new orders. */
export function ActivityBadge({ active }: { active: boolean }) {
  return active ? <Badge color="green">판매 중</Badge> : <Badge color="gray">판매 중지</Badge>;
}
