import { Injectable } from '@nestjs/common';
import type { EvidenceMimeType, PresignedRequestDto, PresignedUploadDto } from '#contracts';
import { FILE_DOWNLOAD_URL_SECONDS, StoredFileStatus, StoredFilesService, type FieldError } from '#platform';
import type { ActingOwner } from '../auth/principal.js';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { StoredFile } from './entities/stored-file.entity.js';
import { providerFilesPrefix } from './file-owner.js';

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

/** A file as the operators' review shows it: with a signed URL it can be downloaded from until downloadUrlExpiresAt. */
export interface DownloadableFileDescription extends FileDescription {
  downloadUrl: string;
  downloadUrlExpiresAt: string;
}

/**
 * Stored files, served from the CDN. A partner presigns a file (type and size declared up front),
 * PUTs the bytes to the upload URL, then names the file id in an AS request, which calls
 * requireUploadedFiles. A provider does the same and names the file's key as a `fileKey` in the
 * metadata of the leads it registers, which calls requireProviderFiles.
 */
@Injectable()
export class FilesService {
  private readonly cdnBase: string;

  constructor(
    private readonly files: StoredFilesService<StoredFile, ActingOwner>,
    config: LeadDistributionConfig,
  ) {
    this.cdnBase = config.CDN_BASE_URL.replace(/\/+$/, '');
  }

  /** Registers a file of `owner` and returns where to upload it; at most MAX_PENDING_UPLOADS outstanding per owner. */
  async presign(owner: ActingOwner, input: PresignedRequestDto): Promise<PresignedUploadDto> {
    const { file, uploadUrl, expiresIn } = await this.files.presign(owner, input, { originalName: input.originalName });
    return { fileId: file.id, uploadUrl, key: file.key, cdnUrl: this.cdnUrl(file.key), expiresIn };
  }

  /**
   * The files an AS request may carry: each id must be an uploaded file of `partnerId`, listed once.
   * Files not yet confirmed are checked in storage (size and type as declared) and then marked
   * UPLOADED. Otherwise 400 FILE_NOT_USABLE naming each `storedFileIds.<index>`.
   */
  requireUploadedFiles(partnerId: number, fileIds: string[]): Promise<StoredFile[]> {
    return this.files.requireUploaded({ partnerId }, fileIds, 'storedFileIds', NOT_A_PARTNER_FILE);
  }

  /**
   * The files that lead metadata references by `fileKey` (each at `field`): each key must name an
   * uploaded file of `providerId` (the product's provider). Returns a problem per reference that
   * does not; files found in storage are confirmed UPLOADED.
   */
  async requireProviderFiles(providerId: string, references: Array<{ field: string; key: string }>): Promise<FieldError[]> {
    const owned = await this.files.findOwnedByKeys({ providerId }, [...new Set(references.map((reference) => reference.key))]);
    const byKey = new Map(owned.map((file) => [file.key, file]));
    const problems = await Promise.all(
      references.map(async ({ field, key }): Promise<FieldError | null> => {
        const file = byKey.get(key);
        if (!file) return { field, message: 'is not the key of a file uploaded by the product’s provider' };
        const problem = file.status === StoredFileStatus.Uploaded ? null : await this.files.problemInStorage(file);
        return problem ? { field, message: problem } : null;
      }),
    );
    const errors = problems.filter((problem): problem is FieldError => problem !== null);
    if (errors.length === 0) await this.files.markUploaded(owned);
    return errors;
  }

  cdnUrl(key: string): string {
    return `${this.cdnBase}/${key}`;
  }

  /**
   * The CDN URL of a key that names a file of `providerId`, else undefined: metadata stored before
   * references were checked may name other files (another provider's, a partner's evidence), which
   * are never linked.
   */
  providerFileUrl(providerId: string, key: string): string | undefined {
    return key.startsWith(providerFilesPrefix(providerId)) ? this.cdnUrl(key) : undefined;
  }

  /** The files with these ids, described in the order of `ids` (ids of no file are left out). */
  async describeByIds(ids: string[]): Promise<FileDescription[]> {
    const byId = new Map((await this.files.findByIds(ids)).map((file) => [file.id, file]));
    return this.describe(ids.flatMap((id) => byId.get(id) ?? []));
  }

  /**
   * The files with these ids as describeByIds describes them, each with a signed download URL valid
   * for FILE_DOWNLOAD_URL_SECONDS (this service's download route with the local driver, an S3
   * presigned GET with s3).
   */
  async describeForDownload(ids: string[], now = new Date()): Promise<DownloadableFileDescription[]> {
    const byId = new Map((await this.files.findByIds(ids)).map((file) => [file.id, file]));
    const files = ids.flatMap((id) => byId.get(id) ?? []);
    const downloadUrlExpiresAt = new Date(now.getTime() + FILE_DOWNLOAD_URL_SECONDS * 1000).toISOString();
    return Promise.all(
      files.map(async (file) => ({
        ...this.describeFile(file),
        downloadUrl: await this.files.downloadUrl(file, now),
        downloadUrlExpiresAt,
      })),
    );
  }

  describe(files: StoredFile[]): FileDescription[] {
    return files.map((file) => this.describeFile(file));
  }

  private describeFile(file: StoredFile): FileDescription {
    return { fileId: file.id, originalName: file.originalName, mimeType: file.mimeType, size: file.size, cdnUrl: this.cdnUrl(file.key) };
  }
}
