import { Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { currentSession } from '../../session';
import { LabelBadge, ScrollRegion } from '../../ui';
import { operatorsQuery } from '../api/operators';
import type { AccessActor, AccessRecord } from '../api/types';
import { ACCESS_ACTIONS, ACTOR_KINDS, hasRole, SUBJECT_TYPES } from '../labels';

const TO_THE_SECOND = new Intl.DateTimeFormat('ko-KR', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Seoul',
});

/** A record's time as kept: to the second, in Seoul's time. */
export const toTheSecond = (value: string) => TO_THE_SECOND.format(new Date(value));

/** Operator accounts' names by id, for an admin (who may list the accounts); none for a reviewer. */
export function useOperatorNames(): ReadonlyMap<string, string> {
  const admin = hasRole(currentSession()?.account.role ?? 'viewer', 'admin');
  const operators = useQuery({ ...operatorsQuery, enabled: admin });
  return new Map((operators.data?.data ?? []).map((operator) => [operator.id, operator.name]));
}

/** Who acted: the kind, the account's name when known, and the account's, key's or user's id. */
export function ActorCell({ actor, names }: { actor: AccessActor; names: ReadonlyMap<string, string> }) {
  const name = actor.kind === 'operator' ? names.get(actor.id) : undefined;
  return (
    <Stack gap={2} align="flex-start">
      <LabelBadge value={actor.kind} of={ACTOR_KINDS} size="sm" miw="max-content" />
      {name && <Text size="sm">{name}</Text>}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {actor.id}
      </Text>
    </Stack>
  );
}

/** Access records with their five items (and the reason of an export), as the API answers them. */
export function RecordsTable({ records, label, busy = false }: { records: AccessRecord[]; label: string; busy?: boolean }) {
  const names = useOperatorNames();
  return (
    <ScrollRegion label={label} minWidth={860}>
      <Table striped aria-label={label} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">때</Table.Th>
            <Table.Th scope="col">계정·키</Table.Th>
            <Table.Th scope="col">접속 주소</Table.Th>
            <Table.Th scope="col">작업</Table.Th>
            <Table.Th scope="col">정보주체</Table.Th>
            <Table.Th scope="col">사유</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={record.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{toTheSecond(record.recordedAt)}</Table.Td>
              <Table.Td>
                <ActorCell actor={record.actor} names={names} />
              </Table.Td>
              <Table.Td>
                <code>{record.address}</code>
              </Table.Td>
              <Table.Td>
                <LabelBadge value={record.action} of={ACCESS_ACTIONS} size="sm" miw="max-content" />
                <Text size="xs" c="dimmed">
                  <code>{record.operation}</code>
                </Text>
              </Table.Td>
              <Table.Td>
                {record.subjects.length === 0 ? (
                  '—'
                ) : (
                  <Group gap={4}>
                    {record.subjects.map((subject) => (
                      <Text key={`${subject.type}:${subject.id}`} size="sm" component="span">
                        {SUBJECT_TYPES.terms[subject.type]?.label ?? subject.type} <code>{subject.id}</code>
                      </Text>
                    ))}
                  </Group>
                )}
              </Table.Td>
              <Table.Td>{record.reason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
