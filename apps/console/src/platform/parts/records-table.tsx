import { Group, Stack, Table, Text } from '@mantine/core';
import { LabelBadge, ScrollRegion } from '../../ui';
import type { AccessRecord } from '../api/types';
import { ACCESS_ACTIONS, ACTOR_KINDS, SUBJECT_TYPES } from '../labels';

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

/** Who acted: the kind, and the account's name (or the key's or user's id). */
export function ActorCell({ actor }: { actor: AccessRecord['actor'] }) {
  return (
    <Stack gap={2}>
      <LabelBadge value={actor.kind} of={ACTOR_KINDS} size="sm" miw="max-content" />
      <Text size="sm">{actor.name ?? actor.id}</Text>
      {actor.name && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {actor.id}
        </Text>
      )}
    </Stack>
  );
}

/** Access records with their five items (and the reason of an export), as the API answers them. */
export function RecordsTable({ records, label, busy = false }: { records: AccessRecord[]; label: string; busy?: boolean }) {
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
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{toTheSecond(record.at)}</Table.Td>
              <Table.Td>
                <ActorCell actor={record.actor} />
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
