import type { StoredFilesFeature } from '#platform';
import type { Visibility } from '../auth/principal.js';
import { StoredFile } from './entities/stored-file.entity.js';

/** The key of the bytes a file's claim carries (its frozen copy), or of the upload while it is in no claim. */
export const carriedKey = (file: Pick<StoredFile, 'key' | 'frozenKey'>) => file.frozenKey ?? file.key;

/**
 * Who owns a claim's evidence file: the organisation and the planner who presigned it
 * (`claim-evidence/<organisationId>/…`). A planner uses their own files; an admin sees any of the
 * organisation's (`plannerId` null). Downloads serve the bytes a claim carries once it carries them.
 */
export const CLAIM_FILES: StoredFilesFeature<StoredFile, Visibility> = {
  service: 'coverage-claims',
  entity: StoredFile,
  ownerColumns: ({ organisationId, plannerId }) => ({ organisationId, ...(plannerId === null ? {} : { plannerId }) }),
  // Counted per planner, as before the platform owned the feature (the advisory lock key with it).
  pendingCapColumns: ({ organisationId, plannerId }) => (plannerId === null ? { organisationId } : { plannerId }),
  keyFolder: ({ organisationId }) => `claim-evidence/${organisationId}/`,
  downloadKey: carriedKey,
};
