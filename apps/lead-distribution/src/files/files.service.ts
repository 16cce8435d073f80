import { Injectable } from '@nestjs/common';
import type { EvidenceMimeType, PresignedRequestDto, PresignedUploadDto } from '#contracts';
import { FILE_DOWNLOAD_URL_SECONDS, StoredFileStatus, StoredFilesService, type FieldError } from '#platform';
import type { ActingOwner } from '../auth/principal.js';
import { LeadDistributionConfig } from '../config/lead-distribution.config.js';
import { StoredFile } from './entities/stored-file.entity.js';
import { providerFilesPrefix } from './file-owner.js';

/** An unknown id and another partner's read the same on purpose: ids of other partners leak nothing. */
const NOT_A_PARTNER_FILE = 'is not a file of this partner';

/**
 * A file as responses show it (an AS request's evidence): with a signed URL it can be downloaded from
 * until downloadUrlExpiresAt; `cdnUrl`, the interface's name, is that same URL.
 */
export interface FileDescription {
  fileId: string;
  originalName: string;
  mimeType: EvidenceMimeType;
  size: number;
  cdnUrl: string;
  downloadUrl: string;
  downloadUrlExpiresAt: string;
}

/**
 * Stored files. A partner presigns a file (type and size declared up front), PUTs the bytes to the
 * upload URL, then names the file id in an AS request, which calls requireUploadedFiles; AS evidence
 * is only ever read through signed URLs that expire (never a permanent CDN URL). A provider does the
 * same and names the file's key as a `fileKey` in the metadata of the leads it registers, which calls
 * requireProviderFiles; those files are served from the CDN (cdnUrl).
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

  /**
   * Registers a file of `owner` and returns where to upload it; at most MAX_PENDING_UPLOADS outstanding
   * per owner. `cdnUrl`: a provider's file (lead metadata) is served from the CDN; a partner's (AS
   * evidence) has no permanent URL, so it is a signed download URL valid FILE_DOWNLOAD_URL_SECONDS,
   * which serves the bytes once they are uploaded.
   */
  async presign(owner: ActingOwner, input: PresignedRequestDto): Promise<PresignedUploadDto> {
    const { file, uploadUrl, expiresIn } = await this.files.presign(owner, input, { originalName: input.originalName });
    const cdnUrl = 'providerId' in owner ? this.cdnUrl(file.key) : await this.files.downloadUrl(file);
    return { fileId: file.id, uploadUrl, key: file.key, cdnUrl, expiresIn };
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
  async describeByIds(ids: string[], now = new Date()): Promise<FileDescription[]> {
    const byId = new Map((await this.files.findByIds(ids)).map((file) => [file.id, file]));
    return this.describe(
      ids.flatMap((id) => byId.get(id) ?? []),
      now,
    );
  }

  /**
   * Each file with a signed download URL valid for FILE_DOWNLOAD_URL_SECONDS, made anew for each
   * answer (this service's download route with the local driver, an S3 presigned GET with s3).
   */
  describe(files: StoredFile[], now = new Date()): Promise<FileDescription[]> {
    const downloadUrlExpiresAt = new Date(now.getTime() + FILE_DOWNLOAD_URL_SECONDS * 1000).toISOString();
    return Promise.all(
      files.map(async (file) => {
        const downloadUrl = await this.files.downloadUrl(file, now);
        return {
          fileId: file.id,
          originalName: file.originalName,
          mimeType: file.mimeType,
          size: file.size,
          cdnUrl: downloadUrl,
          downloadUrl,
          downloadUrlExpiresAt,
        };
      }),
    );
  }
}
