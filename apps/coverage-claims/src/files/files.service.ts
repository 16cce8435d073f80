import { Inject, Injectable } from '@nestjs/common';
import {
  ClaimFileStatus,
  type ClaimFileDto,
  type ClaimPresignedRequestDto,
  type FileUploadQueryDto,
  type PresignedUploadDto,
} from '#contracts';
import {
  FILE_STORAGE,
  FileErrors,
  LocalFileStorage,
  StoredBytesMissingError,
  attachmentProblems,
  datedStorageKey,
  problemInStorage,
  receiveLocalUpload,
  type FileStorage,
  type StoredFileRef,
  uuidv7,
} from '#platform';
import { visibilityOf, type UserPrincipal } from '../auth/principal.js';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { StoredFile, StoredFileStatus } from './entities/stored-file.entity.js';
import { ClaimFileErrors } from './files.errors.js';
import { FilesRepository } from './files.repository.js';

/** How long a file URL in a claim's history lets its holder download the file. */
export const FILE_DOWNLOAD_URL_SECONDS = 600;

/** Unknown, another planner's or another organisation's file: one answer, so ids leak nothing. */
const NOT_YOUR_FILE = 'is not a file you presigned (POST /api/v1/files/presigned)';

/**
 * Claims' evidence files, stored as lead-distribution's are (the platform's drivers, limits and
 * checks): a planner presigns a file (type and size declared up front), PUTs the bytes to the upload
 * URL, then names the file id in a claim. A file belongs to its organisation and the planner who
 * presigned it.
 */
@Injectable()
export class FilesService {
  private readonly cdnBase: string;

  constructor(
    private readonly files: FilesRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly config: CoverageClaimsConfig,
  ) {
    this.cdnBase = config.CDN_BASE_URL.replace(/\/+$/, '');
  }

  /** Registers a file of the planner (at most MAX_PENDING_UPLOADS outstanding) and returns where to upload it; key `claim-evidence/<organisationId>/<yyyy>/<mm>/<fileId>.<ext>`. */
  async presign(user: UserPrincipal, input: ClaimPresignedRequestDto): Promise<PresignedUploadDto> {
    const id = uuidv7();
    const now = new Date();
    const expiresIn = this.config.FILE_UPLOAD_EXPIRES_SECONDS;
    const file = await this.files.insertUnderPendingCap(
      Object.assign(new StoredFile(), {
        id,
        organisationId: user.organisationId,
        plannerId: user.userId,
        key: datedStorageKey(`claim-evidence/${user.organisationId}/`, id, input.mimeType, now),
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

  receiveUpload(fileId: string, query: FileUploadQueryDto, contentType: string | undefined, body: unknown): Promise<void> {
    return receiveLocalUpload(this.storage, (id, store) => this.files.completeUpload(id, store), fileId, query, contentType, body);
  }

  /**
   * A file the user sees (their own; any of the organisation's for an admin), else 404. A file still
   * PENDING whose bytes are in storage as declared (S3) is confirmed UPLOADED on the way.
   */
  async get(user: UserPrincipal, fileId: string): Promise<ClaimFileDto> {
    const file = await this.files.findVisible(visibilityOf(user), fileId);
    if (!file) throw ClaimFileErrors.notFound(fileId);
    if (file.status === StoredFileStatus.Pending && (await problemInStorage(this.storage, file)) === null) {
      const now = new Date();
      await this.files.markUploaded([file.id], now);
      Object.assign(file, { status: StoredFileStatus.Uploaded, uploadedAt: now });
    }
    return this.toResponse(file);
  }

  /**
   * The files a claim may carry: each id an uploaded file the user presigned themselves, listed once
   * (an admin attaches their own files too). Files not yet confirmed are checked in storage (size and
   * type as declared) and marked UPLOADED. Otherwise 400 FILE_NOT_USABLE naming each `fileIds.<index>`.
   * Whether a file is already in another claim is the claim's own check (claim_files is unique).
   */
  async requireUploadedFiles(user: UserPrincipal, fileIds: string[]): Promise<StoredFile[]> {
    const ids = fileIds.map((id) => id.toLowerCase());
    const found = await this.files.findOwnByIds(user.organisationId, user.userId, [...new Set(ids)]);
    const byId = new Map(found.map((file) => [file.id, file]));
    const errors = await attachmentProblems(
      this.storage,
      ids,
      byId,
      (file) => file.status === StoredFileStatus.Uploaded,
      NOT_YOUR_FILE,
      'fileIds',
    );
    if (errors.length > 0) throw FileErrors.notUsable(errors);
    const usable = ids.map((id) => byId.get(id)!);
    const pending = usable.filter((file) => file.status === StoredFileStatus.Pending);
    const confirmed = new Date();
    await this.files.markUploaded(
      pending.map((file) => file.id),
      confirmed,
    );
    for (const file of pending) Object.assign(file, { status: StoredFileStatus.Uploaded, uploadedAt: confirmed });
    return usable;
  }

  /**
   * A URL the caller can fetch the file from for FILE_DOWNLOAD_URL_SECONDS (a claim's history shows
   * its files so): signed, so it carries no bearer token and stops working when it expires.
   */
  downloadUrl(file: Pick<StoredFileRef, 'id' | 'key' | 'mimeType'>, now = new Date()): Promise<string> {
    return this.storage.createDownloadUrl(file, new Date(now.getTime() + FILE_DOWNLOAD_URL_SECONDS * 1000));
  }

  /**
   * The local driver's download (GET /api/v1/files/download/<id>): the signed URL is the credential
   * (403 for another file's, a changed or an expired one); an uploaded file's bytes and type. With
   * another driver the route answers 404 (its URLs point at the storage itself).
   */
  async download(fileId: string, query: FileUploadQueryDto): Promise<{ bytes: Buffer; mimeType: string }> {
    if (!(this.storage instanceof LocalFileStorage)) throw FileErrors.uploadNotHere();
    this.storage.checkDownloadUrl(fileId, query.expires, query.signature);
    const file = await this.files.findById(fileId);
    if (!file || file.status !== StoredFileStatus.Uploaded) throw ClaimFileErrors.notFound(fileId);
    try {
      return { bytes: await this.storage.read(file), mimeType: file.mimeType };
    } catch (error) {
      if (error instanceof StoredBytesMissingError) throw ClaimFileErrors.notFound(fileId);
      throw error;
    }
  }

  /** A file's bytes from storage (a claim's fax carries them); StoredBytesMissingError when nothing is stored. */
  read(file: StoredFileRef): Promise<Buffer> {
    return this.storage.read(file);
  }

  cdnUrl(key: string): string {
    return `${this.cdnBase}/${key}`;
  }

  private toResponse(file: StoredFile): ClaimFileDto {
    return {
      fileId: file.id,
      originalName: file.originalName,
      mimeType: file.mimeType,
      size: file.size,
      status: file.status === StoredFileStatus.Uploaded ? ClaimFileStatus.Uploaded : ClaimFileStatus.Pending,
      cdnUrl: this.cdnUrl(file.key),
      createdAt: file.createdAt.toISOString(),
      uploadedAt: file.uploadedAt?.toISOString() ?? null,
    };
  }
}
