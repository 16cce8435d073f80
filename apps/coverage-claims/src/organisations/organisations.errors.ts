import { ProblemException } from '#platform';

export const OrganisationErrors = {
  notFound: (id: string) => new ProblemException(404, 'ORGANISATION_NOT_FOUND', `Organisation ${id} does not exist`),
};
