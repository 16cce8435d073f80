import { ProblemException, validationFailed } from '#platform';

export const ProductErrors = {
  notFound: (id: string) => new ProblemException(404, 'PRODUCT_NOT_FOUND', `Product ${id} does not exist`),
  alreadyExists: (id: string) => new ProblemException(409, 'PRODUCT_EXISTS', `Product ${id} already exists`),
  providerUnknown: (providerId: string) => validationFailed([{ field: 'providerId', message: `provider ${providerId} does not exist` }]),
};
