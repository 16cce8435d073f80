import type { StoredFilesFeature } from '#platform';
import type { ActingOwner } from '../auth/principal.js';
import { StoredFile } from './entities/stored-file.entity.js';

/** Where the files of a provider are kept: every key of them starts with this. */
export const providerFilesPrefix = (providerId: string) => `lead-files/${providerId}/`;

/**
 * Who owns a stored file: a partner (its AS evidence, `as-evidence/<partnerId>/…`) or a provider (the
 * files its leads' metadata references, `lead-files/<providerId>/…`).
 */
export const LEAD_FILES: StoredFilesFeature<StoredFile, ActingOwner> = {
  service: 'lead-distribution',
  entity: StoredFile,
  ownerColumns: (owner) => ('partnerId' in owner ? { partnerId: owner.partnerId } : { providerId: owner.providerId }),
  keyFolder: (owner) => ('partnerId' in owner ? `as-evidence/${owner.partnerId}/` : providerFilesPrefix(owner.providerId)),
  // Operators are shown a partner's evidence through signed URLs (the review screen).
  downloadKey: (file) => file.key,
};
