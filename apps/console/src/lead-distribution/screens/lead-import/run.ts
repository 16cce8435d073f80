import type { components } from '../../../api/generated/lead-distribution';
import { ApiProblem } from '../../../api/problem';
import { messageFor } from '../../../api/problem-messages';
import { idempotencyKey } from '../../../ui';
import { importLeads } from '../../api/leads';
import { IMPORT_ROW_STATUSES, type ImportRowStatus } from '../../labels';
import { LEAD_DISTRIBUTION_PROBLEM_MESSAGES } from '../../problem-messages';
import { FIELD_LABELS, type LeadRow } from './fields';

type FieldError = components['schemas']['FieldErrorDto'];

/** ImportLeadsDto's @ArrayMaxSize: the most rows one call takes. */
export const MAX_ROWS_PER_CALL = 1000;
/** Well under the service's default body limit (BODY_LIMIT_BYTES, 1 MiB): rows with long memos make a call smaller. */
const MAX_BYTES_PER_CALL = 512 * 1024;

/** What became of one row: the API's answer, or FAILED when its whole call was refused. */
export interface RowResult {
  status: ImportRowStatus | 'FAILED';
  id?: string;
  partnerId?: number | null;
  /** The row's code (DUPLICATE_LEAD), or the refusal's of a FAILED row. */
  code?: string;
  /** A FAILED row's refusal: its HTTP status (for the message when its code says nothing). */
  refusedWith?: number;
  errors: FieldError[];
}

/** One call: rows [start, end), with its own Idempotency-Key so that sending it again after a lost answer creates nothing twice. */
export interface Chunk {
  start: number;
  end: number;
  idempotencyKey: string;
}

/** The calls for `rows`: at most MAX_ROWS_PER_CALL rows and about MAX_BYTES_PER_CALL of JSON each. */
export function planChunks(rows: readonly LeadRow[]): Chunk[] {
  const encoder = new TextEncoder();
  const chunks: Chunk[] = [];
  let start = 0;
  let bytes = 0;
  rows.forEach((row, index) => {
    const size = encoder.encode(JSON.stringify(row)).length + 64;
    if (index > start && (index - start >= MAX_ROWS_PER_CALL || bytes + size > MAX_BYTES_PER_CALL)) {
      chunks.push({ start, end: index, idempotencyKey: idempotencyKey('lead-import') });
      start = index;
      bytes = 0;
    }
    bytes += size;
  });
  if (rows.length > start) chunks.push({ start, end: rows.length, idempotencyKey: idempotencyKey('lead-import') });
  return chunks;
}

/**
 * Sends one chunk and answers its rows' results. A call refused as a whole (400: a body the API
 * cannot take) answers FAILED rows with the problem, each row with the field errors naming it
 * (`leads.3.email`). A call not answered (network, 5xx, 401/403, 409 in progress, 429) throws: the
 * screen pauses and can send the same chunk again.
 */
export async function sendChunk(productId: string, rows: readonly LeadRow[], chunk: Chunk): Promise<RowResult[]> {
  const leads = rows.slice(chunk.start, chunk.end).map((row) => ({ ...row, productId }));
  try {
    const answer = await importLeads(leads, chunk.idempotencyKey);
    return leads.map((_, index): RowResult => {
      const result = answer.results[index];
      if (!result) return { status: 'FAILED', errors: [{ field: '', message: '응답에 이 행의 결과가 없습니다.' }] };
      return { status: result.status, id: result.id, partnerId: result.partnerId, code: result.code, errors: result.errors ?? [] };
    });
  } catch (error) {
    if (!(error instanceof ApiProblem) || !refusedAsAWhole(error.status)) throw error;
    const { problem } = error;
    return leads.map((_, index): RowResult => {
      const prefix = `leads.${index}.`;
      const own = (problem.errors ?? [])
        .filter(({ field }) => field.startsWith(prefix))
        .map(({ field, message }) => ({ field: field.slice(prefix.length), message }));
      return { status: 'FAILED', code: problem.code, refusedWith: problem.status, errors: own };
    });
  }
}

/** Statuses that refuse the call's body for good: sending it again would not help. */
const refusedAsAWhole = (status: number) => status === 400 || status === 413 || status === 422;

/** A code in Korean (the service's table, then the platform's). */
const say = (code: string | undefined, status: number) => messageFor(code, status, LEAD_DISTRIBUTION_PROBLEM_MESSAGES);

/** A row's outcome in words: the errors name the field (label and API name); codes are said in Korean. */
export function outcomeText(result: RowResult): string {
  switch (result.status) {
    case 'CREATED':
      return result.partnerId ? `등록됨 · 파트너 #${result.partnerId}에 배정` : '등록됨 · 배분 대기';
    case 'DUPLICATE':
      return say(result.code ?? 'DUPLICATE_LEAD', 409);
    default:
      if (result.errors.length > 0)
        return result.errors
          .map(({ field, message }) => (field ? `${FIELD_LABELS[field] ?? field}(${field}): ${message}` : message))
          .join(' · ');
      return result.refusedWith === undefined
        ? say(result.code, 400)
        : `요청 전체가 거부되어 처리되지 않았습니다: ${say(result.code, result.refusedWith)}`;
  }
}

/** A CSV field, quoted; a value a spreadsheet would run as a formula (=, +, -, @) is kept as text. */
function csvField(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/**
 * The rows not imported (invalid, duplicate, refused) with their file row number, outcome and
 * original cells, as CSV with a UTF-8 BOM (so Excel reads the Korean) for fixing and importing again.
 */
export function errorsCsv(
  headers: readonly string[],
  records: ReadonlyArray<readonly string[]>,
  results: ReadonlyArray<RowResult | undefined>,
  rowNumber: (index: number) => number,
): Blob {
  const lines = [['행', '결과', '오류', ...headers].map(csvField).join(',')];
  results.forEach((result, index) => {
    if (!result || result.status === 'CREATED') return;
    const cells = records[index] ?? [];
    const original = headers.map((_, column) => cells[column] ?? '');
    lines.push(
      [String(rowNumber(index)), IMPORT_ROW_STATUSES.terms[result.status].label, outcomeText(result), ...original].map(csvField).join(','),
    );
  });
  return new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
}

/** Saves `blob` as `fileName` through an object URL (no server round trip). */
export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
