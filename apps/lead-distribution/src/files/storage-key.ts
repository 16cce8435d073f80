import type { EvidenceMimeType } from '#contracts';
import type { ActingOwner } from '../auth/principal.js';

// Written out rather than taken from a MIME database: keys are a contract, and a database update
// must not change them (mime-db names audio/mpeg "mpga", for one).
const EXTENSIONS: Record<EvidenceMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
};

/**
 * `as-evidence/<partnerId>/<yyyy>/<mm>/<fileId>.<ext>` for a partner's file,
 * `lead-files/<providerId>/<yyyy>/<mm>/<fileId>.<ext>` for a provider's; the month in UTC. The
 * caller's file name never enters it.
 */
export function storageKey(owner: ActingOwner, fileId: string, mimeType: EvidenceMimeType, at: Date): string {
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  const folder = 'partnerId' in owner ? `as-evidence/${owner.partnerId}/` : providerFilesPrefix(owner.providerId);
  return `${folder}${at.getUTCFullYear()}/${month}/${fileId}.${EXTENSIONS[mimeType]}`;
}

/** Where the files of a provider are kept: every key of them starts with this. */
export function providerFilesPrefix(providerId: string): string {
  return `lead-files/${providerId}/`;
}
