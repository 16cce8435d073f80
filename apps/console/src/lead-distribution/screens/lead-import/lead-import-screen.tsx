import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useRef, useState, type ComponentProps } from 'react';
import { PageHeader, ProblemAlert, ScrollRegion } from '../../ui';
import { IMPORT_FIELDS, guessMapping, toLeadRow, unmappedRequired, type ColumnMapping, type LeadRow } from './lead-import-fields';
import { ACCEPTED_FILES, FileReadError, readSheetFile, type SheetFile } from './lead-import-file';
import { ProductPicker } from './lead-import-product';
import {
  MAX_ROWS_PER_CALL,
  STATUS_LABELS,
  download,
  errorsCsv,
  outcomeText,
  planChunks,
  sendChunk,
  type Chunk,
  type RowResult,
} from './lead-import-run';

const PREVIEW_ROWS = 5;
const RESULTS_PER_PAGE = 50;
const CONTROL_LABELS = { first: '첫 페이지', previous: '이전 페이지', next: '다음 페이지', last: '마지막 페이지' } as const;

/** Lead import: a CSV or XLSX file read in the browser, its columns mapped, previewed, then imported in chunks. */
export function LeadImportScreen() {
  // A new import starts from a fresh form: nothing of the previous file or run is kept.
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <PageHeader
        title="리드 가져오기"
        description="CSV 또는 XLSX 파일의 리드를 한 번에 등록합니다. 파일은 이 브라우저에서 읽고, 서버에는 가져오기 요청만 보냅니다."
      />
      <LeadImport key={generation} onRestart={() => setGeneration((value) => value + 1)} />
    </>
  );
}

interface Run {
  chunks: Chunk[];
  /** The next chunk to send. */
  next: number;
  results: Array<RowResult | undefined>;
  state: 'running' | 'paused' | 'stopped' | 'done';
  error?: unknown;
}

