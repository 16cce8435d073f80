import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ClaimFileStatus, type ClaimFileDto, type ClaimPresignedRequestDto, type ClaimPresignedUploadDto } from '#contracts';
import {
  FILE_DOWNLOAD_URL_SECONDS,
  FILE_STORAGE,
  FileErrors,
  FileNotUsable,
  StorageDeletionWorker,
  StoredBytesMissingError,
  StoredFileStatus,
  StoredFilesService,
  FieldCipher,
  cancelStorageDeletions,
  hastenStorageDeletions,
  queueStorageDeletions,
  storedAt,
  type FileStorage,
  type StoredFileRef,
} from '#platform';
import { visibilityOf, type UserPrincipal, type Visibility } from '../auth/principal.js';
import { StoredFile } from './entities/stored-file.entity.js';
import { carriedKey } from './file-owner.js';
import { FilesRepository } from './files.repository.js';

/** When a frozen copy is removed unless a claim has recorded it: far beyond any filing request. */
const FROZEN_COPY_GRACE_SECONDS = 3600;

/** The frozen copies among these (the local driver's frozen key is the file's own: never removed so). */
const copiesOf = (frozen: FrozenFile[]) => frozen.filter(({ file, frozenKey }) => frozenKey !== file.key).map(({ frozenKey }) => frozenKey);

/** Unknown, another planner's or another organisation's file: one answer, so ids leak nothing. */
const NOT_YOUR_FILE = 'is not a file you presigned (POST /api/v1/files/presigned)';

/** The bytes of a frozen file, read on demand by a check (`rules.bytes` of FilesService.freezeOwnFiles). */
export interface FrozenBytes {
  /** Up to the first `bytes` bytes. */
  head(bytes: number): Promise<Buffer>;
  all(): Promise<Buffer>;
}

/** A file frozen for a claim: its row and the key of the bytes the claim carries. */
export interface FrozenFile {
  file: StoredFile;
  frozenKey: string;
}

/**
 * Claims' evidence files, on the platform's presigned files: a planner presigns a file (type and size
 * declared up front), PUTs the bytes to the upload URL, then names the file id in a claim, which
 * freezes its bytes. A file belongs to its organisation and the planner who presigned it; its name is
 * kept sealed.
 */
@Injectable()
export class FilesService {
  constructor(
    private readonly storedFiles: StoredFilesService<StoredFile, Visibility>,
    private readonly files: FilesRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly deletions: StorageDeletionWorker,
    private readonly cipher: FieldCipher,
  ) {}

  /**
   * Registers a file of the planner (at most MAX_PENDING_UPLOADS outstanding) and returns where to
   * upload it; key `claim-evidence/<organisationId>/<yyyy>/<mm>/<fileId>.<ext>`. The name the planner
   * gave is sealed; a declared digest binds the upload to those bytes.
   */
  async presign(user: UserPrincipal, input: ClaimPresignedRequestDto): Promise<ClaimPresignedUploadDto> {
    const name = this.cipher.seal(input.originalName);
    const { file, uploadUrl, expiresIn } = await this.storedFiles.presign(
      { organisationId: user.organisationId, plannerId: user.userId },
      input,
      {
        originalNameCiphertext: name.ciphertext,
        keyId: name.keyId,
        checksumSha256: input.sha256 ?? null,
        frozenKey: null,
      },
    );
    return { fileId: file.id, uploadUrl, uploadHeaders: this.storage.uploadHeaders(file), key: file.key, expiresIn };
  }

  /**
   * A file the user sees (their own; any of the organisation's for an admin), else 404. A file still
   * PENDING whose bytes are in storage as declared (S3) is confirmed UPLOADED on the way.
   */
  async get(user: UserPrincipal, fileId: string): Promise<ClaimFileDto> {
    const [file] = await this.storedFiles.findOwned(visibilityOf(user), [fileId]);
    if (!file) throw FileErrors.notFound(fileId);
    if (file.status === StoredFileStatus.Pending && (await this.storedFiles.problemInStorage(file)) === null) {
      await this.storedFiles.markUploaded([file]);
    }
    return this.toResponse(file, new Date());
  }

