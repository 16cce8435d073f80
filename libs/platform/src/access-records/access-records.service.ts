import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type {
  AccessActorKind,
  AccessRecordAction,
  AccessRecordDto,
  AccessRecordFilterDto,
  AccessRecordListDto,
  AccessRecordsQueryDto,
  AccessReviewDto,
  AccessReviewEventDto,
  AccessSubjectType,
} from '#contracts';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import type { ServiceConfig } from '../config/service-config.js';
import { pagedList } from '../database/paged-query.js';
import { AccessRecordsRepository, type AccessRecordRowView } from './access-records.repository.js';

/** Each list of the monthly review holds at most this many entries. */
export const REVIEW_LIST_LIMIT = 500;

const CSV_COLUMNS = [
  'id',
  'recorded_at',
  'actor_kind',
  'actor_id',
  'address',
  'action',
  'operation',
  'subjects',
  'reason',
  'request_id',
  'sequence',
];

/** Search, CSV export and the monthly review of the access records, for operators. */
@Injectable()
export class AccessRecordsService {
  constructor(
    private readonly records: AccessRecordsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  search(query: AccessRecordsQueryDto): Promise<AccessRecordListDto> {
    return pagedList(query, (window) => this.records.page(query, window), toDto);
  }

  /** The matching records as CSV (a header line, then one line a record, oldest first), streamed. */
  exportCsv(filter: AccessRecordFilterDto): Readable {
    const records = this.records;
    return Readable.from(
      (async function* () {
        yield `${CSV_COLUMNS.join(',')}\r\n`;
        for await (const batch of records.all(filter)) yield batch.map(csvLine).join('');
      })(),
    );
  }

  async review(month: string): Promise<AccessReviewDto> {
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
    const from = `${month}-01T00:00:00+09:00`;
    const to = `${next}-01T00:00:00+09:00`;
    const [startHour, endHour] = this.config.ACCESS_RECORD_WORKING_HOURS.split('-').map(Number) as [number, number];
    const limit = REVIEW_LIST_LIMIT;
    const [downloads, busy, offHours, failedSignIns, refusedKeys] = await Promise.all([
      this.records.actionsBetween(['download'], from, to, limit),
      this.records.busyActors(from, to, this.config.ACCESS_RECORD_REVIEW_SUBJECTS_PER_DAY, limit),
      this.records.outsideWorkingHours(from, to, startHour, endHour, limit),
      this.records.actionsBetween(['sign-in-failed'], from, to, limit),
      this.records.actionsBetween(['key-refused'], from, to, limit),
    ]);
    const lists = { downloads, busyActors: busy, outsideWorkingHours: offHours, failedSignIns, refusedKeys };
    const truncated = Object.entries(lists)
      .filter(([, rows]) => rows.length > limit)
      .map(([name]) => name);
    return {
      month,
      rules: {
        timeZone: 'Asia/Seoul',
        workingHours: this.config.ACCESS_RECORD_WORKING_HOURS,
        subjectsPerDay: this.config.ACCESS_RECORD_REVIEW_SUBJECTS_PER_DAY,
        listLimit: limit,
      },
      downloads: downloads.slice(0, limit).map((row) => ({
        recordId: row.id,
        recordedAt: row.recordedAt.toISOString(),
        actor: actorOf(row),
        address: row.address,
        operation: row.operation,
        reason: row.reason,
        subjects: row.subjects.length,
      })),
      busyActors: busy.slice(0, limit).map((row) => ({
        day: row.day,
        actor: { kind: row.actorKind as AccessActorKind, id: row.actorId },
        subjects: row.subjects,
      })),
      outsideWorkingHours: offHours.slice(0, limit).map((row) => ({
        day: row.day,
        actor: { kind: row.actorKind as AccessActorKind, id: row.actorId },
        records: row.records,
        first: row.first.toISOString(),
        last: row.last.toISOString(),
      })),
      failedSignIns: failedSignIns.slice(0, limit).map(toEvent),
      refusedKeys: refusedKeys.slice(0, limit).map(toEvent),
      truncated,
    };
  }
}

function actorOf(row: AccessRecordRowView) {
  return { kind: row.actorKind as AccessActorKind, id: row.actorId };
}

function toDto(row: AccessRecordRowView): AccessRecordDto {
  return {
    id: row.id,
    recordedAt: row.recordedAt.toISOString(),
    actor: actorOf(row),
    address: row.address,
    action: row.action as AccessRecordAction,
    operation: row.operation,
    subjects: row.subjects.map((subject) => ({ type: subject.type as AccessSubjectType, id: subject.id })),
    reason: row.reason,
    requestId: row.requestId,
    sequence: row.sequence,
  };
}

function toEvent(row: AccessRecordRowView): AccessReviewEventDto {
  return {
    recordId: row.id,
    recordedAt: row.recordedAt.toISOString(),
    actor: actorOf(row),
    address: row.address,
    operation: row.operation,
  };
}

function csvLine(row: AccessRecordRowView): string {
  const subjects = row.subjects.map((subject) => `${subject.type}:${subject.id}`).join(' ');
  const fields = [
    row.id,
    row.recordedAt.toISOString(),
    row.actorKind,
    row.actorId,
    row.address,
    row.action,
    row.operation,
    subjects,
    row.reason ?? '',
    row.requestId ?? '',
    row.sequence ?? '',
  ];
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a field a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR first) is prefixed with an apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