function LeadImport({ onRestart }: { onRestart: () => void }) {
  const [productId, setProductId] = useState<string | null>(null);
  const [file, setFile] = useState<SheetFile>();
  const [fileError, setFileError] = useState<unknown>();
  const [reading, setReading] = useState(false);
  const [hasHeaderRow, setHasHeaderRow] = useState(true);
  const [mapping, setMapping] = useState<ColumnMapping>();
  const [run, setRun] = useState<Run>();
  const stopRequested = useRef(false);

  const sheet = useMemo(() => (file ? sheetOf(file, hasHeaderRow) : undefined), [file, hasHeaderRow]);
  const rows = useMemo(() => (sheet && mapping ? sheet.records.map((cells) => toLeadRow(cells, mapping)) : []), [sheet, mapping]);
  const locked = run !== undefined;

  const chooseFile = async (chosen: File | null) => {
    if (!chosen) return;
    setReading(true);
    setFileError(undefined);
    try {
      const read = await readSheetFile(chosen);
      setFile(read);
      setMapping(guessMapping(sheetOf(read, hasHeaderRow).headers));
    } catch (error) {
      setFile(undefined);
      setMapping(undefined);
      setFileError(error instanceof FileReadError ? error : new FileReadError(`파일을 읽지 못했습니다: ${String(error)}`));
    } finally {
      setReading(false);
    }
  };

  const toggleHeaderRow = (checked: boolean) => {
    setHasHeaderRow(checked);
    if (file) setMapping(guessMapping(sheetOf(file, checked).headers));
  };

  /** Sends the chunks from `from.next` on, one at a time, recording each row's result as it comes. */
  const drive = async (from: Run) => {
    stopRequested.current = false;
    let current: Run = { ...from, state: 'running', error: undefined };
    setRun(current);
    for (let index = current.next; index < current.chunks.length; index++) {
      if (stopRequested.current) {
        setRun({ ...current, state: 'stopped' });
        return;
      }
      const chunk = current.chunks[index]!;
      try {
        const answered = await sendChunk(productId!, rows, chunk);
        const results = current.results.slice();
        answered.forEach((result, offset) => (results[chunk.start + offset] = result));
        current = { ...current, next: index + 1, results };
        setRun(current);
      } catch (error) {
        setRun({ ...current, state: 'paused', error });
        return;
      }
    }
    setRun({ ...current, state: 'done' });
  };

  const start = () => void drive({ chunks: planChunks(rows), next: 0, results: [], state: 'running' });
  const missing = mapping ? unmappedRequired(mapping) : [];
  const ready = productId !== null && sheet !== undefined && rows.length > 0 && missing.length === 0;

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          1. 상품과 파일
        </Title>
        <Stack gap="sm">
          <ProductPicker onChange={setProductId} disabled={locked} />
          <Group align="flex-end" wrap="wrap">
            <FileButton
              onChange={(chosen) => void chooseFile(chosen)}
              accept={ACCEPTED_FILES}
              disabled={locked || reading}
              inputProps={{ 'data-testid': 'lead-file' } as ComponentProps<'input'>}
            >
              {(props) => (
                <Button {...props} variant="default" loading={reading}>
                  CSV·XLSX 파일 선택
                </Button>
              )}
            </FileButton>
            <Checkbox
              label="첫 행은 열 제목입니다"
              checked={hasHeaderRow}
              onChange={(event) => toggleHeaderRow(event.currentTarget.checked)}
              disabled={locked}
            />
          </Group>
          <Text size="sm" c="dimmed">
            한 번에 {MAX_ROWS_PER_CALL.toLocaleString('ko-KR')}행씩 나누어 보냅니다. CSV는 UTF-8 또는 EUC-KR(엑셀 기본)로 읽고, XLSX는 첫
            번째 시트를 읽습니다.
          </Text>
          {fileError !== undefined && (
            <Alert color="red" role="alert" title="파일을 읽지 못했습니다">
              {fileError instanceof Error ? fileError.message : String(fileError)}
            </Alert>
          )}
          {file && sheet && (
            <Text size="sm" data-testid="file-summary">
              <strong>{file.name}</strong> · 데이터 {sheet.records.length.toLocaleString('ko-KR')}행 · {sheet.headers.length}열
            </Text>
          )}
        </Stack>
      </Paper>

      {sheet && mapping && (
        <MappingPanel
          sheet={sheet}
          mapping={mapping}
          onChange={setMapping}
          disabled={locked}
          missing={missing.map((field) => field.label)}
        />
      )}

      {sheet && mapping && <Preview sheet={sheet} rows={rows} mapping={mapping} />}

      {sheet && mapping && (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">
            4. 가져오기
          </Title>
          {!run ? (
            <Group>
              <Button onClick={start} disabled={!ready}>
                {rows.length.toLocaleString('ko-KR')}행 가져오기
              </Button>
              {productId === null && (
                <Text size="sm" c="dimmed">
                  상품 ID를 입력하세요.
                </Text>
              )}
            </Group>
          ) : (
            <RunPanel
              run={run}
              total={rows.length}
              onStop={() => (stopRequested.current = true)}
              onResume={() => void drive(run)}
              onRestart={onRestart}
              onDownload={() =>
                download(
                  errorsCsv(sheet.headers, sheet.records, run.results, (index) => sheet.rowNumbers[index]!),
                  `리드-가져오기-오류-${file!.name.replace(/\.(csv|xlsx)$/i, '')}.csv`,
                )
              }
            />
          )}
        </Paper>
      )}

      {run && sheet && <Results run={run} rows={rows} rowNumbers={sheet.rowNumbers} />}
    </Stack>
  );
}

interface Sheet {
  headers: string[];
  records: string[][];
  rowNumbers: number[];
}

/** The file's column names (its first row, or 열 1, 열 2, …) and its data records. */
function sheetOf(file: SheetFile, hasHeaderRow: boolean): Sheet {
  // A reduce, not Math.max(...rows): a spread of a few hundred thousand rows overflows the stack.
  const width = file.records.reduce((widest, cells) => Math.max(widest, cells.length), 0);
  const first = hasHeaderRow ? file.records[0]! : [];
  const headers = Array.from({ length: width }, (_, column) => first[column]?.trim() || `열 ${column + 1}`);
  const skip = hasHeaderRow ? 1 : 0;
  return { headers, records: file.records.slice(skip), rowNumbers: file.rowNumbers.slice(skip) };
}

