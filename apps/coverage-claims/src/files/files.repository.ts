import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** What claims keep of their files beyond the platform's columns: frozen copies, sealed names, erasure. */
@Injectable()
export class FilesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Sets each file's frozen key (the bytes its claim carries), in the caller's transaction. */
  async recordFrozen(tx: EntityManager, frozen: Array<{ id: string; frozenKey: string }>): Promise<void> {
    if (frozen.length === 0) return;
    await tx.query(
      `UPDATE stored_files f SET frozen_key = given.frozen_key
         FROM unnest($1::uuid[], $2::varchar[]) AS given(id, frozen_key) WHERE f.id = given.id`,
      [frozen.map((file) => file.id), frozen.map((file) => file.frozenKey)],
    );
  }

  /** Deletes these files' rows in the caller's transaction; the storage keys of their bytes (uploaded and frozen). */
  async deleteByIds(tx: EntityManager, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await tx.query<Array<{ key: string; frozenKey: string | null }>>(
      // A DELETE's own result is [rows, count] through TypeORM's query(); a SELECT of it is the rows.
      `WITH gone AS (DELETE FROM stored_files WHERE id = ANY($1::uuid[]) RETURNING key, frozen_key) SELECT key, frozen_key AS "frozenKey" FROM gone`,
      [ids],
    );
    return rows.flatMap((row) => (row.frozenKey && row.frozenKey !== row.key ? [row.key, row.frozenKey] : [row.key]));
  }
}
