import { Button, Grid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { dateTime, PagedTable, PageHeader, usePagedQuery } from '../../../ui';
import { providersQuery, type Provider } from '../../api/providers';
import { ApiKeysPanel } from '../../parts/api-keys-panel';
import { NewProvider } from './new-provider';
import { ProviderProducts } from './provider-products';

/** Providers: every provider (search on the server), a new one, and one provider's products and keys. */
export function ProvidersScreen() {
  const [selected, setSelected] = useState<Provider>();
  const providers = usePagedQuery(providersQuery);

  return (
    <>
      <PageHeader title="공급사" description="리드를 공급하는 회사와 리드 등록에 쓰는 공급사 API 키를 관리합니다." />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <NewProvider onCreated={setSelected} />
          <PagedTable<Provider>
            paged={providers}
            label="공급사 목록"
            searchLabel="공급사명 검색"
            rowKey={(provider) => provider.id}
            selectedKey={selected?.id}
            onRowClick={setSelected}
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
              {/* A provider's keys register the leads of its products. */}
              <ApiKeysPanel
                title="공급사 API 키"
                owner={{ kind: 'provider', id: selected.id, name: selected.name }}
                namePlaceholder="lead-sender"
                revokeEffect="이 키로 리드를 등록하는 공급사 서버의 호출은 즉시 거부됩니다."
              />
            </Stack>
          ) : (
            <Text c="dimmed">목록에서 공급사를 고르면 상품과 API 키가 여기에 표시됩니다.</Text>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
