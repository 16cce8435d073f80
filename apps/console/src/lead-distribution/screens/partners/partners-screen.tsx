import { Grid, Text } from '@mantine/core';
import { useState } from 'react';
import { dateTime, PagedTable, PageHeader, usePagedQuery } from '../../../ui';
import { partnersQuery, type Partner } from '../../api/partners';
import { NewPartner } from './new-partner';
import { PartnerDetail } from './partner-detail';

/** Partners: every partner (search on the server), one partner's place in the tree, and its keys. */
export function PartnersScreen() {
  const [selected, setSelected] = useState<Partner>();
  const partners = usePagedQuery(partnersQuery);

  return (
    <>
      <PageHeader title="파트너" description="파트너 조직(대리점·지점)과 파트너 API 키를 관리합니다." />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <NewPartner parent={selected} onCreated={setSelected} />
          <PagedTable<Partner>
            paged={partners}
            label="파트너 목록"
            minWidth={440}
            searchLabel="이름 검색"
            rowKey={(partner) => partner.id}
            selectedKey={selected?.id}
            onRowClick={setSelected}
            columns={[
              { header: 'ID', cell: (partner) => partner.id },
              { header: '이름', cell: (partner) => partner.name },
              { header: '상위 ID', cell: (partner) => partner.parentId ?? '—' },
              { header: '등록', cell: (partner) => dateTime(partner.createdAt) },
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          {selected ? (
            <PartnerDetail key={selected.id} partner={selected} onSelect={setSelected} />
          ) : (
            <Text c="dimmed">목록에서 파트너를 고르면 조직 구조와 API 키가 여기에 표시됩니다.</Text>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
