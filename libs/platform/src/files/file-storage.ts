import type { EvidenceMimeType } from '#contracts';

/** Injection token of the configured FileStorage (STORAGE_DRIVER). */
export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** What storage needs to know of a presigned file; each service keeps its files in a table of its own. */
export interface StoredFileRef {
  id: string;
  key: string;
  mimeType: EvidenceMimeType;
  /** Declared size in bytes. */
  size: number;
  uploadExpiresAt: Date;
}

/** What storage holds under a file's key. */
export interface StoredObject {
  size: number;
  contentType: string | undefined;
}

/** Where evidence bytes live. The service never streams them through itself except with the local driver. */
export interface FileStorage {
  /** A URL the caller PUTs the declared bytes to, valid until `file.uploadExpiresAt`. */
  createUploadUrl(file: StoredFileRef): Promise<string>;

  /** What is stored under the file's key, or null when nothing is. */
  inspect(file: StoredFileRef): Promise<StoredObject | null>;

  /**
   * A URL anyone holding it may GET the file's bytes from until `expiresAt` (a history shows a
   * claim's files this way): the local driver's signed route on this service, or an S3 presigned GET.
   */
  createDownloadUrl(file: Pick<StoredFileRef, 'id' | 'key' | 'mimeType'>, expiresAt: Date): Promise<string>;

  /**
   * The bytes stored under the file's key (a service that sends a file on, as a claim's fax does).
   * Rejects with StoredBytesMissingError when nothing is stored there; any other rejection is the
   * storage failing or out of reach, and may pass.
   */
  read(file: StoredFileRef): Promise<Buffer>;
}

/** Nothing is stored under a file's key (never uploaded, or removed from storage since). */
export class StoredBytesMissingError extends Error {
  override readonly name = 'StoredBytesMissingError';

  constructor(key: string) {
    super(`Nothing is stored under ${key}`);
  }
}
