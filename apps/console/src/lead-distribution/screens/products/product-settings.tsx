import { Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { components } from '../../../api/generated/lead-distribution';
import { dateTime, fieldError, namesOneOf, ProblemAlert } from '../../../ui';
import { useUpdateProduct, type Product } from '../../api/products';
import { ActivityBadge } from '../../parts/activity-badge';
import { notifySaved } from '../../parts/notify';
import { ProviderSelect } from '../../parts/provider-select';
import { AsWindowInput, PRODUCT_FIELDS, ProductNameInput } from './product-fields';

/** A product's name, provider, AS window and activity; only what changed is sent (PATCH). */
export function ProductSettings({ product }: { product: Product }) {
  const [name, setName] = useState(product.name);
  const [providerId, setProviderId] = useState<string | null>(product.provider.id);
  const [asWindowDays, setAsWindowDays] = useState<number | string>(product.asWindowDays);
  const [active, setActive] = useState(product.active);
  const update = useUpdateProduct(product.id);
  const { error } = update;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only what changed is sent: an unchanged field is never rewritten.
    const body: components['schemas']['UpdateProductDto'] = {};
    if (name.trim() !== product.name) body.name = name.trim();
    if (providerId !== null && providerId !== product.provider.id) body.providerId = providerId;
    if (typeof asWindowDays === 'number' && asWindowDays !== product.asWindowDays) body.asWindowDays = asWindowDays;
    if (active !== product.active) body.active = active;
    update.mutate(body, { onSuccess: () => notifySaved('상품 설정을 저장했습니다') });
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="product-settings-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id="product-settings-title">
          상품 설정
        </Title>
        <ActivityBadge active={product.active} />
      </Group>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} verticalSpacing="sm">
          <ProductNameInput value={name} onChange={setName} error={fieldError(error, 'name')} />
          <ProviderSelect value={providerId} onChange={setProviderId} current={product.provider} error={fieldError(error, 'providerId')} />
          <AsWindowInput
            value={asWindowDays}
            onChange={setAsWindowDays}
            error={fieldError(error, 'asWindowDays')}
            description="이미 배정된 리드의 AS 신청에도 적용"
          />
          <Switch
            label="판매 중"
            description="끄면 새 주문을 받지 않습니다"
            checked={active}
            onChange={(event) => setActive(event.currentTarget.checked)}
            error={fieldError(error, 'active')}
            mt={{ lg: 28 }}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          ID <code>{product.id}</code> · 등록 {dateTime(product.createdAt)} · 수정 {dateTime(product.updatedAt)}
        </Text>
        <ProblemAlert error={namesOneOf(error, PRODUCT_FIELDS) ? undefined : error} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={name.trim() === ''}>
            설정 저장
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