  /**
   * The files a claim may carry, as the caller listed them, frozen: each id a file the user presigned
   * themselves (an admin attaches their own files too), listed once, of a type `rules.declared`
   * accepts; its bytes then frozen where no upload URL reaches them (FileStorage.freeze) and the
   * frozen copy checked, never the uploadable one: stored with the declared size and type, and
   * passing `rules.bytes` (the claim's own rules on the bytes). Every problem is in one 400
   * FILE_NOT_USABLE naming `<field>.<index>`. Files not yet confirmed are marked UPLOADED.
   *
   * A copy's removal is queued before the copy is made, due in FROZEN_COPY_GRACE_SECONDS: the caller
   * records the frozen keys with the claim (`recordFrozen`, which takes the removals back), or lets
   * them go (`discardFrozen`, which makes them due); a process that dies in between leaves no copy
   * behind for long. On a refusal or an error here, the copies are let go.
   */
  async freezeOwnFiles(
    user: UserPrincipal,
    fileIds: string[],
    field: string,
    rules: { declared: (file: StoredFile) => string | null; bytes: (file: StoredFile, bytes: FrozenBytes) => Promise<string | null> },
  ): Promise<FrozenFile[]> {
    const ids = fileIds.map((id) => id.toLowerCase());
    const found = await this.storedFiles.findOwned({ organisationId: user.organisationId, plannerId: user.userId }, [...new Set(ids)]);
    const byId = new Map(found.map((file) => [file.id, file]));
    // Each listed file, with its problem so far and, when it has none, where its bytes will be frozen.
    const listed = ids.map((id, index): { frozen?: FrozenFile; problem: string | null } => {
      const file = byId.get(id);
      if (!file) return { problem: NOT_YOUR_FILE };
      if (ids.indexOf(id) !== index) return { problem: FileNotUsable.duplicate };
      const problem = rules.declared(file);
      return problem ? { problem } : { frozen: { file, frozenKey: this.storage.frozenKeyFor(file) }, problem: null };
    });
    const frozen = listed.flatMap((entry) => (entry.frozen ? [entry.frozen] : []));
    await this.files.transaction((tx) => queueStorageDeletions(tx, copiesOf(frozen), FROZEN_COPY_GRACE_SECONDS));
    const checked = await Promise.allSettled(
      listed.map(async (entry): Promise<string | null> => {
        if (!entry.frozen) return entry.problem;
        const { file, frozenKey } = entry.frozen;
        try {
          await this.storage.freeze(file, frozenKey);
        } catch (error) {
          if (error instanceof StoredBytesMissingError) return FileNotUsable.notUploaded;
          throw error;
        }
        const copy = storedAt(file, frozenKey);
        return (
          (await this.storedFiles.problemInStorage(copy)) ??
          (await rules.bytes(file, { head: (bytes) => this.storage.readHead(copy, bytes), all: () => this.storage.read(copy) }))
        );
      }),
    );
    const failed = checked.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) {
      await this.discardFrozen(frozen);
      throw failed.reason;
    }
    const errors = checked.flatMap((result, index) => {
      const problem = (result as PromiseFulfilledResult<string | null>).value;
      return problem ? [{ field: `${field}.${index}`, message: problem }] : [];
    });
    if (errors.length > 0) {
      await this.discardFrozen(frozen);
      throw FileErrors.notUsable(errors);
    }
    await this.storedFiles.markUploaded(frozen.map(({ file }) => file));
    return frozen;
  }

  /** Records, in the claim's transaction, which frozen copy each file's claim carries, and keeps the copies (their queued removals taken back). */
  async recordFrozen(tx: EntityManager, frozen: FrozenFile[]): Promise<void> {
    await this.files.recordFrozen(
      tx,
      frozen.map(({ file, frozenKey }) => ({ id: file.id, frozenKey })),
    );
    await cancelStorageDeletions(tx, copiesOf(frozen));
  }

  /** Lets go of frozen copies no claim carries (the claim was refused after they were made): their removals, queued ahead, are due now. */
  async discardFrozen(frozen: FrozenFile[]): Promise<void> {
    const copies = copiesOf(frozen);
    if (copies.length === 0) return;
    await this.files.transaction((tx) => hastenStorageDeletions(tx, copies));
    this.deletions.wake();
  }

  /**
   * Deletes the rows of these files in the caller's transaction (a customer's erasure: nothing may
   * reference them any more) and answers the storage keys of their bytes, uploaded and frozen.
   */
  deleteFiles(tx: EntityManager, ids: string[]): Promise<string[]> {
    return this.files.deleteByIds(tx, ids);
  }

  /** Wakes the removal of queued stored objects (a deletion committed). */
  wakeStorageDeletion(): void {
    this.deletions.wake();
  }

  /** A signed URL the file's bytes at `file.key` can be downloaded from for FILE_DOWNLOAD_URL_SECONDS (a claim's history shows its files so). */
  downloadUrl(file: Pick<StoredFileRef, 'id' | 'key' | 'mimeType'>, now = new Date()): Promise<string> {
    return this.storedFiles.downloadUrl(file, now);
  }

  /** A file's bytes from storage (a claim's fax carries them); StoredBytesMissingError when nothing is stored. */
  read(file: StoredFileRef): Promise<Buffer> {
    return this.storedFiles.read(file);
  }

  /** The name the planner gave the file, in plain. */
  private originalNameOf(file: Pick<StoredFile, 'originalNameCiphertext' | 'keyId'>): string {
    return this.cipher.open({ keyId: file.keyId, ciphertext: file.originalNameCiphertext });
  }

  private async toResponse(file: StoredFile, now: Date): Promise<ClaimFileDto> {
    const uploaded = file.status === StoredFileStatus.Uploaded;
    return {
      fileId: file.id,
      originalName: this.originalNameOf(file),
      mimeType: file.mimeType,
      size: file.size,
      status: uploaded ? ClaimFileStatus.Uploaded : ClaimFileStatus.Pending,
      downloadUrl: uploaded ? await this.downloadUrl({ id: file.id, key: carriedKey(file), mimeType: file.mimeType }, now) : null,
      downloadUrlExpiresAt: uploaded ? new Date(now.getTime() + FILE_DOWNLOAD_URL_SECONDS * 1000).toISOString() : null,
      createdAt: file.createdAt.toISOString(),
      uploadedAt: file.uploadedAt?.toISOString() ?? null,
    };
  }
}
