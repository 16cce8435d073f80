import { ProblemException } from '#platform';

export const ApiKeyErrors = {
  notFound: (id: string) => new ProblemException(404, 'API_KEY_NOT_FOUND', `API key ${id} does not exist`),
  missing: () => new ProblemException(401, 'API_KEY_MISSING', 'Send your API key in the X-API-Key header'),
  invalid: () => new ProblemException(401, 'API_KEY_INVALID', 'The API key is unknown or has been revoked'),
};
