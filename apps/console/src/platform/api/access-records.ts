import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pageOf } from '../../ui';
import { platformCall, platformFetch } from './http';
import type { AccessAction, AccessEvent, AccessRecord, AccessReview, ActorKind, Paged, SubjectType } from './types';

const RECORDS = '/api/v1/admin/access-records';

/** A search of the access records: by subject, account (actor), action and time. */
export interface AccessRecordSearch {
  subjectType?: SubjectType | null;
  subjectId?: string;
  actorKind?: ActorKind | null;
  actorId?: string;
  action?: AccessAction | AccessEvent | null;
  /** ISO instants: from (inclusive), to (exclusive). */
  from?: string;
  to?: string;
}

export const accessRecordsQuery = (search: AccessRecordSearch, page: number, limit: number) =>
  queryOptions({
    queryKey: ['access-records', 'search', { ...search, page, limit }],
    queryFn: async () => pageOf(await platformCall<Paged<AccessRecord>>('GET', RECORDS, { query: { ...search, page, limit } })),
    placeholderData: keepPreviousData,
  });

/** The matching records as CSV, with the reason the export is kept with (the export is itself recorded). */
export async function exportAccessRecords(search: AccessRecordSearch, reason: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await platformFetch('GET', `${RECORDS}/export`, { query: { ...search, reason } });
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'access-records.csv';
  return { blob: await response.blob(), fileName };
}

export const reviewQuery = (month: string) =>
  queryOptions({
    queryKey: ['access-records', 'review', month],
    queryFn: () => platformCall<AccessReview>('GET', `${RECORDS}/review`, { query: { month } }),
  });
