import { leadApi, unwrap } from '../../api/client';
import type { components } from '../../api/generated/lead-distribution';

type ImportRow = components['schemas']['CreateLeadV1Request'];

/**
 * One call of a lead import (POST /api/v1/admin/leads/import), its rows as the file has them (the
 * API validates each and names the fields it refuses). Not a mutation of the cache: the import
 * screen sends its calls one after another and keeps each row's answer itself; no list the console
 * shows holds leads.
 */
export function importLeads(leads: ReadonlyArray<Record<string, unknown>>, idempotencyKey: string) {
  return unwrap(
    leadApi.POST('/api/v1/admin/leads/import', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: { leads: leads as unknown as ImportRow[] },
    }),
  );
}
