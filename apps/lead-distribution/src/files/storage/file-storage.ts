import type { StoredFile } from '../entities/stored-file.entity.js';

/** Injection token of the configured FileStorage (STORAGE_DRIVER). */
export const FILE_STORAGE = Symbol('FILE_STORAGE');

/** What storage holds under a file's key. */
export interface StoredObject {
  size: number;
  contentType: string | undefined;
}

/** Where evidence bytes live. The service never streams them through itself except with the local driver. */
export interface FileStorage {
  /** A URL the caller PUTs the declared bytes to, valid until `file.uploadExpiresAt`. */
  createUploadUrl(file: StoredFile): Promise<string>;

  /** What is stored under the file's key, or null when nothing is. */
  inspect(file: StoredFile): Promise<StoredObject | null>;
}
