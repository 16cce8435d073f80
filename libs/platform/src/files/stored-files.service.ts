import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { validate as isUuid } from 'uuid';
import type { FileUploadQueryDto, PresignFileFields } from '#contracts';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import { uuidv7 } from '../crypto/random.js';
import type { FieldError } from '../http/problem.js';
import type { FileStorageConfig } from './file-storage.config.js';
import { FILE_STORAGE, StoredBytesMissingError, type FileStorage, type StoredFileRef } from './file-storage.js';
import { FileErrors, FileNotUsable } from './file.errors.js';
import { LocalFileStorage } from './local-file-storage.js';
import { StoredFileStatus, type StoredFileColumns } from './stored-file.columns.js';
import { STORED_FILES_FEATURE, type StoredFilesFeature } from './stored-files.feature.js';
import { StoredFilesRepository } from './stored-files.repository.js';
import { datedStorageKey } from './storage-key.js';

/** How long a download URL (downloadUrl) lets its holder download the file. */
export const FILE_DOWNLOAD_URL_SECONDS = 600;

/** A presigned file: its row, where to upload its bytes, and for how long. */
export interface PresignedFile<F> {
  file: F;
  uploadUrl: string;
  /** Validity of uploadUrl, in seconds (FILE_UPLOAD_EXPIRES_SECONDS). */
  expiresIn: number;
}

/** A file's row as storage reads it at `key` (its own, or a frozen copy's). */
export const storedAt = (file: StoredFileColumns, key: string): StoredFileRef => ({
  id: file.id,
  key,
  mimeType: file.mimeType,
  size: file.size,
  uploadExpiresAt: file.uploadExpiresAt,
});

/**
 * Presigned files: an owner declares a file (type and size up front) and gets an upload URL, PUTs
 * the bytes there (to this service with the local driver, to S3 otherwise), and names the file where
 * it is attached, which confirms it in storage. Who owns a file is the service's say
 * (StoredFilesFeature); everything else is the same in every service.
 */
@Injectable()
export class StoredFilesService<F extends StoredFileColumns = StoredFileColumns, O = unknown> {
  constructor(
    @Inject(STORED_FILES_FEATURE) private readonly feature: StoredFilesFeature<F, O>,
    private readonly files: StoredFilesRepository<F>,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(SERVICE_CONFIG) private readonly config: FileStorageConfig,
  ) {}

  /**
   * Registers a file of `owner` (at most MAX_PENDING_UPLOADS outstanding, else 429) with what was
   * declared, plus the service's own `columns` (a name, a digest), and answers where to upload it.
   * The key is `<keyFolder(owner)><yyyy>/<mm>/<fileId>.<ext>`: the caller's file name never enters it.
   */
  async presign(owner: O, declared: Pick<PresignFileFields, 'mimeType' | 'size'>, columns: Partial<F>): Promise<PresignedFile<F>> {
    const id = uuidv7();
    const now = new Date();
    const expiresIn = this.config.FILE_UPLOAD_EXPIRES_SECONDS;
    const ownerColumns = this.feature.ownerColumns(owner);
    const file = Object.assign(new this.feature.entity(), columns, ownerColumns, {
      id,
      key: datedStorageKey(this.feature.keyFolder(owner), id, declared.mimeType, now),
      mimeType: declared.mimeType,
      size: declared.size,
      status: StoredFileStatus.Pending,
      createdAt: now,
      uploadExpiresAt: new Date(now.getTime() + expiresIn * 1000),
      uploadedAt: null,
    });
    const capColumns = this.feature.pendingCapColumns?.(owner) ?? ownerColumns;
    await this.files.insertUnderPendingCap(file, capColumns, this.config.MAX_PENDING_UPLOADS);
    return { file, uploadUrl: await this.storage.createUploadUrl(file), expiresIn };
  }

  /**
   * The local driver's upload (PUT /api/v1/files/upload/<id>): the signed URL is the credential; the
   * body must have the declared type and size (and digest, when one was declared), and a file is
   * uploaded once. With another driver the route answers 404.
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
      // Only a service that keeps declared digests (a checksum_sha256 column) has one to check.
      const { checksumSha256 } = file as StoredFileRef;
      if (checksumSha256 && createHash('sha256').update(bytes).digest('base64') !== checksumSha256) throw FileErrors.checksumMismatch();
      await storage.write(file, bytes);
    });
  }

  /** The owner's files with these ids (ids that are not UUIDs name no file). */
  findOwned(owner: O, ids: string[]): Promise<F[]> {
    return this.files.findByIds(
      ids.filter((id) => isUuid(id)),
      this.feature.ownerColumns(owner),
    );
  }

