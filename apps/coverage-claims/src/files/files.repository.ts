import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { completeUploadIn, insertUnderPendingCap, type UploadableFile } from '#platform';
import type { Visibility } from '../auth/principal.js';
import { StoredFile, StoredFileStatus } from './entities/stored-file.entity.js';

@Injectable()
export class FilesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get files() {
    return this.dataSource.getRepository(StoredFile);
  }

  /** Inserts a presigned file unless its planner has `cap` outstanding already (429 TOO_MANY_PENDING_UPLOADS). */
  async insertUnderPendingCap(file: StoredFile, cap: number): Promise<StoredFile> {
    await insertUnderPendingCap(this.dataSource, StoredFile, file, { plannerId: file.plannerId }, cap);
    return file;
  }

  /** The file if `visibility` sees it: the planner's own, or any of the organisation's for an admin. */
  findVisible(visibility: Visibility, id: string): Promise<StoredFile | null> {
    return this.files.findOneBy({
      id,
      organisationId: visibility.organisationId,
      ...(visibility.plannerId === null ? {} : { plannerId: visibility.plannerId }),
    });
  }

  /** The files with these ids that this planner presigned in this organisation. */
  findOwnByIds(organisationId: string, plannerId: string, ids: string[]): Promise<StoredFile[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.files.findBy({ id: In(ids), organisationId, plannerId });
  }

  /** A file by id alone (the signed download route: the signature is the credential). */
  findById(id: string): Promise<StoredFile | null> {
    return this.files.findOneBy({ id });
  }

  /** The upload route's CompleteUpload on this table (completeUploadIn). */
  completeUpload(id: string, store: (file: UploadableFile | null) => Promise<void>): Promise<void> {
    return completeUploadIn(this.dataSource, StoredFile, id, store);
  }

  /** Marks files whose bytes were found in storage as UPLOADED, in one statement (one already marked keeps its time). */
  async markUploaded(ids: string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.files.update({ id: In(ids), status: StoredFileStatus.Pending }, { status: StoredFileStatus.Uploaded, uploadedAt: at });
  }
}