function MappingPanel({
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

/** The first rows as they will be sent (after the mapping and the clean-up of spreadsheet habits). */
function Preview({ sheet, rows, mapping }: { sheet: Sheet; rows: LeadRow[]; mapping: ColumnMapping }) {
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

function RunPanel({
  run,
  total,
  onStop,
  onResume,
  onRestart,
  onDownload,
}: {
  run: Run;
  total: number;
  onStop: () => void;
  onResume: () => void;
  onRestart: () => void;
  onDownload: () => void;
}) {
  const done = run.chunks[run.next - 1]?.end ?? 0;
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  const counts = countOf(run.results);
  const notImported = counts.DUPLICATE + counts.INVALID + counts.FAILED;
  return (
    <Stack gap="sm">
      <Progress value={percent} size="lg" aria-label="가져오기 진행률" animated={run.state === 'running'} />
      <Text size="sm" role="status" data-testid="import-progress">
        {run.state === 'done' ? '완료' : run.state === 'running' ? '가져오는 중' : run.state === 'stopped' ? '중지됨' : '일시 정지'} ·{' '}
        {done.toLocaleString('ko-KR')} / {total.toLocaleString('ko-KR')}행 ({run.next}/{run.chunks.length}회 요청)
      </Text>
      <Group gap="xs" aria-label="결과 요약">
        <Badge color="green" size="lg">
          등록 {counts.CREATED}
        </Badge>
        <Badge color="yellow" size="lg">
          중복 {counts.DUPLICATE}
        </Badge>
        <Badge color="red" size="lg">
          오류 {counts.INVALID}
        </Badge>
        {counts.FAILED > 0 && (
          <Badge color="gray" size="lg">
            처리 안 됨 {counts.FAILED}
          </Badge>
        )}
      </Group>
      {run.state === 'paused' && (
        <ProblemAlert error={run.error} title="요청이 완료되지 않아 멈췄습니다. 같은 요청을 다시 보낼 수 있습니다." />
      )}
      <Group>
        {run.state === 'running' && (
          <Button variant="default" onClick={onStop}>
            중지
          </Button>
        )}
        {(run.state === 'paused' || run.state === 'stopped') && <Button onClick={onResume}>이어서 가져오기</Button>}
        {notImported > 0 && run.state !== 'running' && (
          <Button variant="default" onClick={onDownload}>
            등록 안 된 {notImported}행 CSV 내려받기
          </Button>
        )}
        {run.state !== 'running' && (
          <Button variant="subtle" onClick={onRestart}>
            새 파일 가져오기
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function countOf(results: ReadonlyArray<RowResult | undefined>): Record<RowResult['status'], number> {
  const counts = { CREATED: 0, DUPLICATE: 0, INVALID: 0, FAILED: 0 };
  for (const result of results) if (result) counts[result.status] += 1;
  return counts;
}

const STATUS_COLORS: Record<RowResult['status'], string> = { CREATED: 'green', DUPLICATE: 'yellow', INVALID: 'red', FAILED: 'gray' };

/** Each row's result, the rows not imported first to hand. Paged here: the results are in the page already. */
function Results({ run, rows, rowNumbers }: { run: Run; rows: LeadRow[]; rowNumbers: number[] }) {
  const [filter, setFilter] = useState<'all' | 'failed' | 'created'>('all');
  const [page, setPage] = useState(1);
  const shown = useMemo(
    () =>
      run.results.flatMap((result, index) =>
        result && (filter === 'all' || (filter === 'created') === (result.status === 'CREATED')) ? [{ result, index }] : [],
      ),
    [run.results, filter],
  );
  const pages = Math.max(1, Math.ceil(shown.length / RESULTS_PER_PAGE));
  const current = Math.min(page, pages);
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          행별 결과
        </Title>
        <SegmentedControl
          aria-label="결과 거르기"
          value={filter}
          onChange={(value) => {
            setFilter(value as typeof filter);
            setPage(1);
          }}
          data={[
            { value: 'all', label: '전체' },
            { value: 'failed', label: '등록 안 된 행' },
            { value: 'created', label: '등록된 행' },
          ]}
        />
      </Group>
      <ScrollRegion label="행별 결과 표" minWidth={720}>
        <Table aria-label="행별 가져오기 결과">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">행</Table.Th>
              <Table.Th scope="col">이름</Table.Th>
              <Table.Th scope="col">휴대전화</Table.Th>
              <Table.Th scope="col">결과</Table.Th>
              <Table.Th scope="col">내용</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.slice((current - 1) * RESULTS_PER_PAGE, current * RESULTS_PER_PAGE).map(({ result, index }) => (
              <Table.Tr key={index} data-testid={`result-row-${rowNumbers[index]}`}>
                <Table.Td>{rowNumbers[index]}</Table.Td>
                <Table.Td>{rows[index]?.name ?? '—'}</Table.Td>
                <Table.Td>{rows[index]?.phone ?? '—'}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[result.status]}>{STATUS_LABELS[result.status]}</Badge>
                </Table.Td>
                <Table.Td>{outcomeText(result)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          해당하는 행이 없습니다.
        </Text>
      )}
      {pages > 1 && (
        <Pagination
          mt="sm"
          total={pages}
          value={current}
          onChange={setPage}
          aria-label="결과 페이지"
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
      )}
    </Paper>
  );
}
