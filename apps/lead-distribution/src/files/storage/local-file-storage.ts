import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredFile } from '../entities/stored-file.entity.js';
import { FileErrors } from '../files.errors.js';
import type { FileStorage, StoredObject } from './file-storage.js';

/** The signature of a local upload URL: HMAC-SHA256 over the file id and the expiry, hex. */
export function uploadSignature(secret: string, fileId: string, expires: number): string {
  return createHmac('sha256', secret).update(`${fileId}:${expires}`).digest('hex');
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

  async createUploadUrl(file: StoredFile): Promise<string> {
    const expires = Math.floor(file.uploadExpiresAt.getTime() / 1000);
    const url = new URL(`api/v1/files/upload/${file.id}`, withTrailingSlash(this.publicBaseUrl));
    url.search = new URLSearchParams({ expires: String(expires), signature: uploadSignature(this.secret, file.id, expires) }).toString();
    return url.toString();
  }

  /** Refuses an upload URL that was not issued for this file (403) or has expired (403). */
  checkUploadUrl(fileId: string, expires: number, signature: string): void {
    const expected = Buffer.from(uploadSignature(this.secret, fileId, expires), 'hex');
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw FileErrors.signatureInvalid();
    if (expires * 1000 < Date.now()) throw FileErrors.uploadUrlExpired();
  }

  /** Writes the bytes under the key; a reader never sees a partly written file. */
  async write(file: StoredFile, bytes: Buffer): Promise<void> {
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

  async inspect(file: StoredFile): Promise<StoredObject | null> {
    try {
      const stats = await stat(this.pathOf(file));
      // Only bytes that passed the checks of the upload route are ever written under a key.
      return { size: stats.size, contentType: file.mimeType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  pathOf(file: StoredFile): string {
    return path.join(this.root, ...file.key.split('/'));
  }
}

function withTrailingSlash(base: string): string {
  return base.endsWith('/') ? base : `${base}/`;
}
