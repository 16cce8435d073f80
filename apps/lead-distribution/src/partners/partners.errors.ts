import { ProblemException, validationFailed } from '#platform';

export const PartnerErrors = {
  notFound: (id: number) => new ProblemException(404, 'PARTNER_NOT_FOUND', `Partner ${id} does not exist`),
  parentNotFound: (parentId: number) => validationFailed([{ field: 'parentId', message: `partner ${parentId} does not exist` }]),
};
