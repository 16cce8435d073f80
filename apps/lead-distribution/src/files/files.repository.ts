import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { StoredFile, StoredFileStatus } from './entities/stored-file.entity.js';

@Injectable()
export class FilesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get files() {
    return this.dataSource.getRepository(StoredFile);
  }

  /** Inserts a presigned file (its partner was resolved by PartnerAccess, its provider by the key: both exist). */
  async insert(file: StoredFile): Promise<StoredFile> {
    await this.files.insert(file);
    return file;
  }

  findByIds(ids: string[]): Promise<StoredFile[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.files.find({ where: { id: In(ids) } });
  }

  findByKeys(keys: string[]): Promise<StoredFile[]> {
    return keys.length === 0 ? Promise.resolve([]) : this.files.find({ where: { key: In(keys) } });
  }

  /**
   * Runs `store` on the file under its row lock and marks it UPLOADED when `store` succeeds; when it
   * throws, nothing changes. Concurrent uploads of one file wait for each other, so the second sees
   * the first one's result.
   */
  completeUpload(id: string, store: (file: StoredFile | null) => Promise<void>): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const file = await manager.findOne(StoredFile, { where: { id }, lock: { mode: 'pessimistic_write' } });
      await store(file);
      await manager.update(StoredFile, { id }, { status: StoredFileStatus.Uploaded, uploadedAt: () => 'now()' });
    });
  }

  /** Marks files whose bytes were found in storage as UPLOADED (those already marked keep their time). */
  async markUploaded(ids: string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.files.update({ id: In(ids), status: StoredFileStatus.Pending }, { status: StoredFileStatus.Uploaded, uploadedAt: at });
  }
}
