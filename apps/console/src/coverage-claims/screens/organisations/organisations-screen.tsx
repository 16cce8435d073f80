import { Button, Grid, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { claimsApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/coverage-claims';
import { ConfirmButton, dateTime, fieldError, PagedTable, PageHeader, pageOf, ProblemAlert, SecretOnce, useAction } from '../../ui';

type Organisation = components['schemas']['OrganisationDto'];
type OrganisationWithSecret = components['schemas']['OrganisationWithSecretDto'];

/** One redirect URI a line, blank lines left out. */
const urisOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** The organisation without its secret: only the one-time view holds that. */
const withoutSecret = ({ id, name, redirectUris, ssoSecretIssuedAt, createdAt, updatedAt }: OrganisationWithSecret): Organisation => ({
  id,
  name,
  redirectUris,
  ssoSecretIssuedAt,
  createdAt,
  updatedAt,
});

/** The API's message about the redirect URIs (it names the list, not the line). */
const redirectUrisError = (error: unknown) => fieldError(error, 'redirectUris');

const FORM_FIELDS = (error: unknown) => fieldError(error, 'name') !== undefined || redirectUrisError(error) !== undefined;

/** Organisations (insurance agencies) that sign their planners in by SSO: register, redirect URIs, SSO secret. */
export function OrganisationsScreen() {
  const [selected, setSelected] = useState<Organisation>();
  const [secret, setSecret] = useState<OrganisationWithSecret>();
  const [reloadKey, setReloadKey] = useState(0);
  const changed = (organisation: Organisation) => {
    setSelected(organisation);
    setReloadKey((key) => key + 1);
  };

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
              changed(withoutSecret(created));
            }}
          />
          <PagedTable<Organisation>
            label="조직 목록"
            searchLabel="이름 검색"
            reloadKey={reloadKey}
            rowKey={(organisation) => organisation.id}
            selectedKey={selected?.id}
            onRowClick={setSelected}
            load={async ({ page, limit, q }) =>
              pageOf(await unwrap(claimsApi.GET('/api/v1/admin/organisations', { params: { query: { page, limit, search: q } } })))
            }
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
            <OrganisationDetail key={selected.id} organisation={selected} onChanged={changed} onSecret={setSecret} />
          ) : (
            <Text c="dimmed">목록에서 조직을 고르면 리디렉션 URI 편집과 SSO 비밀키 재발급이 여기에 표시됩니다.</Text>
          )}
        </Grid.Col>
      </Grid>
    </>
  );
}

function NewOrganisation({ onCreated }: { onCreated: (organisation: OrganisationWithSecret) => void }) {
  const [name, setName] = useState('');
  const [uris, setUris] = useState('');
  const { run, busy, error } = useAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const created = await unwrap(
        claimsApi.POST('/api/v1/admin/organisations', { body: { name: name.trim(), redirectUris: urisOf(uris) } }),
      );
      setName('');
      setUris('');
      onCreated(created);
    });
  };

  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={(event: FormEvent) => void submit(event)}>
      <Title order={2} size="h4" mb="xs">
        조직 등록
      </Title>
      <Stack gap="sm">
        <OrganisationFields
          name={name}
          onName={setName}
          uris={uris}
          onUris={setUris}
          error={error}
          urisDescription="https 주소 (개발용은 http://localhost). 로그인 후 돌아갈 주소와 글자 그대로 일치해야 합니다."
          urisPlaceholder="https://planner.example.com/sso/callback"
        />
        <Group>
          <Button type="submit" loading={busy} disabled={name.trim() === '' || urisOf(uris).length === 0}>
            등록하고 비밀키 발급
          </Button>
        </Group>
        <ProblemAlert error={FORM_FIELDS(error) ? undefined : error} />
      </Stack>
    </Paper>
  );
}

function OrganisationDetail({
  organisation,
  onChanged,
  onSecret,
}: {
  organisation: Organisation;
  onChanged: (organisation: Organisation) => void;
  onSecret: (organisation: OrganisationWithSecret) => void;
}) {
  const [name, setName] = useState(organisation.name);
  const [uris, setUris] = useState(organisation.redirectUris.join('\n'));
  const { run, busy, error } = useAction();
  const [saved, setSaved] = useState(false);
  const path = { params: { path: { id: organisation.id } } };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    await run(async () => {
      const updated = await unwrap(
        claimsApi.PATCH('/api/v1/admin/organisations/{id}', { ...path, body: { name: name.trim(), redirectUris: urisOf(uris) } }),
      );
      setSaved(true);
      onChanged(updated);
    });
  };

  const rotate = async () => {
    const rotated = await unwrap(claimsApi.POST('/api/v1/admin/organisations/{id}/sso-secret', path));
    onSecret(rotated);
    onChanged(withoutSecret(rotated));
  };

  return (
    <Stack>
      <Paper withBorder p="md" component="form" onSubmit={(event: FormEvent) => void save(event)}>
        <Title order={2} size="h4">
          {organisation.name}
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          조직 ID (SSO 토큰의 iss): <code>{organisation.id}</code>
        </Text>
        <Stack gap="sm">
          <OrganisationFields
            name={name}
            onName={setName}
            uris={uris}
            onUris={setUris}
            error={error}
            urisDescription="저장하면 목록 전체가 바뀝니다."
          />
          <Group>
            <Button type="submit" loading={busy}>
              저장
            </Button>
            {saved && (
              <Text size="sm" fw={600} role="status">
                ✓ 저장했습니다.
              </Text>
            )}
          </Group>
          <ProblemAlert error={FORM_FIELDS(error) ? undefined : error} />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          SSO 비밀키
        </Title>
        <Text size="sm" mb="sm">
          현재 비밀키 발급: {dateTime(organisation.ssoSecretIssuedAt)}
        </Text>
        <ConfirmButton
          label="비밀키 재발급"
          confirmLabel="재발급"
          message={`「${organisation.name}」의 SSO 비밀키를 새로 발급합니다. 이전 비밀키로 서명한 로그인은 즉시 거부되므로, 조직의 서버에 새 비밀키를 바로 설정해야 합니다. 새 비밀키는 한 번만 표시됩니다.`}
          onConfirm={rotate}
        />
      </Paper>
    </Stack>
  );
}

interface OrganisationFieldsProps {
  name: string;
  onName: (name: string) => void;
  uris: string;
  onUris: (uris: string) => void;
  /** The API's refusal: its message for `name` or `redirectUris` goes under that field. */
  error: unknown;
  urisDescription: string;
  urisPlaceholder?: string;
}

/** An organisation's name and redirect URIs (one a line), as registering and editing ask for them. */
function OrganisationFields({ name, onName, uris, onUris, error, urisDescription, urisPlaceholder }: OrganisationFieldsProps) {
  return (
    <>
      <TextInput
        label="조직 이름"
        value={name}
        onChange={(event) => onName(event.currentTarget.value)}
        error={fieldError(error, 'name')}
        required
      />
      <Textarea
        label="리디렉션 URI (한 줄에 하나)"
        description={urisDescription}
        placeholder={urisPlaceholder}
        value={uris}
        onChange={(event) => onUris(event.currentTarget.value)}
        error={redirectUrisError(error)}
        autosize
        minRows={2}
        required
      />
    </>
  );
}
