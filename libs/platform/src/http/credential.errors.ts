import { ProblemException } from './problem.js';

/**
 * The credential codes every guard answers (the operators' and each service's own), declared once:
 * each caller words the detail for its credential.
 */
export const CredentialErrors = {
  apiKeyMissing: (detail: string) => new ProblemException(401, 'API_KEY_MISSING', detail),
  apiKeyInvalid: (detail: string) => new ProblemException(401, 'API_KEY_INVALID', detail),
  roleForbidden: (detail: string) => new ProblemException(403, 'ROLE_FORBIDDEN', detail),
};
