import { Paper, Table, Text, Title } from '@mantine/core';
import { ScrollRegion } from '../../../ui';
import { IMPORT_FIELDS, type ColumnMapping, type LeadRow } from './fields';
import type { Sheet } from './sheet-file';

const PREVIEW_ROWS = 5;

/** The first rows as they will be sent (after the mapping and the clean-up of spreadsheet habits). */
export function Preview({ sheet, rows, mapping }: { sheet: Sheet; rows: LeadRow[]; mapping: ColumnMapping }) {
  const fields = IMPORT_FIELDS.filter((field) => mapping[field.key] !== null);
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb={4}>
        3. 미리보기
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        처음 {Math.min(PREVIEW_ROWS, rows.length)}행을 보낼 값으로 보여 줍니다. 값의 검사는 가져올 때 서버가 행마다 합니다.
      </Text>
      <ScrollRegion label="미리보기 표" minWidth={720}>
        <Table striped aria-label="가져올 리드 미리보기">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">행</Table.Th>
              {fields.map((field) => (
                <Table.Th scope="col" key={field.key}>
                  {field.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, PREVIEW_ROWS).map((row, index) => (
              <Table.Tr key={sheet.rowNumbers[index]}>
                <Table.Td>{sheet.rowNumbers[index]}</Table.Td>
                {fields.map((field) => (
                  <Table.Td key={field.key}>{row[field.key] ?? '—'}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </Paper>
  );
}
