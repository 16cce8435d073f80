import { Anchor, Button, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';
import { dateTime, fieldError, PagedTable, PageHeader, pageOf, ProblemAlert, useAction, useApiQuery } from '../../ui';
import { ActivityBadge } from '../parts/activity-badge';
import { ApiKeysPanel } from '../parts/api-keys-panel';

type Provider = components['schemas']['ProviderDto'];

/** Providers: every provider (search on the server), a new one, and one provider's products and keys. */
export function ProvidersScreen() {
  const [selected, setSelected] = useState<Provider>();
  const [reloadKey, setReloadKey] = useState(0);

  return (
    <>
      <PageHeader title="공급사" description="리드를 공급하는 회사와 리드 등록에 쓰는 공급사 API 키를 관리합니다." />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <NewProvider
            onCreated={(provider) => {
              setSelected(provider);
              setReloadKey((key) => key + 1);
            }}
          />
          <PagedTable<Provider>
            label="공급사 목록"
            searchLabel="공급사명 검색"
            reloadKey={reloadKey}
            rowKey={(provider) => provider.id}
            selectedKey={selected?.id}
            onRowClick={setSelected}
            load={async ({ page, limit, q }) =>
              pageOf(await unwrap(leadApi.GET('/api/v1/admin/providers', { params: { query: { page, limit, search: q } } })))
            }
            columns={[
              {
                header: '공급사명',
                cell: (provider) => (
                  <Button variant="subtle" size="compact-sm" px={0} onClick={() => setSelected(provider)}>
                    {provider.name}
                  </Button>
                ),
              },
              { header: '등록', cell: (provider) => dateTime(provider.createdAt) },
            ]}
            empty="조건에 맞는 공급사가 없습니다"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          {selected ? (
            <Stack key={selected.id}>
              <ProviderProducts provider={selected} />
              <ProviderKeys provider={selected} />
            </Stack>
          ) : (
            <Text c="dimmed">목록에서 공급사를 고르면 상품과 API 키가 여기에 표시됩니다.</Text>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}

function NewProvider({ onCreated }: { onCreated: (provider: Provider) => void }) {
  const [name, setName] = useState('');
  const { run, busy, error } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const created = await unwrap(leadApi.POST('/api/v1/admin/providers', { body: { name: name.trim() } }));
      setName('');
      onCreated(created);
    });
  };

  return (
    <Paper
      withBorder
      p="md"
      mb="md"
      component="form"
      onSubmit={(event: FormEvent) => void submit(event)}
      aria-labelledby="new-provider-title"
    >
      <Title order={2} size="h4" mb="xs" id="new-provider-title">
        공급사 등록
      </Title>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label="공급사명"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldError(error, 'name')}
          required
          maxLength={100}
          w={240}
        />
        <Button type="submit" loading={busy} disabled={name.trim() === ''} mt={24}>
          등록
        </Button>
      </Group>
      <ProblemAlert error={fieldError(error, 'name') ? undefined : error} />
    </Paper>
  );
}

/** The provider's products (the first 100; the product list searches the rest). */
function ProviderProducts({ provider }: { provider: Provider }) {
  const products = useApiQuery(
    () => unwrap(leadApi.GET('/api/v1/admin/products', { params: { query: { providerId: provider.id, limit: 100 } } })),
    [provider.id],
  );
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

/** A provider's API keys: they register the leads of its products. */
function ProviderKeys({ provider }: { provider: Provider }) {
  return (
    <ApiKeysPanel
      title="공급사 API 키"
      owner={provider.name}
      ownerKey={provider.id}
      namePlaceholder="lead-sender"
      revokeEffect="이 키로 리드를 등록하는 공급사 서버의 호출은 즉시 거부됩니다."
      list={() => unwrap(leadApi.GET('/api/v1/admin/providers/{id}/api-keys', { params: { path: { id: provider.id } } }))}
      issue={(body) => unwrap(leadApi.POST('/api/v1/admin/providers/{id}/api-keys', { params: { path: { id: provider.id } }, body }))}
    />
  );
}
