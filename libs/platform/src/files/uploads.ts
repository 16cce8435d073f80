import { createHash } from 'node:crypto';
import type { DataSource, EntityTarget, FindOptionsWhere, QueryDeepPartialEntity } from 'typeorm';
import type { FileUploadQueryDto } from '#contracts';
import type { FileStorage, StoredFileRef } from './file-storage.js';
import type { FieldError } from '../http/problem.js';
import { FileErrors, FileNotUsable } from './file.errors.js';
import { LocalFileStorage } from './local-file-storage.js';

/** A file row as the upload route sees it, read under its lock. */
export interface UploadableFile extends StoredFileRef {
  uploaded: boolean;
}

/**
 * Runs `store` on the file (null: no such file) under its row lock and marks it uploaded when
 * `store` succeeds; when it throws, nothing changes. Each service's repository implements it on its
 * own table.
 */
export type CompleteUpload = (id: string, store: (file: UploadableFile | null) => Promise<void>) => Promise<void>;

/**
 * The local driver's upload (PUT /api/v1/files/upload/<id>): the signed URL is the credential; the
 * body must have the declared type and size (and digest, when one was declared), and a file is
 * uploaded once. With another driver the route answers 404.
 */
export async function receiveLocalUpload(
  storage: FileStorage,
  completeUpload: CompleteUpload,
  fileId: string,
  query: FileUploadQueryDto,
  contentType: string | undefined,
  body: unknown,
): Promise<void> {
  if (!(storage instanceof LocalFileStorage)) throw FileErrors.uploadNotHere();
  storage.checkUploadUrl(fileId, query.expires, query.signature);
  await completeUpload(fileId, async (file) => {
    if (!file) throw FileErrors.notFound(fileId);
    if (file.uploaded) throw FileErrors.alreadyUploaded(fileId);
    const sentType = contentType?.split(';')[0].trim().toLowerCase();
    if (sentType !== file.mimeType) throw FileErrors.contentTypeMismatch(file.mimeType, sentType);
    const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    if (bytes.length !== file.size) throw FileErrors.sizeMismatch(file.size, bytes.length);
    if (file.checksumSha256 && createHash('sha256').update(bytes).digest('base64') !== file.checksumSha256)
      throw FileErrors.checksumMismatch();
    await storage.write(file, bytes);
  });
}

/** Why the bytes in storage do not match what was declared, or null when they do. */
export async function problemInStorage(storage: FileStorage, file: StoredFileRef): Promise<string | null> {
  const stored = await storage.inspect(file);
  if (!stored) return FileNotUsable.notUploaded;
  if (stored.size !== file.size) return FileNotUsable.sizeMismatch(file.size, stored.size);
  if (stored.contentType !== file.mimeType) return FileNotUsable.typeMismatch(file.mimeType, stored.contentType);
  return null;
}

/**
 * Why each of `ids` (as the caller listed them) cannot be attached, as field errors named
 * `<field>.<index>`: not among `owned` (unknown, or not the caller's: one message, `notOwned`, so ids
 * leak nothing), listed twice, or (not yet confirmed) not in storage as declared.
 */
export async function attachmentProblems<F extends StoredFileRef>(
  storage: FileStorage,
  ids: string[],
  owned: Map<string, F>,
  isUploaded: (file: F) => boolean,
  notOwned: string,
  field: string,
): Promise<FieldError[]> {
  const problems = await Promise.all(
    ids.map(async (id, index): Promise<string | null> => {
      const file = owned.get(id);
      if (!file) return notOwned;
      if (ids.indexOf(id) !== index) return FileNotUsable.duplicate;
      return isUploaded(file) ? null : problemInStorage(storage, file);
    }),
  );
  return problems.flatMap((message, index) => (message ? [{ field: `${field}.${index}`, message }] : []));
}

/** The columns a service's table of presigned files has for the upload (status PENDING → UPLOADED). */
export interface UploadRow extends StoredFileRef {
  status: string;
  uploadedAt: Date | null;
}

/**
 * CompleteUpload on a service's table of files: reads the row under `FOR UPDATE`, runs `store`, and
 * marks the row UPLOADED when `store` succeeds, in one transaction; concurrent uploads of one file
 * wait for each other, so the second sees the first one's result.
 */
export function completeUploadIn<T extends UploadRow>(
  dataSource: DataSource,
  entity: EntityTarget<T>,
  id: string,
  store: (file: UploadableFile | null) => Promise<void>,
): Promise<void> {
  return dataSource.transaction(async (manager) => {
    const where = { id } as FindOptionsWhere<T>;
    const file = await manager.findOne(entity, { where, lock: { mode: 'pessimistic_write' } });
    await store(file && Object.assign(file, { uploaded: file.status === UPLOADED }));
    await manager.update(entity, where, { status: UPLOADED, uploadedAt: () => 'now()' } as unknown as QueryDeepPartialEntity<T>);
  });
}

const UPLOADED = 'UPLOADED';

/** The columns the cap on outstanding presigned uploads reads. */
export interface PendingUploadRow extends UploadRow {
  createdAt: Date;
  uploadExpiresAt: Date;
}

/**
 * Inserts a presigned file unless its owner (`owner`: the owning column and its value) already has
 * `cap` outstanding ones (PENDING, upload URL not yet expired): then 429 TOO_MANY_PENDING_UPLOADS,
 * with Retry-After until the first of them expires. Counted and inserted under a transaction-scoped
 * advisory lock on the owner, so two presigns at once never pass the cap together.
 */
export function insertUnderPendingCap<T extends PendingUploadRow>(
  dataSource: DataSource,
  entity: EntityTarget<T>,
  file: T,
  owner: Partial<T>,
  cap: number,
): Promise<void> {
  return dataSource.transaction(async (manager) => {
    const metadata = manager.connection.getMetadata(entity);
    const [[property, value]] = Object.entries(owner) as [[string, unknown]];
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `pending-uploads:${metadata.tableName}:${property}:${String(value)}`,
    ]);
    const outstanding = await manager
      .createQueryBuilder(entity, 'file')
      .select('count(*)::int', 'pending')
      .addSelect('min(file.uploadExpiresAt)', 'firstExpiry')
      .where(`file.${property} = :value`, { value })
      .andWhere('file.status = :pending', { pending: PENDING })
      .andWhere('file.uploadExpiresAt > :now', { now: file.createdAt })
      .getRawOne<{ pending: number; firstExpiry: Date | null }>();
    if (outstanding && outstanding.pending >= cap) {
      const waitMs = (outstanding.firstExpiry ?? file.createdAt).getTime() - file.createdAt.getTime();
      throw FileErrors.tooManyPending(cap, Math.max(1, Math.ceil(waitMs / 1000)));
    }
    await manager.insert(entity, file as QueryDeepPartialEntity<T>);
  });
}

const PENDING = 'PENDING';
