import { ProblemException } from '#platform';

export const ProviderErrors = {
  notFound: (id: string) => new ProblemException(404, 'PROVIDER_NOT_FOUND', `Provider ${id} does not exist`),
  alreadyExists: (id: string) => new ProblemException(409, 'PROVIDER_EXISTS', `Provider ${id} already exists`),
};
