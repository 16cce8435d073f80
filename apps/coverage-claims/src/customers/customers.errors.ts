import { ProblemException } from '#platform';

export const CustomerErrors = {
  notFound: (id: string) => new ProblemException(404, 'CUSTOMER_NOT_FOUND', `Customer ${id} does not exist or is not yours`),
};
