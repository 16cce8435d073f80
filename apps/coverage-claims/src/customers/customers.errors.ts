import { ProblemException } from '#platform';

export const CustomerErrors = {
  notFound: (id: string) => new ProblemException(404, 'CUSTOMER_NOT_FOUND', `Customer ${id} does not exist or is not yours`),
  genderUnknown: (id: string) =>
    new ProblemException(
      409,
      'CUSTOMER_GENDER_UNKNOWN',
      `Customer ${id} has no gender yet (recorded by a claim, whose form has none): verify the customer (POST /api/v1/coverage/verifications) first`,
    ),
};
