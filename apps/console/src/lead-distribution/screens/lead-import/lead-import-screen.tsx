import { Alert, Button, Checkbox, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState, type ComponentProps } from 'react';
import { PageHeader } from '../../../ui';
import { guessMapping, toLeadRow, unmappedRequired, type ColumnMapping } from './fields';
import { MappingPanel } from './mapping-panel';
import { Preview } from './preview';
import { ProductPicker } from './product-picker';
import { Results } from './results';
import { download, errorsCsv, MAX_ROWS_PER_CALL } from './run';
import { RunPanel } from './run-panel';
import { ACCEPTED_FILES, FileReadError, readSheetFile, sheetOf, type SheetFile } from './sheet-file';
import { useImportRun } from './use-import-run';

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

function LeadImport({ onRestart }: { onRestart: () => void }) {
  const [productId, setProductId] = useState<string | null>(null);
  const [file, setFile] = useState<SheetFile>();
  const [fileError, setFileError] = useState<unknown>();
  const [reading, setReading] = useState(false);
  const [hasHeaderRow, setHasHeaderRow] = useState(true);
  const [mapping, setMapping] = useState<ColumnMapping>();

  const sheet = useMemo(() => (file ? sheetOf(file, hasHeaderRow) : undefined), [file, hasHeaderRow]);
  const rows = useMemo(() => (sheet && mapping ? sheet.records.map((cells) => toLeadRow(cells, mapping)) : []), [sheet, mapping]);
  const { run, start, stop, resume } = useImportRun(productId, rows);
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
        <>
          <MappingPanel
            sheet={sheet}
            mapping={mapping}
            onChange={setMapping}
            disabled={locked}
            missing={missing.map((field) => field.label)}
          />
          <Preview sheet={sheet} rows={rows} mapping={mapping} />
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
                    상품을 고르세요.
                  </Text>
                )}
              </Group>
            ) : (
              <RunPanel
                run={run}
                total={rows.length}
                onStop={stop}
                onResume={resume}
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
        </>
      )}

      {run && sheet && <Results run={run} rows={rows} rowNumbers={sheet.rowNumbers} />}
    </Stack>
  );
}
