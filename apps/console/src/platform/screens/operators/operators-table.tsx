import { Badge, Table, TextInput } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { dateTime, LabelBadge, ProblemAlert, ScrollRegion } from '../../../ui';
import type { Listed, Operator } from '../../api/types';
import { OPERATOR_ROLES } from '../../labels';

/** The accounts, searched by name or e-mail in the page (every account is listed at once). */
export function OperatorsTable({
  query,
  selected,
  onSelect,
}: {
  query: UseQueryResult<Listed<Operator>>;
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  const [search, setSearch] = useState('');
  const words = search.trim().toLowerCase();
  const rows = (query.data?.data ?? []).filter(
    (operator) => words === '' || operator.name.toLowerCase().includes(words) || operator.email.toLowerCase().includes(words),
  );
  const label = '운영자 계정 목록';

  return (
    <>
      <TextInput
        label="이름·이메일 검색"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={260}
        mb="sm"
      />
      <ProblemAlert error={query.error} title="목록을 불러오지 못했습니다" />
      <ScrollRegion label={label} minWidth={520}>
        <Table striped highlightOnHover aria-label={label} aria-busy={query.isFetching}>
          <Table.Caption>
            {label} · 총 {rows.length}명
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">이름</Table.Th>
              <Table.Th scope="col">이메일</Table.Th>
              <Table.Th scope="col">역할</Table.Th>
              <Table.Th scope="col">상태</Table.Th>
              <Table.Th scope="col">만든 때</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((operator) => (
              <Table.Tr
                key={operator.id}
                onClick={() => onSelect(operator.id)}
                style={{ cursor: 'pointer' }}
                bg={selected === operator.id ? 'var(--mantine-color-blue-light)' : undefined}
              >
                <Table.Td>{operator.name}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{operator.email}</Table.Td>
                <Table.Td>
                  <LabelBadge value={operator.role} of={OPERATOR_ROLES} miw="max-content" />
                </Table.Td>
                <Table.Td>
                  <Badge color={operator.disabledAt ? 'gray' : 'green'} miw="max-content">
                    {operator.disabledAt ? '비활성' : '사용 중'}
                  </Badge>
                </Table.Td>
                <Table.Td>{dateTime(operator.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </>
  );
}
