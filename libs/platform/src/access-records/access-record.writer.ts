import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccessRecordSink, type AccessRecordEntry } from './access-record.decorator.js';

/** Entries one INSERT carries at most. */
const MAX_BATCH = 500;
/** INSERTs in flight at once in this process; entries arriving meanwhile wait and go together. */
const MAX_IN_FLIGHT = 2;

/** A record as append_access_records_v1 (sql/) takes it, one element of its JSON array. */
export interface AccessRecordValues {
  recorded_at: string;
  actor_kind: string;
  actor_id: string;
  address: string;
  action: string;
  operation: string;
  subjects: Array<{ type: string; id: string }>;
  reason: string | null;
  request_id: string | null;
}

/** An entry as the database keeps it: timed now, to the second; text cut to the columns' lengths. */
export function accessRecordValues(entry: AccessRecordEntry): AccessRecordValues {
  const now = Date.now();
  return {
    recorded_at: new Date(now - (now % 1000)).toISOString(),
    actor_kind: entry.actor.kind,
    actor_id: entry.actor.id.slice(0, 100),
    address: entry.address.slice(0, 64),
    action: entry.action,
    operation: entry.operation.slice(0, 100),
    subjects: entry.subjects.map((subject) => ({ type: subject.type, id: String(subject.id) })),
    reason: entry.reason ?? null,
    request_id: entry.requestId?.slice(0, 128) ?? null,
  };
}

interface Waiting {
  row: AccessRecordValues;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The writer of access records outside a feature's own transaction: each `append` resolves once its
 * record is committed (through append_access_records_v1, sql/). Records are appended unchained (the
 * sealer chains them, in one place, in order), so no request waits on a chain lock; entries that
 * arrive while appends are in flight go together in the next one (one statement, one commit for many
 * requests: group commit), so a busy service pays about one statement per batch, not per request. A
 * failed append rejects every entry it carried: their calls fail.
 */
@Injectable()
export class AccessRecordWriter extends AccessRecordSink {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  append(entry: AccessRecordEntry): Promise<void> {
    const row = accessRecordValues(entry);
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, MAX_BATCH);
      this.inFlight += 1;
      this.insert(batch.map((waiting) => waiting.row))
        .then(
          () => batch.forEach((waiting) => waiting.resolve()),
          (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
        )
        .finally(() => {
          this.inFlight -= 1;
          this.flush();
        });
    }
  }

  private async insert(rows: AccessRecordValues[]): Promise<void> {
    await this.dataSource.query(`SELECT append_access_records_v1($1::jsonb)`, [JSON.stringify(rows)]);
  }
}
