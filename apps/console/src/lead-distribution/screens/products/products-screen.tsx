import { Badge, Button, Group, NumberInput, Paper, Select, Switch, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';
import { dateTime, fieldError, namesOneOf, PagedTable, PageHeader, pageOf, ProblemAlert, useAction } from '../../ui';
import { ActivityBadge } from '../parts/activity-badge';
import { ProviderSelect } from '../parts/provider-select';

type Product = components['schemas']['AdminProductDto'];

const ACTIVITY_FILTERS = [
  { value: 'all', label: '전체' },
  { value: 'true', label: '판매 중' },
  { value: 'false', label: '판매 중지' },
];

/** Products: every product (search and filters on the server), and a new one; a row opens the product. */
export function ProductsScreen() {
  const [, navigate] = useLocation();
  const [activity, setActivity] = useState('all');
  const open = (product: { id: string }) => navigate(`/products/${product.id}`);

  return (
    <>
      <PageHeader title="상품" description="공급사의 리드 상품, AS 신청 기간과 AS 정책을 관리합니다." />
      <NewProduct onCreated={open} />
      <PagedTable<Product>
        label="상품 목록"
        searchLabel="상품명 검색"
        filters={
          <Select
            label="판매 상태"
            data={ACTIVITY_FILTERS}
            value={activity}
            onChange={(value) => setActivity(value ?? 'all')}
            allowDeselect={false}
            w={140}
          />
        }
        deps={[activity]}
        rowKey={(product) => product.id}
        onRowClick={open}
        load={async ({ page, limit, q }) =>
          pageOf(
            await unwrap(
              leadApi.GET('/api/v1/admin/products', {
                params: { query: { page, limit, search: q, active: activity === 'all' ? undefined : activity === 'true' } },
              }),
            ),
          )
        }
        columns={[
          {
            header: '상품명',
            cell: (product) => (
              <Button variant="subtle" size="compact-sm" px={0} onClick={() => open(product)}>
                {product.name}
              </Button>
            ),
          },
          { header: '공급사', cell: (product) => product.provider.name },
          { header: 'AS 신청 기간', cell: (product) => `배정 후 ${product.asWindowDays}일` },
          { header: '판매 상태', cell: (product) => <ActivityBadge active={product.active} /> },
          {
            header: 'AS 정책',
            cell: (product) => (product.hasAsPolicy ? <Badge color="indigo">등록됨</Badge> : <Badge color="gray">없음</Badge>),
          },
          { header: '수정', cell: (product) => dateTime(product.updatedAt) },
        ]}
        empty="조건에 맞는 상품이 없습니다"
      />
    </>
  );
}

// The service's default, for an emptied field.
const DEFAULT_AS_WINDOW_DAYS = 7;
const PRODUCT_FIELDS = ['name', 'providerId', 'asWindowDays', 'active'] as const;

function NewProduct({ onCreated }: { onCreated: (product: { id: string }) => void }) {
  const [name, setName] = useState('');
  const [providerId, setProviderId] = useState<string | null>(null);
  const [asWindowDays, setAsWindowDays] = useState<number | string>(DEFAULT_AS_WINDOW_DAYS);
  const [active, setActive] = useState(true);
  const { run, busy, error } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (providerId === null) return;
    await run(async () => {
      const body = {
        name: name.trim(),
        providerId,
        active,
        asWindowDays: typeof asWindowDays === 'number' ? asWindowDays : DEFAULT_AS_WINDOW_DAYS,
      };
      onCreated(await unwrap(leadApi.POST('/api/v1/admin/products', { body })));
    });
  };

  return (
    <Paper
      withBorder
      p="md"
      mb="lg"
      component="form"
      onSubmit={(event: FormEvent) => void submit(event)}
      aria-labelledby="new-product-title"
    >
      <Title order={2} size="h4" mb="xs" id="new-product-title">
        상품 등록
      </Title>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label="상품명"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldError(error, 'name')}
          required
          maxLength={100}
          w={240}
        />
        <ProviderSelect value={providerId} onChange={setProviderId} error={fieldError(error, 'providerId')} w={240} />
        <NumberInput
          label="AS 신청 기간 (배정 후 일수)"
          value={asWindowDays}
          onChange={setAsWindowDays}
          min={0}
          max={365}
          allowDecimal={false}
          error={fieldError(error, 'asWindowDays')}
          w={200}
        />
        <Switch label="판매 중" checked={active} onChange={(event) => setActive(event.currentTarget.checked)} mt={32} />
        <Button type="submit" loading={busy} disabled={name.trim() === '' || providerId === null} mt={24}>
          등록
        </Button>
      </Group>
      <ProblemAlert error={namesOneOf(error, PRODUCT_FIELDS) ? undefined : error} />
    </Paper>
  );
}
