/** A file read in the browser: its non-empty records (rows) as text cells, the first one possibly the headers. */
export interface SheetFile {
  name: string;
  records: string[][];
  /** Each record's row number in the file (1-based, as a spreadsheet shows it): blank rows are skipped. */
  rowNumbers: number[];
}

export const ACCEPTED_FILES = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A readable message for a file that cannot be read. */
export class FileReadError extends Error {}

/**
 * Reads a CSV or XLSX file here, in the browser (nothing but the import calls goes to the server).
 * The parsers are loaded on first use, so they are not part of the console's first load.
 */
export async function readSheetFile(file: File): Promise<SheetFile> {
  const records = /\.xlsx$/i.test(file.name) ? await readXlsx(file) : await readCsv(file);
  // Rows with no value at all (trailing lines, spacer rows) are not records.
  const kept = records.flatMap((cells, index) => (cells.some((cell) => cell.trim() !== '') ? [{ cells, rowNumber: index + 1 }] : []));
  if (kept.length === 0) throw new FileReadError('파일에 데이터가 없습니다.');
  return { name: file.name, records: kept.map((record) => record.cells), rowNumbers: kept.map((record) => record.rowNumber) };
}

/**
 * CSV text in UTF-8 (with or without a BOM), or in CP949/EUC-KR, which Excel on Korean Windows
 * writes when it saves "CSV": a file that is not valid UTF-8 is read as EUC-KR.
 */
async function readCsv(file: File): Promise<string[][]> {
  const bytes = await file.arrayBuffer();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('euc-kr').decode(bytes);
  }
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const fatal = parsed.errors.find((error) => error.type === 'Quotes');
  if (fatal) throw new FileReadError(`CSV를 읽지 못했습니다: ${fatal.row !== undefined ? `${fatal.row + 1}행, ` : ''}${fatal.message}`);
  return parsed.data;
}

/** The first sheet of an XLSX workbook, each cell as the text the API takes. */
async function readXlsx(file: File): Promise<string[][]> {
  const { readSheet } = await import('read-excel-file/browser');
  // Its unzipper inflates a part of over 512 KB (a sheet of a thousand-odd rows) in a web worker made
  // from a blob: URL; where the page's CSP refuses that worker the read would never settle, so the
  // refusal ends it with a message instead.
  let refused: (event: SecurityPolicyViolationEvent) => void = () => undefined;
  const workerRefused = new Promise<never>((_, reject) => {
    refused = (event) => {
      if (event.effectiveDirective === 'worker-src' && event.blockedURI.startsWith('blob'))
        reject(new FileReadError('이 XLSX 파일은 커서 브라우저 보안 정책상 여기서 읽을 수 없습니다. CSV(UTF-8)로 저장해 가져오세요.'));
    };
  });
  document.addEventListener('securitypolicyviolation', refused);
  try {
    const rows: unknown[][] = await Promise.race([readSheet(file), workerRefused]);
    return rows.map((cells) => cells.map(cellText));
  } catch (error) {
    if (error instanceof FileReadError) throw error;
    throw new FileReadError(`XLSX 파일을 읽지 못했습니다: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    document.removeEventListener('securitypolicyviolation', refused);
  }
}

/** Dates as YYYY-MM-DD (read-excel-file gives them in UTC); numbers as written, without a thousands separator. */
function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  return String(cell);
}

/** The file as rows of the import: column names, data records and their row numbers in the file. */
export interface Sheet {
  headers: string[];
  records: string[][];
  rowNumbers: number[];
}

/** The file's column names (its first row, or 열 1, 열 2, …) and its data records. */
export function sheetOf(file: SheetFile, hasHeaderRow: boolean): Sheet {
  // A reduce, not Math.max(...rows): a spread of a few hundred thousand rows overflows the stack.
  const width = file.records.reduce((widest, cells) => Math.max(widest, cells.length), 0);
  const first = hasHeaderRow ? file.records[0]! : [];
  const headers = Array.from({ length: width }, (_, column) => first[column]?.trim() || `열 ${column + 1}`);
  const skip = hasHeaderRow ? 1 : 0;
  return { headers, records: file.records.slice(skip), rowNumbers: file.rowNumbers.slice(skip) };
}
