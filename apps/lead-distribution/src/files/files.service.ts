import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7, validate as isUuid } from 'uuid';
import type { EvidenceMimeType, FileUploadQueryDto, PresignedRequestDto, PresignedUploadDto } from '#contracts';
import type { FieldError } from '#platform';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { StoredFile, StoredFileStatus } from './entities/stored-file.entity.js';
import { FileErrors, FileNotUsable } from './files.errors.js';
import { FilesRepository } from './files.repository.js';
import { FILE_STORAGE, type FileStorage } from './storage/file-storage.js';
import { LocalFileStorage } from './storage/local-file-storage.js';
import type { ActingOwner } from '../auth/principal.js';
import { storageKey } from './storage-key.js';

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

  /** Registers a file of `owner` and returns where to upload it. */
  async presign(owner: ActingOwner, input: PresignedRequestDto): Promise<PresignedUploadDto> {
    const id = uuidv7();
    const now = new Date();
    const expiresIn = this.config.FILE_UPLOAD_EXPIRES_SECONDS;
    const file = await this.files.insert(
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
  async receiveUpload(fileId: string, query: FileUploadQueryDto, contentType: string | undefined, body: unknown): Promise<void> {
    const storage = this.storage;
    if (!(storage instanceof LocalFileStorage)) throw FileErrors.uploadNotHere();
    storage.checkUploadUrl(fileId, query.expires, query.signature);
    await this.files.completeUpload(fileId, async (file) => {
      if (!file) throw FileErrors.notFound(fileId);
      if (file.status === StoredFileStatus.Uploaded) throw FileErrors.alreadyUploaded(fileId);
      const sentType = contentType?.split(';')[0].trim().toLowerCase();
      if (sentType !== file.mimeType) throw FileErrors.contentTypeMismatch(file.mimeType, sentType);
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      if (bytes.length !== file.size) throw FileErrors.sizeMismatch(file.size, bytes.length);
      await storage.write(file, bytes);
    });
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

    const problems = await Promise.all(
      ids.map(async (id, index): Promise<string | null> => {
        const file = byId.get(id);
        if (!file) return FileNotUsable.unknown;
        if (ids.indexOf(id) !== index) return FileNotUsable.duplicate;
        return file.status === StoredFileStatus.Uploaded ? null : this.problemInStorage(file);
      }),
    );
    const errors: FieldError[] = problems.flatMap((message, index) => (message ? [{ field: `storedFileIds.${index}`, message }] : []));
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
        const problem = file.status === StoredFileStatus.Uploaded ? null : await this.problemInStorage(file);
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

  /** Why the bytes in storage do not match what was declared, or null when they do. */
  private async problemInStorage(file: StoredFile): Promise<string | null> {
    const stored = await this.storage.inspect(file);
    if (!stored) return FileNotUsable.notUploaded;
    if (stored.size !== file.size) return FileNotUsable.sizeMismatch(file.size, stored.size);
    if (stored.contentType !== file.mimeType) return FileNotUsable.typeMismatch(file.mimeType, stored.contentType);
    return null;
  }
}
