import type { StoredFileColumns } from './stored-file.columns.js';

/** Injection token of the service's StoredFilesFeature (StoredFilesModule.forFeature). */
export const STORED_FILES_FEATURE = Symbol('STORED_FILES_FEATURE');

/**
 * What a service says of its presigned files; the platform does the rest (presign, upload, confirm,
 * download). `F` is the service's `stored_files` entity, `O` whoever owns a file there.
 */
export interface StoredFilesFeature<F extends StoredFileColumns, O> {
  /** The service's name: the local driver keeps files under `DATA_DIR/<service>/files`. */
  service: string;
  /** The service's entity of `stored_files`. */
  entity: new () => F;
  /**
   * The columns that name the owner: a new file of `owner` gets them, and only files that have them
   * are the owner's (the owner check; the cap on outstanding uploads counts these files).
   */
  ownerColumns(owner: O): Partial<F>;
  /**
   * The columns the cap on outstanding uploads counts (and locks) by, when not the owner columns: the
   * lock key must stay what the replicas of the running release use, or two of them could each let
   * one presign past the cap.
   */
  pendingCapColumns?: (owner: O) => Partial<F>;
  /** The folder of the owner's keys, ending with a slash: a key is `<folder><yyyy>/<mm>/<fileId>.<ext>`. */
  keyFolder(owner: O): string;
  /**
   * Which bytes of an uploaded file the local driver's signed download serves
   * (`GET /api/v1/files/download/<id>`). Absent, the service has no download route.
   */
  downloadKey?: (file: F) => string;
}
