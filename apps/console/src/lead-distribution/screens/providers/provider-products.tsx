import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { dateTime, ProblemAlert } from '../../../ui';
import { providerProductsQuery } from '../../api/products';
import type { Provider } from '../../api/providers';
import { ActivityBadge } from '../../parts/activity-badge';

/** The provider's products (the first 100; the product list searches the rest), each linking to its page. */
export function ProviderProducts({ provider }: { provider: Provider }) {
  const products = useQuery(providerProductsQuery(provider.id));
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4">
        {provider.name}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        ID <code>{provider.id}</code> · 등록 {dateTime(provider.createdAt)}
      </Text>
      <Text fw={600} size="sm" mb={4}>
        상품 {products.data ? `${products.data.pagination.total}개` : ''}
      </Text>
      <ProblemAlert error={products.error} title="상품을 불러오지 못했습니다" />
      {products.data?.data.length === 0 && (
        <Text size="sm" c="dimmed">
          상품이 없습니다. 상품 화면에서 이 공급사의 상품을 등록하세요.
        </Text>
      )}
      <Stack gap={4}>
        {products.data?.data.map((product) => (
          <Group key={product.id} gap="xs">
            <Anchor component={Link} href={`/products/${product.id}`} size="sm">
              {product.name}
            </Anchor>
            <ActivityBadge active={product.active} />
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
