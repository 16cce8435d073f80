import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StoredBytesMissingError, type FileStorage, type StoredFileRef, type StoredObject } from './file-storage.js';
import { FileErrors } from './file.errors.js';
import type { ProblemException } from '../http/problem.js';

/** The signature of a local upload URL: HMAC-SHA256 over the file id and the expiry, hex. */
export function uploadSignature(secret: string, fileId: string, expires: number): string {
  return createHmac('sha256', secret).update(`${fileId}:${expires}`).digest('hex');
}

/**
 * The signature of a local download URL: HMAC-SHA256 over `download:`, the file id and the expiry,
 * hex. The prefix keeps the two apart: an upload URL's signature never opens a download, nor the reverse.
 */
export function downloadSignature(secret: string, fileId: string, expires: number): string {
  return createHmac('sha256', secret).update(`download:${fileId}:${expires}`).digest('hex');
}

/**
 * Evidence on the service's own disk under `root`. Upload URLs point at this service
 * (`PUT /api/v1/files/upload/<id>`), with an expiring HMAC signature as the only credential.
 */
export class LocalFileStorage implements FileStorage {
  constructor(
    readonly root: string,
    private readonly secret: string,
    /** This service's external base URL (PUBLIC_BASE_URL): never taken from a request's headers. */
    private readonly publicBaseUrl: string,
  ) {}

  async createUploadUrl(file: StoredFileRef): Promise<string> {
    return this.signedUrl('upload', file.id, file.uploadExpiresAt, uploadSignature);
  }

  /** Refuses an upload URL that was not issued for this file (403) or has expired (403). */
  checkUploadUrl(fileId: string, expires: number, signature: string): void {
    checkSigned(
      uploadSignature(this.secret, fileId, expires),
      signature,
      expires,
      FileErrors.signatureInvalid,
      FileErrors.uploadUrlExpired,
    );
  }

  /** `GET /api/v1/files/download/<id>?expires=<unix>&signature=<hex>` on this service. */
  async createDownloadUrl(file: Pick<StoredFileRef, 'id' | 'key' | 'mimeType'>, expiresAt: Date): Promise<string> {
    return this.signedUrl('download', file.id, expiresAt, downloadSignature);
  }

  /** Refuses a download URL that was not issued for this file (403) or has expired (403). */
  checkDownloadUrl(fileId: string, expires: number, signature: string): void {
    checkSigned(
      downloadSignature(this.secret, fileId, expires),
      signature,
      expires,
      FileErrors.downloadSignatureInvalid,
      FileErrors.downloadUrlExpired,
    );
  }

  /** `<PUBLIC_BASE_URL>/api/v1/files/<route>/<id>?expires=<unix>&signature=<hex>`, signed by `sign`. */
  private signedUrl(route: 'upload' | 'download', fileId: string, expiresAt: Date, sign: typeof uploadSignature): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const url = new URL(`api/v1/files/${route}/${fileId}`, withTrailingSlash(this.publicBaseUrl));
    url.search = new URLSearchParams({ expires: String(expires), signature: sign(this.secret, fileId, expires) }).toString();
    return url.toString();
  }

  /** Writes the bytes under the key; a reader never sees a partly written file. */
  async write(file: StoredFileRef, bytes: Buffer): Promise<void> {
    const target = this.pathOf(file);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.part`;
    try {
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, target);
    } finally {
      await rm(partial, { force: true });
    }
  }

  async inspect(file: StoredFileRef): Promise<StoredObject | null> {
    try {
      const stats = await stat(this.pathOf(file));
      // Only bytes that passed the checks of the upload route are ever written under a key.
      return { size: stats.size, contentType: file.mimeType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async read(file: StoredFileRef): Promise<Buffer> {
    try {
      return await readFile(this.pathOf(file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredBytesMissingError(file.key);
      throw error;
    }
  }

  async readHead(file: StoredFileRef, bytes: number): Promise<Buffer> {
    let handle;
    try {
      handle = await open(this.pathOf(file), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new StoredBytesMissingError(file.key);
      throw error;
    }
    try {
      const head = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(head, 0, bytes, 0);
      return head.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** Only Content-Type: the upload route hashes the body itself when a digest was declared. */
  uploadHeaders(file: StoredFileRef): Record<string, string> {
    return { 'content-type': file.mimeType };
  }

  /** The upload route writes a key once (a second upload is 409), so what is there stays: the key is its own frozen copy. */
  frozenKeyFor(file: StoredFileRef): string {
    return file.key;
  }

  async freeze(file: StoredFileRef): Promise<void> {
    if ((await this.inspect(file)) === null) throw new StoredBytesMissingError(file.key);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf({ key }), { force: true });
  }

  pathOf(file: Pick<StoredFileRef, 'key'>): string {
    return path.join(this.root, ...file.key.split('/'));
  }
}

/** Refuses a signature other than `expectedHex` (compared in constant time), then an expiry in the past. */
function checkSigned(
  expectedHex: string,
  signature: string,
  expires: number,
  invalid: () => ProblemException,
  expired: () => ProblemException,
): void {
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  if (expires * 1000 < Date.now()) throw expired();
}

function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
