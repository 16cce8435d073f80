import { CredentialErrors, ProblemException } from '#platform';

export const ApiKeyErrors = {
  notFound: (id: string) => new ProblemException(404, 'API_KEY_NOT_FOUND', `API key ${id} does not exist`),
  missing: () => CredentialErrors.apiKeyMissing('Send your API key in the X-API-Key header'),
  invalid: () => CredentialErrors.apiKeyInvalid('The API key is unknown or has been revoked'),
};
