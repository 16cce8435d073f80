import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type QueryDeepPartialEntity, type Repository } from 'typeorm';
import { FileErrors } from './file.errors.js';
import { StoredFileStatus, type StoredFileColumns } from './stored-file.columns.js';
import { STORED_FILES_FEATURE, type StoredFilesFeature } from './stored-files.feature.js';

/** The service's `stored_files` table, whichever columns name its owners. */
@Injectable()
export class StoredFilesRepository<F extends StoredFileColumns = StoredFileColumns> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(STORED_FILES_FEATURE) private readonly feature: StoredFilesFeature<F, unknown>,
  ) {}

  private get files(): Repository<StoredFileColumns> {
    return this.dataSource.getRepository<StoredFileColumns>(this.feature.entity);
  }

  /**
   * Inserts a presigned file unless its owner (`owner`: the columns that name them) already has `cap`
   * outstanding ones (PENDING, upload URL not yet expired): then 429 TOO_MANY_PENDING_UPLOADS, with
   * Retry-After until the first of them expires. Counted and inserted under a transaction-scoped
   * advisory lock on the owner, so two presigns at once never pass the cap together.
   */
  insertUnderPendingCap(file: F, owner: Partial<F>, cap: number): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const metadata = manager.connection.getMetadata(this.feature.entity);
      const columns = Object.entries(owner);
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `pending-uploads:${metadata.tableName}:${columns.map(([property, value]) => `${property}:${String(value)}`).join(':')}`,
      ]);
      const outstanding = await manager
        .createQueryBuilder(this.feature.entity, 'file')
        .select('count(*)::int', 'pending')
        .addSelect('min(file.uploadExpiresAt)', 'firstExpiry')
        .where(
          columns.map(([property], index) => `file.${property} = :owner${index}`).join(' AND '),
          Object.fromEntries(columns.map(([, value], index) => [`owner${index}`, value])),
        )
        .andWhere('file.status = :pending', { pending: StoredFileStatus.Pending })
        .andWhere('file.uploadExpiresAt > :now', { now: file.createdAt })
        .getRawOne<{ pending: number; firstExpiry: Date | null }>();
      if (outstanding && outstanding.pending >= cap) {
        const waitMs = (outstanding.firstExpiry ?? file.createdAt).getTime() - file.createdAt.getTime();
        throw FileErrors.tooManyPending(cap, Math.max(1, Math.ceil(waitMs / 1000)));
      }
      await manager.insert(this.feature.entity, file as QueryDeepPartialEntity<F>);
    });
  }

  /**
   * Runs `store` on the file (null: no such file) under its row lock (`FOR UPDATE`) and marks it
   * UPLOADED when `store` succeeds, in one transaction; when it throws, nothing changes. Concurrent
   * uploads of one file wait for each other, so the second sees the first one's result.
   */
  completeUpload(id: string, store: (file: F | null) => Promise<void>): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const files = manager.getRepository<StoredFileColumns>(this.feature.entity);
      const file = await files.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      await store(file as F | null);
      await files.update({ id }, { status: StoredFileStatus.Uploaded, uploadedAt: () => 'now()' });
    });
  }

  /** The files with these ids that have the owner's columns (`owner`); every file with these ids when `owner` is absent. */
  findByIds(ids: string[], owner?: Partial<F>): Promise<F[]> {
    return ids.length === 0 ? Promise.resolve([]) : (this.files.findBy({ ...(owner as object), id: In(ids) }) as Promise<F[]>);
  }

  /** The files with these keys that have the owner's columns (`owner`). */
  findByKeys(keys: string[], owner: Partial<F>): Promise<F[]> {
    return keys.length === 0 ? Promise.resolve([]) : (this.files.findBy({ ...(owner as object), key: In(keys) }) as Promise<F[]>);
  }

  /** A file by id alone (the signed download route: the signature is the credential). */
  findById(id: string): Promise<F | null> {
    return this.files.findOneBy({ id }) as Promise<F | null>;
  }

  /** Marks files whose bytes were found in storage as UPLOADED, in one statement (one already marked keeps its time). */
  async markUploaded(ids: string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.files.update({ id: In(ids), status: StoredFileStatus.Pending }, { status: StoredFileStatus.Uploaded, uploadedAt: at });
  }
}
