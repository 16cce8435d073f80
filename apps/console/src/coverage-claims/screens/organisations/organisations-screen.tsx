import { Grid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { dateTime, PagedTable, PageHeader, SecretOnce, usePagedQuery } from '../../../ui';
import { organisationsQuery, withoutSecret, type Organisation, type OrganisationWithSecret } from '../../api/organisations';
import { NewOrganisation } from './new-organisation';
import { OrganisationDetail } from './organisation-detail';

/** Organisations (insurance agencies) that sign their planners in by SSO: register, redirect URIs, SSO secret. */
export function OrganisationsScreen() {
  const [selected, setSelected] = useState<Organisation>();
  const [secret, setSecret] = useState<OrganisationWithSecret>();
  const organisations = usePagedQuery(organisationsQuery);

  return (
    <>
      <PageHeader
        title="조직"
        description="SSO로 설계사를 로그인시키는 보험대리점(조직)을 등록하고, 리디렉션 URI와 SSO 비밀키를 관리합니다."
      />
      {secret && (
        <Stack mb="md">
          <SecretOnce label={`「${secret.name}」의 SSO 비밀키`} secret={secret.ssoSecret} onDismiss={() => setSecret(undefined)} />
        </Stack>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <NewOrganisation
            onCreated={(created) => {
              setSecret(created);
              setSelected(withoutSecret(created));
            }}
          />
          <PagedTable<Organisation>
            paged={organisations}
            label="조직 목록"
            searchLabel="이름 검색"
            rowKey={(organisation) => organisation.id}
            selectedKey={selected?.id}
            onRowClick={setSelected}
            columns={[
              { header: '이름', cell: (organisation) => organisation.name },
              { header: '리디렉션 URI', cell: (organisation) => `${organisation.redirectUris.length}개` },
              { header: '비밀키 발급', cell: (organisation) => dateTime(organisation.ssoSecretIssuedAt) },
              { header: '등록', cell: (organisation) => dateTime(organisation.createdAt) },
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {selected ? (
            <OrganisationDetail
              key={selected.id}
              organisation={selected}
              onChanged={setSelected}
              onSecret={(rotated) => {
                setSecret(rotated);
                setSelected(withoutSecret(rotated));
              }}
            />
          ) : (
            <Text c="dimmed">목록에서 조직을 고르면 리디렉션 URI 편집과 SSO 비밀키 재발급이 여기에 표시됩니다.</Text>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}
