import { Badge } from '@mantine/core';
import type { Endpoint } from '../../api/webhooks';

/** Whether the endpoint takes new events. */
export function EndpointBadge({ endpoint }: { endpoint: Endpoint }) {
  return endpoint.enabled ? (
    <Badge color="green" variant="filled" autoContrast>
      사용
    </Badge>
  ) : (
    <Badge color="gray" variant="filled" autoContrast>
      중지
    </Badge>
  );
}
