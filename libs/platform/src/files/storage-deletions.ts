import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Column, CreateDateColumn, DataSource, Entity, Index, PrimaryGeneratedColumn, type EntityManager } from 'typeorm';
import { ShutdownState } from '../bootstrap/shutdown.js';
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
  /** The first retry's wait; it doubles with each failure, up to an hour. */
  retryBaseMs: number;
}

const BATCH = 50;
const MAX_RETRY_MS = 3_600_000;
/** A taken row is leased this long: a worker that dies leaves it due again afterwards. */
const LEASE_SECONDS = 300;

/**
 * Removes queued objects from storage: takes due rows (FOR UPDATE SKIP LOCKED, leased so replicas
 * never take the same), deletes each object, then its row; a failure is retried with a doubling
 * wait, for as long as it takes (an object that must go is never given up on: each failure is logged).
 */
@Injectable()
export class StorageDeletionWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('StorageDeletion');
  private readonly outsideRequests = AsyncLocalStorage.snapshot();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(STORAGE_DELETION_OPTIONS) private readonly options: StorageDeletionOptions,
    private readonly shutdownState: ShutdownState,
  ) {}

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for due removals now (a deletion was committed in this process). */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.outsideRequests(() => void this.run()), delayMs);
    this.timer.unref();
  }

  private run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.removeDue().finally(() => {
      this.running = undefined;
      if (this.stopped) return;
      const again = this.again;
      this.again = false;
      this.schedule(again ? 0 : this.options.pollMs);
    });
    return this.running;
  }

  private async removeDue(): Promise<void> {
    try {
      while (!this.stopped && this.shutdownState.phase === 'serving') {
        const taken = await this.dataSource.query<Array<{ id: string; key: string; attempts: number }>>(
          `WITH due AS (
             SELECT id FROM storage_deletions WHERE next_attempt_at <= now() ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED
           ), taken AS (
             UPDATE storage_deletions d SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
               FROM due WHERE d.id = due.id
             RETURNING d.id, d.key, d.attempts
           )
           SELECT id, key, attempts FROM taken`,
          [BATCH, LEASE_SECONDS],
        );
        await Promise.all(taken.map((row) => this.remove(row)));
        if (taken.length < BATCH) return;
      }
    } catch (error) {
      this.logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'Taking due storage deletions failed');
    }
  }

  private async remove(row: { id: string; key: string; attempts: number }): Promise<void> {
    try {
      await this.storage.delete(row.key);
      await this.dataSource.query('DELETE FROM storage_deletions WHERE id = $1', [row.id]);
    } catch (error) {
      const retryMs = Math.min(MAX_RETRY_MS, this.options.retryBaseMs * 2 ** (row.attempts - 1));
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