  /** The owner's files with these keys. */
  findOwnedByKeys(owner: O, keys: string[]): Promise<F[]> {
    return this.files.findByKeys(keys, this.feature.ownerColumns(owner));
  }

  /** The files with these ids, whoever owns them. */
  findByIds(ids: string[]): Promise<F[]> {
    return this.files.findByIds(ids);
  }

  /** Why the bytes in storage do not match what was declared, or null when they do. */
  async problemInStorage(file: StoredFileRef): Promise<string | null> {
    const stored = await this.storage.inspect(file);
    if (!stored) return FileNotUsable.notUploaded;
    if (stored.size !== file.size) return FileNotUsable.sizeMismatch(file.size, stored.size);
    if (stored.contentType !== file.mimeType) return FileNotUsable.typeMismatch(file.mimeType, stored.contentType);
    return null;
  }

  /**
   * The files `owner` attaches, in the order of `fileIds`: each an uploaded file of the owner, listed
   * once. Files not yet confirmed are checked in storage (size and type as declared) and then marked
   * UPLOADED. Otherwise 400 FILE_NOT_USABLE naming each `<field>.<index>`; an unknown id and another
   * owner's read the same (`notOwned`), so ids leak nothing.
   */
  async requireUploaded(owner: O, fileIds: string[], field: string, notOwned: string): Promise<F[]> {
    const ids = fileIds.map((id) => id.toLowerCase());
    const owned = new Map((await this.findOwned(owner, [...new Set(ids)])).map((file) => [file.id, file]));
    const problems = await Promise.all(
      ids.map(async (id, index): Promise<string | null> => {
        const file = owned.get(id);
        if (!file) return notOwned;
        if (ids.indexOf(id) !== index) return FileNotUsable.duplicate;
        return file.status === StoredFileStatus.Uploaded ? null : this.problemInStorage(file);
      }),
    );
    const errors = problems.flatMap((message, index): FieldError[] => (message ? [{ field: `${field}.${index}`, message }] : []));
    if (errors.length > 0) throw FileErrors.notUsable(errors);
    const usable = ids.map((id) => owned.get(id)!);
    await this.markUploaded(usable);
    return usable;
  }

  /** Marks these files UPLOADED (their bytes were found in storage as declared): the rows, and these objects. */
  async markUploaded(files: F[]): Promise<void> {
    const confirmedNow = files.filter((file) => file.status !== StoredFileStatus.Uploaded);
    const now = new Date();
    await this.files.markUploaded(
      confirmedNow.map((file) => file.id),
      now,
    );
    for (const file of confirmedNow) Object.assign(file, { status: StoredFileStatus.Uploaded, uploadedAt: now });
  }

  /**
   * A URL the caller can fetch the file from for FILE_DOWNLOAD_URL_SECONDS: signed, so it carries no
   * bearer token and stops working when it expires.
   */
  downloadUrl(file: Pick<StoredFileRef, 'id' | 'key' | 'mimeType'>, now = new Date()): Promise<string> {
    return this.storage.createDownloadUrl(file, new Date(now.getTime() + FILE_DOWNLOAD_URL_SECONDS * 1000));
  }

  /**
   * The local driver's download (GET /api/v1/files/download/<id>): the signed URL is the credential
   * (403 for another file's, a changed or an expired one); an uploaded file's bytes (those the
   * feature's downloadKey names) and type. With another driver the route answers 404 (its URLs point
   * at the storage itself).
   */
  async download(fileId: string, query: FileUploadQueryDto): Promise<{ bytes: Buffer; mimeType: string }> {
    const downloadKey = this.feature.downloadKey;
    if (!(this.storage instanceof LocalFileStorage) || !downloadKey) throw FileErrors.uploadNotHere();
    this.storage.checkDownloadUrl(fileId, query.expires, query.signature);
    const file = await this.files.findById(fileId);
    if (!file || file.status !== StoredFileStatus.Uploaded) throw FileErrors.notFound(fileId);
    try {
      return { bytes: await this.storage.read(storedAt(file, downloadKey(file))), mimeType: file.mimeType };
    } catch (error) {
      if (error instanceof StoredBytesMissingError) throw FileErrors.notFound(fileId);
      throw error;
    }
  }

  /** A file's bytes from storage; StoredBytesMissingError when nothing is stored. */
  read(file: StoredFileRef): Promise<Buffer> {
    return this.storage.read(file);
  }
}
