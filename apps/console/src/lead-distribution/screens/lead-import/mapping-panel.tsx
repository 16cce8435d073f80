import { Alert, NativeSelect, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IMPORT_FIELDS, type ColumnMapping } from './fields';
import type { Sheet } from './sheet-file';

/** Which column of the file feeds each field of the import, guessed from the headers and changed here. */
export function MappingPanel({
  sheet,
  mapping,
  onChange,
  disabled,
  missing,
}: {
  sheet: Sheet;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  disabled: boolean;
  missing: string[];
}) {
  const options = [
    { value: '', label: '(사용 안 함)' },
    ...sheet.headers.map((header, column) => ({ value: String(column), label: header })),
  ];
  const sample = sheet.records[0] ?? [];
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb={4}>
        2. 열 연결
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        열 제목으로 짐작해 연결했습니다. 파일의 어느 열이 각 항목인지 확인하세요.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {IMPORT_FIELDS.map((field) => {
          const column = mapping[field.key];
          return (
            <NativeSelect
              key={field.key}
              label={field.label}
              withAsterisk={field.required}
              data={options}
              value={column === null ? '' : String(column)}
              onChange={(event) => {
                const value = event.currentTarget.value;
                onChange({ ...mapping, [field.key]: value === '' ? null : Number(value) });
              }}
              description={column !== null && sample[column] ? `예: ${sample[column]}` : ' '}
              disabled={disabled}
            />
          );
        })}
      </SimpleGrid>
      {missing.length > 0 && (
        <Alert color="orange" mt="md" title="필수 항목이 연결되지 않았습니다" role="status">
          {missing.join(', ')} 열을 골라 주세요.
        </Alert>
      )}
    </Paper>
  );
}
