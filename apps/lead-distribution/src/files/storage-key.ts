import type { EvidenceMimeType } from '#contracts';
import { datedStorageKey } from '#platform';
import type { ActingOwner } from '../auth/principal.js';

/**
 * `as-evidence/<partnerId>/<yyyy>/<mm>/<fileId>.<ext>` for a partner's file,
 * `lead-files/<providerId>/<yyyy>/<mm>/<fileId>.<ext>` for a provider's; the month in UTC. The
 * caller's file name never enters it.
 */
export function storageKey(owner: ActingOwner, fileId: string, mimeType: EvidenceMimeType, at: Date): string {
  const folder = 'partnerId' in owner ? `as-evidence/${owner.partnerId}/` : providerFilesPrefix(owner.providerId);
  return datedStorageKey(folder, fileId, mimeType, at);
}

/** Where the files of a provider are kept: every key of them starts with this. */
export function providerFilesPrefix(providerId: string): string {
  return `lead-files/${providerId}/`;
}
