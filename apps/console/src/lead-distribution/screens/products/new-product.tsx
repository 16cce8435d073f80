import { Button, Group, Paper, Switch, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { fieldError, namesOneOf, ProblemAlert } from '../../../ui';
import { useCreateProduct } from '../../api/products';
import { ProviderSelect } from '../../parts/provider-select';
import { AsWindowInput, DEFAULT_AS_WINDOW_DAYS, PRODUCT_FIELDS, ProductNameInput } from './product-fields';

export function NewProduct({ onCreated }: { onCreated: (product: { id: string }) => void }) {
  const [name, setName] = useState('');
  const [providerId, setProviderId] = useState<string | null>(null);
  const [asWindowDays, setAsWindowDays] = useState<number | string>(DEFAULT_AS_WINDOW_DAYS);
  const [active, setActive] = useState(true);
  const create = useCreateProduct();
  const { error } = create;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (providerId === null) return;
    const days = typeof asWindowDays === 'number' ? asWindowDays : DEFAULT_AS_WINDOW_DAYS;
    create.mutate({ name: name.trim(), providerId, active, asWindowDays: days }, { onSuccess: onCreated });
  };

  return (
    <Paper withBorder p="md" mb="lg" component="form" onSubmit={submit} aria-labelledby="new-product-title">
      <Title order={2} size="h4" mb="xs" id="new-product-title">
        상품 등록
      </Title>
      <Group align="flex-start" wrap="wrap">
        <ProductNameInput value={name} onChange={setName} error={fieldError(error, 'name')} w={240} />
        <ProviderSelect value={providerId} onChange={setProviderId} error={fieldError(error, 'providerId')} w={240} />
        <AsWindowInput value={asWindowDays} onChange={setAsWindowDays} error={fieldError(error, 'asWindowDays')} w={200} />
        <Switch label="판매 중" checked={active} onChange={(event) => setActive(event.currentTarget.checked)} mt={32} />
        <Button type="submit" loading={create.isPending} disabled={name.trim() === '' || providerId === null} mt={24}>
          등록
        </Button>
      </Group>
      <ProblemAlert error={namesOneOf(error, PRODUCT_FIELDS) ? undefined : error} />
    </Paper>
  );
}
