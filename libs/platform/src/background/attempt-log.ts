import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { uuidv7 } from '../crypto/random.js';

/** One attempt of an item, as its work records it. */
export interface Attempt {
  attemptedAt: Date;
  outcome: string;
  statusCode?: number | null;
  latencyMs: number;
  detail?: string | null;
  error?: string | null;
  nextAttemptAt?: Date | null;
}

/** An attempt as the log gives it back. */
export interface LoggedAttempt {
  id: string;
  attemptedAt: Date;
  outcome: string;
  statusCode: number | null;
  latencyMs: number;
  detail: string | null;
  error: string | null;
  nextAttemptAt: Date | null;
}

/**
 * The attempt log of queued work (`background_attempts`), one for every work: each attempt an owner
 * records is a row, written in the owner's transaction that records the outcome on its own row, so the
 * log and the item never disagree; and the rows go in the transaction that deletes the item (`forget`).
 * Items are named by their work and their key as text.
 */
@Injectable()
export class AttemptLog {
  constructor(private readonly dataSource: DataSource) {}

  async record(tx: EntityManager, work: string, itemId: string, attempt: Attempt): Promise<void> {
    await tx.query(
      `INSERT INTO background_attempts (id, work, item_id, attempted_at, outcome, status_code, latency_ms, detail, error, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        uuidv7(),
        work,
        itemId,
        attempt.attemptedAt,
        attempt.outcome,
        attempt.statusCode ?? null,
        Math.max(0, Math.round(attempt.latencyMs)),
        attempt.detail ?? null,
        attempt.error?.slice(0, 500) ?? null,
        attempt.nextAttemptAt ?? null,
      ],
    );
  }

  /** The item's attempts, oldest first; in `tx` when given (read in one snapshot with the item's row). */
  list(work: string, itemId: string, tx?: EntityManager): Promise<LoggedAttempt[]> {
    return (tx ?? this.dataSource).query<LoggedAttempt[]>(
      `SELECT id, attempted_at AS "attemptedAt", outcome, status_code AS "statusCode", latency_ms AS "latencyMs",
              detail, error, next_attempt_at AS "nextAttemptAt"
         FROM background_attempts WHERE work = $1 AND item_id = $2 ORDER BY attempted_at, id`,
      [work, itemId],
    );
  }

  /** Forgets the items' attempts, in the transaction that deletes the items. Answers how many rows went. */
  async forget(tx: EntityManager, work: string, itemIds: readonly string[]): Promise<number> {
    if (itemIds.length === 0) return 0;
    const [, count] = await tx.query<[unknown[], number]>(
      `DELETE FROM background_attempts WHERE work = $1 AND item_id = ANY($2::varchar[])`,
      [work, itemIds],
    );
    return count;
  }
}
