import { Paper, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dateTime, ProblemAlert, ScrollRegion } from '../../../ui';
import { operatorHistoryQuery, operatorsQuery } from '../../api/operators';
import type { OperatorHistoryEntry, OperatorRole } from '../../api/types';
import { HISTORY_CHANGES, OPERATOR_ROLES } from '../../labels';

/** A role's words, or the value as the history keeps it (a name, a key id). */
const wordsOf = (value: string) => (value in OPERATOR_ROLES.terms ? OPERATOR_ROLES.terms[value as OperatorRole].label : value);

function what(entry: OperatorHistoryEntry): string {
  const change = HISTORY_CHANGES[entry.event];
  if (entry.before !== null && entry.after !== null) return `${change}: ${wordsOf(entry.before)} → ${wordsOf(entry.after)}`;
  if (entry.after !== null) return `${change}: ${wordsOf(entry.after)}`;
  if (entry.before !== null) return `${change}: ${wordsOf(entry.before)}`;
  return change;
}

/** Who made the change: an account (its name when it is in the list), or the bootstrap key. */
function byWhom(entry: OperatorHistoryEntry, names: ReadonlyMap<string, string>): string {
  if (entry.byKind === 'bootstrap') return '부트스트랩 키';
  return names.get(entry.byId) ?? entry.byId;
}

/** The account's history: every grant, change and removal, newest first, and who did it (kept at least three years). */
export function OperatorHistory({ id, name }: { id: string; name: string }) {
  const history = useQuery(operatorHistoryQuery(id));
  const operators = useQuery(operatorsQuery);
  const names = new Map((operators.data?.data ?? []).map((operator) => [operator.id, operator.name]));
  const label = `${name} 계정 이력`;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        계정 이력
      </Title>
      <ProblemAlert error={history.error} title="이력을 불러오지 못했습니다" />
      <ScrollRegion label={label} minWidth={420}>
        <Table aria-label={label} aria-busy={history.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">때</Table.Th>
              <Table.Th scope="col">변경</Table.Th>
              <Table.Th scope="col">한 사람</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data?.data.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{dateTime(entry.at)}</Table.Td>
                <Table.Td>{what(entry)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{byWhom(entry, names)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </Paper>
  );
}
