import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccessRecordSink, type AccessRecordEntry } from './access-record.decorator.js';

/** Entries one INSERT carries at most. */
const MAX_BATCH = 500;
/** INSERTs in flight at once in this process; entries arriving meanwhile wait and go together. */
const MAX_IN_FLIGHT = 2;

interface Waiting {
  row: Record<string, unknown>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The one writer of access records: each `append` resolves once its record is committed. Records are
 * appended unchained (the sealer chains them, in one place, in order), so no request waits on a chain
 * lock; entries that arrive while INSERTs are in flight go together in the next one (one statement,
 * one commit for many requests: group commit), so a busy service pays about one INSERT per batch,
 * not per request. A failed INSERT rejects every entry it carried: their calls fail.
 */
@Injectable()
export class AccessRecordWriter extends AccessRecordSink {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  append(entry: AccessRecordEntry): Promise<void> {
    const now = Date.now();
    const row = {
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

  private async insert(rows: Array<Record<string, unknown>>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO access_records (recorded_at, actor_kind, actor_id, address, action, operation, subjects, reason, request_id)
       SELECT recorded_at, actor_kind, actor_id, address, action, operation, subjects, reason, request_id
         FROM jsonb_to_recordset($1::jsonb) AS r(recorded_at timestamptz, actor_kind text, actor_id text, address text,
                                                  action text, operation text, subjects jsonb, reason text, request_id text)`,
      [JSON.stringify(rows)],
    );
  }
}
