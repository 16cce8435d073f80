import { Button, Grid, Group, Paper, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';
import { dateTime, fieldError, PagedTable, PageHeader, pageOf, ProblemAlert, useAction, useApiQuery } from '../../ui';
import { ApiKeysPanel } from '../parts/api-keys-panel';

type Partner = components['schemas']['PartnerDto'];

const listPartners = (query: { page: number; limit: number; search?: string; parentId?: number }) =>
  unwrap(leadApi.GET('/api/v1/admin/partners', { params: { query } }));

/** Partners: every partner (search on the server), one partner's place in the tree, and its keys. */
export function PartnersScreen() {
  const [selected, setSelected] = useState<Partner>();
  const [reloadKey, setReloadKey] = useState(0);

  return (
    <>
      <PageHeader title="파트너" description="파트너 조직(대리점·지점)과 파트너 API 키를 관리합니다." />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <NewPartner
            parent={selected}
            onCreated={(partner) => {
              setSelected(partner);
              setReloadKey((key) => key + 1);
            }}
          />
          <PagedTable<Partner>
            label="파트너 목록"
            minWidth={440}
            searchLabel="이름 검색"
            reloadKey={reloadKey}
            rowKey={(partner) => partner.id}
            selectedKey={selected?.id}
            onRowClick={setSelected}
            load={async ({ page, limit, q }) => pageOf(await listPartners({ page, limit, search: q }))}
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

function NewPartner({ parent, onCreated }: { parent: Partner | undefined; onCreated: (partner: Partner) => void }) {
  const [name, setName] = useState('');
  const [underSelected, setUnderSelected] = useState(false);
  const { run, busy, error } = useAction();
  const parentId = underSelected && parent ? parent.id : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await run(async () => {
      const created = await unwrap(leadApi.POST('/api/v1/admin/partners', { body: { name: name.trim(), parentId } }));
      setName('');
      onCreated(created);
    });
  };

  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={(event: FormEvent) => void submit(event)}>
      <Title order={2} size="h4" mb="xs">
        파트너 등록
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="파트너 이름"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={fieldError(error, 'name')}
          required
          maw={260}
        />
        {parent && (
          <Button
            variant={underSelected ? 'filled' : 'default'}
            onClick={() => setUnderSelected((value) => !value)}
            aria-pressed={underSelected}
          >
            {underSelected ? `「${parent.name}」 아래에 등록` : '최상위로 등록'}
          </Button>
        )}
        <Button type="submit" loading={busy} disabled={name.trim() === ''}>
          등록
        </Button>
      </Group>
      <ProblemAlert error={fieldError(error, 'name') ? undefined : error} />
    </Paper>
  );
}

function PartnerDetail({ partner, onSelect }: { partner: Partner; onSelect: (partner: Partner) => void }) {
  return (
    <Stack>
      <Paper withBorder p="md">
        <Title order={2} size="h4">
          {partner.name}{' '}
          <Text span c="dimmed">
            #{partner.id}
          </Text>
        </Title>
        <Ancestors partner={partner} onSelect={onSelect} />
        <Text fw={600} mt="sm" size="sm">
          하위 파트너
        </Text>
        <Children parentId={partner.id} onSelect={onSelect} depth={0} />
      </Paper>
      <PartnerKeys partner={partner} />
    </Stack>
  );
}

/** The chain of parents up to the top of the partner's organisation. */
function Ancestors({ partner, onSelect }: { partner: Partner; onSelect: (partner: Partner) => void }) {
  const { data, error } = useApiQuery(async () => {
    const chain: Partner[] = [];
    for (let parentId = partner.parentId; parentId !== null && chain.length < 16;) {
      const parent = await unwrap(leadApi.GET('/api/v1/admin/partners/{id}', { params: { path: { id: parentId } } }));
      chain.unshift(parent);
      parentId = parent.parentId;
    }
    return chain;
  }, [partner.id]);
  return (
    <>
      <ProblemAlert error={error} />
      <Group gap={4} mt={4} aria-label="상위 조직">
        {(data ?? []).map((ancestor) => (
          <Group gap={4} key={ancestor.id}>
            <UnstyledButton onClick={() => onSelect(ancestor)} c="indigo" fz="sm">
              {ancestor.name}
            </UnstyledButton>
            <Text size="sm" c="dimmed" aria-hidden>
              ›
            </Text>
          </Group>
        ))}
        <Text size="sm" fw={600}>
          {partner.name}
        </Text>
      </Group>
    </>
  );
}

/** Direct children of a partner (the server's first 100), each expandable into its own. */
function Children({ parentId, onSelect, depth }: { parentId: number; onSelect: (partner: Partner) => void; depth: number }) {
  const { data, error } = useApiQuery(() => listPartners({ page: 1, limit: 100, parentId }), [parentId]);
  const [open, setOpen] = useState<Record<number, boolean>>({});
  if (error) return <ProblemAlert error={error} />;
  if (!data) return null;
  if (data.data.length === 0)
    return depth === 0 ? (
      <Text size="sm" c="dimmed">
        없음
      </Text>
    ) : null;
  return (
    <ul style={{ listStyle: 'none', margin: 0, paddingLeft: depth === 0 ? 0 : 18 }}>
      {data.data.map((child) => (
        <li key={child.id}>
          <Group gap={6} wrap="nowrap">
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={() => setOpen((state) => ({ ...state, [child.id]: !state[child.id] }))}
              aria-expanded={Boolean(open[child.id])}
              aria-label={`${child.name} 하위 ${open[child.id] ? '접기' : '펼치기'}`}
            >
              {open[child.id] ? '▾' : '▸'}
            </Button>
            <UnstyledButton onClick={() => onSelect(child)} fz="sm">
              {child.name}{' '}
              <Text span c="dimmed" fz="xs">
                #{child.id}
              </Text>
            </UnstyledButton>
          </Group>
          {open[child.id] && <Children parentId={child.id} onSelect={onSelect} depth={depth + 1} />}
        </li>
      ))}
      {data.pagination.total > data.data.length && (
        <Text size="xs" c="dimmed">
          외 {data.pagination.total - data.data.length}곳 (목록에서 검색하세요)
        </Text>
      )}
    </ul>
  );
}

function PartnerKeys({ partner }: { partner: Partner }) {
  return (
    <ApiKeysPanel
      title="API 키"
      owner={partner.name}
      ownerKey={partner.id}
      namePlaceholder="crm-production"
      revokeEffect="이 키를 쓰는 파트너 서버의 호출은 즉시 거부됩니다."
      list={() => unwrap(leadApi.GET('/api/v1/admin/partners/{id}/api-keys', { params: { path: { id: partner.id } } }))}
      issue={(body) => unwrap(leadApi.POST('/api/v1/admin/partners/{id}/api-keys', { params: { path: { id: partner.id } }, body }))}
    />
  );
}
