import { Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ProblemAlert } from '../../../ui';
import { ancestorsQuery, childPartnersQuery, type Partner } from '../../api/partners';
import { ApiKeysPanel } from '../../parts/api-keys-panel';

/** One partner: its place in the tree (the parents above, the children below) and its API keys. */
export function PartnerDetail({ partner, onSelect }: { partner: Partner; onSelect: (partner: Partner) => void }) {
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
      <ApiKeysPanel
        title="API 키"
        owner={{ kind: 'partner', id: partner.id, name: partner.name }}
        namePlaceholder="crm-production"
        revokeEffect="이 키를 쓰는 파트너 서버의 호출은 즉시 거부됩니다."
      />
    </Stack>
  );
}

/** The chain of parents up to the top of the partner's organisation. */
function Ancestors({ partner, onSelect }: { partner: Partner; onSelect: (partner: Partner) => void }) {
  const { data, error } = useQuery(ancestorsQuery(partner));
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
  const { data, error } = useQuery(childPartnersQuery(parentId));
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
