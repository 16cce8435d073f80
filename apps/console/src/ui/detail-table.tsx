import { Table } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';

const LabelWidth = createContext(120);

/** One record's fields, a row each (label, value): an order's, an endpoint's, a delivery's. */
export function DetailTable({ label, labelWidth = 120, children }: { label: string; labelWidth?: number; children: ReactNode }) {
  return (
    <LabelWidth.Provider value={labelWidth}>
      <Table variant="vertical" layout="fixed" withTableBorder aria-label={label}>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </LabelWidth.Provider>
  );
}

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={useContext(LabelWidth)} scope="row">
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}
