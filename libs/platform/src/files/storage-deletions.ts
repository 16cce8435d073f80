import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Column, CreateDateColumn, DataSource, Entity, Index, PrimaryGeneratedColumn, type EntityManager } from 'typeorm';
import { BackgroundWork } from '../background/background-work.js';
import { retryDelayMs, type DoublingRetrySchedule } from '../background/retry-schedule.js';
import type { QueuedWork } from '../background/work-loop.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.js';

/**
 * A stored object to remove: written in the transaction that deletes what the object belonged to
 * (an erased customer's evidence), removed once storage has let the object go. Storage is outside
 * the database's transaction, so this outbox is what makes the removal certain: a process that dies
 * after the commit leaves the row for another.
 */
@Entity({ name: 'storage_deletions' })
@Index('idx_storage_deletions_due', ['nextAttemptAt'])
export class StorageDeletion {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'varchar', length: 255 })
  key!: string;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/**
 * Queues the removal of these stored objects in the caller's transaction (StorageDeletionWorker
 * removes them after the commit), due at once or `afterSeconds` later: a removal queued ahead of an
 * object's creation, in case what was to keep it never commits (cancelStorageDeletions then keeps it).
 */
export async function queueStorageDeletions(tx: EntityManager, keys: readonly string[], afterSeconds = 0): Promise<void> {
  const unique = [...new Set(keys)];
  if (unique.length > 0)
    await tx.query('INSERT INTO storage_deletions (key, next_attempt_at) SELECT unnest($1::varchar[]), now() + make_interval(secs => $2)', [
      unique,
      afterSeconds,
    ]);
}

/** Takes back queued removals of these objects, in the caller's transaction: something now keeps them. */
export async function cancelStorageDeletions(tx: EntityManager, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await tx.query('DELETE FROM storage_deletions WHERE key = ANY($1::varchar[])', [[...keys]]);
}

/** Makes queued removals of these objects due now (nothing will keep them). */
export async function hastenStorageDeletions(tx: EntityManager, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await tx.query('UPDATE storage_deletions SET next_attempt_at = now() WHERE key = ANY($1::varchar[])', [[...keys]]);
}

/** Options of the worker (the service's configuration gives them). */
export const STORAGE_DELETION_OPTIONS = Symbol('STORAGE_DELETION_OPTIONS');

export interface StorageDeletionOptions {
  /** How often to look for due removals besides `wake` (other replicas' deletions, retries coming due). */
  pollMs: number;
  /** The first retry's wait; it doubles with each failure, up to an hour, less up to a fifth (jitter). */
  retryBaseMs: number;
}

const BATCH = 50;
/** A taken row is leased this long: a worker that dies leaves it due again afterwards. */
const LEASE_SECONDS = 300;

interface TakenDeletion {
  id: string;
  key: string;
  attempts: number;
}

/**
 * Removes queued objects from storage, on the background machine: takes due rows (FOR UPDATE SKIP
 * LOCKED, leased so replicas never take the same), deletes each object, then its row; a failure is
 * retried by a doubling wait up to an hour (with jitter), for as long as it takes (an object that must
 * go is never given up on: each failure is logged).
 */
@Injectable()
export class StorageDeletionWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger('StorageDeletion');
  private readonly retry: DoublingRetrySchedule;
  private work: QueuedWork | undefined;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(STORAGE_DELETION_OPTIONS) private readonly options: StorageDeletionOptions,
    private readonly background: BackgroundWork,
  ) {
    this.retry = { firstMs: options.retryBaseMs, maxMs: 3_600_000, jitter: 0.2 };
  }

  onApplicationBootstrap(): void {
    this.work = this.background.queue<TakenDeletion>({
      name: 'storage-deletions',
      slots: BATCH,
      pollMs: this.options.pollMs,
      take: (free) => this.takeDue(free),
      handle: (row) => this.remove(row),
      describe: (row) => ({ key: row.key, attempt: row.attempts }),
    });
  }

  /** Looks for due removals now (a deletion was committed in this process). */
  wake(): void {
    this.work?.wake();
  }

  private takeDue(free: number): Promise<TakenDeletion[]> {
    return this.dataSource.query<TakenDeletion[]>(
      `WITH due AS (
         SELECT id FROM storage_deletions WHERE next_attempt_at <= now() ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED
       ), taken AS (
         UPDATE storage_deletions d SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
           FROM due WHERE d.id = due.id
         RETURNING d.id, d.key, d.attempts
       )
       SELECT id, key, attempts FROM taken`,
      [free, LEASE_SECONDS],
    );
  }

  private async remove(row: TakenDeletion): Promise<void> {
    try {
      await this.storage.delete(row.key);
      await this.dataSource.query('DELETE FROM storage_deletions WHERE id = $1', [row.id]);
    } catch (error) {
      const retryMs = retryDelayMs(this.retry, row.attempts);
      // The key names no person (`claim-evidence/<organisation>/<yyyy>/<mm>/<uuid>.<ext>`); the error is the storage's.
      this.logger.warn(
        { key: row.key, attempt: row.attempts, retryInMs: retryMs, error: error instanceof Error ? error.name : 'unknown' },
        'Removing a stored object failed; it will be tried again',
      );
      await this.dataSource
        .query('UPDATE storage_deletions SET next_attempt_at = now() + make_interval(secs => $2) WHERE id = $1', [row.id, retryMs / 1000])
        .catch(() => undefined);
    }
  }
}
