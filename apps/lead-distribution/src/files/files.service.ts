import { Inject, Injectable } from '@nestjs/common';
import { validate as isUuid } from 'uuid';
import type { EvidenceMimeType, FileUploadQueryDto, PresignedRequestDto, PresignedUploadDto } from '#contracts';
import {
  FILE_STORAGE,
  FileErrors,
  attachmentProblems,
  problemInStorage,
  receiveLocalUpload,
  type FieldError,
  type FileStorage,
  uuidv7,
} from '#platform';
import type { ActingOwner } from '../auth/principal.js';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { StoredFile, StoredFileStatus } from './entities/stored-file.entity.js';
import { FilesRepository } from './files.repository.js';
import { storageKey } from './storage-key.js';

/** An unknown id and another partner's read the same on purpose: ids of other partners leak nothing. */
const NOT_A_PARTNER_FILE = 'is not a file of this partner';

/** A file as responses show it (an AS request's evidence). */
export interface FileDescription {
  fileId: string;
  originalName: string;
  mimeType: EvidenceMimeType;
  size: number;
  cdnUrl: string;
}

/**
 * Stored files. A partner presigns a file (type and size declared up front), PUTs the bytes to the
 * upload URL, then names the file id in an AS request, which calls requireUploadedFiles. A provider
 * does the same and names the file's key as a `fileKey` in the metadata of the leads it registers,
 * which calls requireProviderFiles.
 */
@Injectable()
export class FilesService {
  private readonly cdnBase: string;

  constructor(
    private readonly files: FilesRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly config: LeadDistributionConfig,
  ) {
    this.cdnBase = config.CDN_BASE_URL.replace(/\/+$/, '');
  }

  /** Registers a file of `owner` and returns where to upload it; at most MAX_PENDING_UPLOADS outstanding per owner. */
  async presign(owner: ActingOwner, input: PresignedRequestDto): Promise<PresignedUploadDto> {
    const id = uuidv7();
    const now = new Date();
    const expiresIn = this.config.FILE_UPLOAD_EXPIRES_SECONDS;
    const file = await this.files.insertUnderPendingCap(
      Object.assign(new StoredFile(), {
        id,
        partnerId: 'partnerId' in owner ? owner.partnerId : null,
        providerId: 'providerId' in owner ? owner.providerId : null,
        key: storageKey(owner, id, input.mimeType, now),
        originalName: input.originalName,
        mimeType: input.mimeType,
        size: input.size,
        status: StoredFileStatus.Pending,
        createdAt: now,
        uploadExpiresAt: new Date(now.getTime() + expiresIn * 1000),
        uploadedAt: null,
      }),
      this.config.MAX_PENDING_UPLOADS,
    );
    return {
      fileId: file.id,
      uploadUrl: await this.storage.createUploadUrl(file),
      key: file.key,
      cdnUrl: this.cdnUrl(file.key),
      expiresIn,
    };
  }

  /**
   * The local driver's upload: the signed URL is the credential; the body must have the declared
   * type and size, and a file is uploaded once.
   */
  receiveUpload(fileId: string, query: FileUploadQueryDto, contentType: string | undefined, body: unknown): Promise<void> {
    return receiveLocalUpload(this.storage, (id, store) => this.files.completeUpload(id, store), fileId, query, contentType, body);
  }

  /**
   * The files an AS request may carry: each id must be an uploaded file of `partnerId`, listed once.
   * Files not yet confirmed are checked in storage (size and type as declared) and then marked
   * UPLOADED. Otherwise 400 FILE_NOT_USABLE naming each `storedFileIds.<index>`.
   */
  async requireUploadedFiles(partnerId: number, fileIds: string[]): Promise<StoredFile[]> {
    const ids = fileIds.map((id) => id.toLowerCase());
    const found = await this.files.findByIds([...new Set(ids.filter((id) => isUuid(id)))]);
    const byId = new Map(found.filter((file) => file.partnerId === partnerId).map((file) => [file.id, file]));

    const errors = await attachmentProblems(
      this.storage,
      ids,
      byId,
      (file) => file.status === StoredFileStatus.Uploaded,
      NOT_A_PARTNER_FILE,
      'storedFileIds',
    );
    if (errors.length > 0) throw FileErrors.notUsable(errors);

    const usable = ids.map((id) => byId.get(id)!);
    await this.confirmUploaded(usable);
    return usable;
  }

  /**
   * The files that lead metadata references by `fileKey` (each at `field`): each key must name an
   * uploaded file of `providerId` (the product's provider). Returns a problem per reference that
   * does not; files found in storage are confirmed UPLOADED.
   */
  async requireProviderFiles(providerId: string, references: Array<{ field: string; key: string }>): Promise<FieldError[]> {
    const byKey = new Map(
      (await this.files.findByKeys([...new Set(references.map((reference) => reference.key))]))
        .filter((file) => file.providerId === providerId)
        .map((file) => [file.key, file]),
    );
    const problems = await Promise.all(
      references.map(async ({ field, key }): Promise<FieldError | null> => {
        const file = byKey.get(key);
        if (!file) return { field, message: 'is not the key of a file uploaded by the product’s provider' };
        const problem = file.status === StoredFileStatus.Uploaded ? null : await problemInStorage(this.storage, file);
        return problem ? { field, message: problem } : null;
      }),
    );
    const errors = problems.filter((problem): problem is FieldError => problem !== null);
    if (errors.length === 0) await this.confirmUploaded([...byKey.values()]);
    return errors;
  }

  cdnUrl(key: string): string {
    return `${this.cdnBase}/${key}`;
  }

  /** The files with these ids, described in the order of `ids` (ids of no file are left out). */
  async describeByIds(ids: string[]): Promise<FileDescription[]> {
    const byId = new Map((await this.files.findByIds(ids)).map((file) => [file.id, file]));
    return this.describe(ids.flatMap((id) => byId.get(id) ?? []));
  }

  describe(files: StoredFile[]): FileDescription[] {
    return files.map((file) => ({
      fileId: file.id,
      originalName: file.originalName,
      mimeType: file.mimeType,
      size: file.size,
      cdnUrl: this.cdnUrl(file.key),
    }));
  }

  /** Marks the files whose bytes were found in storage as UPLOADED. */
  private async confirmUploaded(files: StoredFile[]): Promise<void> {
    const confirmedNow = files.filter((file) => file.status !== StoredFileStatus.Uploaded);
    const now = new Date();
    await this.files.markUploaded(
      confirmedNow.map((file) => file.id),
      now,
    );
    for (const file of confirmedNow) Object.assign(file, { status: StoredFileStatus.Uploaded, uploadedAt: now });
  }
}
