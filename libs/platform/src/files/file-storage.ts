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
  /** SHA-256 of the bytes, base64, when the uploader declared it: storage then refuses any other bytes. */
  checksumSha256?: string | null;
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

  /** Up to the first `bytes` bytes stored under the file's key (a header to check); StoredBytesMissingError as `read`. */
  readHead(file: StoredFileRef, bytes: number): Promise<Buffer>;

  /**
   * The headers an upload to `createUploadUrl` must carry: Content-Type, and what else the storage
   * checks the bytes by (S3: the declared digest's header, signed into the URL).
   */
  uploadHeaders(file: StoredFileRef): Record<string, string>;

  /**
   * Where `freeze` will keep the file's bytes: a key of its own that no upload URL reaches (S3, fresh
   * for every call), or the file's own key where keys are written once (the local driver). Chosen
   * before the copy, so that a caller can queue the copy's removal in case it never records it.
   */
  frozenKeyFor(file: StoredFileRef): string;

  /**
   * Keeps the bytes now under the file's key under `frozenKey` (frozenKeyFor): what a service checks,
   * sends on and shows from then on. S3 copies the object (an upload URL may be used again until it
   * expires); the local driver has nothing to do. StoredBytesMissingError when nothing is stored.
   */
  freeze(file: StoredFileRef, frozenKey: string): Promise<void>;

  /** Removes what is stored under `key`; nothing stored there is no error. */
  delete(key: string): Promise<void>;
}

/**
 * The key of a frozen copy of `key` (S3FileStorage.freeze): under `frozen/`, where no upload URL is
 * ever issued, and unique per copy, so that a second freeze of the same file (bytes changed since)
 * never overwrites a copy a claim already carries.
 */
export const frozenKeyOf = (key: string, copyId: string) => `frozen/${copyId}/${key}`;

/** Nothing is stored under a file's key (never uploaded, or removed from storage since). */
export class StoredBytesMissingError extends Error {
  override readonly name = 'StoredBytesMissingError';

  constructor(key: string) {
    super(`Nothing is stored under ${key}`);
  }
}
