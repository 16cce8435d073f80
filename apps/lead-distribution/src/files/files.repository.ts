import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { completeUploadIn, insertUnderPendingCap, type UploadableFile } from '#platform';
import { StoredFile, StoredFileStatus } from './entities/stored-file.entity.js';

@Injectable()
export class FilesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get files() {
    return this.dataSource.getRepository(StoredFile);
  }

  /**
   * Inserts a presigned file (its partner was resolved by PartnerAccess, its provider by the key: both
   * exist) unless its owner has `cap` outstanding already (429 TOO_MANY_PENDING_UPLOADS).
   */
  async insertUnderPendingCap(file: StoredFile, cap: number): Promise<StoredFile> {
    const owner = file.partnerId !== null ? { partnerId: file.partnerId } : { providerId: file.providerId };
    await insertUnderPendingCap(this.dataSource, StoredFile, file, owner, cap);
    return file;
  }

  findByIds(ids: string[]): Promise<StoredFile[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.files.find({ where: { id: In(ids) } });
  }

  findByKeys(keys: string[]): Promise<StoredFile[]> {
    return keys.length === 0 ? Promise.resolve([]) : this.files.find({ where: { key: In(keys) } });
  }

  /** The upload route's CompleteUpload on this table (completeUploadIn). */
  completeUpload(id: string, store: (file: UploadableFile | null) => Promise<void>): Promise<void> {
    return completeUploadIn(this.dataSource, StoredFile, id, store);
  }

  /** Marks files whose bytes were found in storage as UPLOADED (those already marked keep their time). */
  async markUploaded(ids: string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.files.update({ id: In(ids), status: StoredFileStatus.Pending }, { status: StoredFileStatus.Uploaded, uploadedAt: at });
  }
}
