import { ProblemException, validationFailed } from '#platform';

export const ProductErrors = {
  notFound: (id: string) => new ProblemException(404, 'PRODUCT_NOT_FOUND', `Product ${id} does not exist`),
  /** A provider's lead naming a product that is not theirs answers as if it did not exist. */
  notFoundOrNotYours: (id: string) => new ProblemException(404, 'PRODUCT_NOT_FOUND', `Product ${id} does not exist or is not one of yours`),
  alreadyExists: (id: string) => new ProblemException(409, 'PRODUCT_EXISTS', `Product ${id} already exists`),
  providerFixed: (id: string) =>
    new ProblemException(
      409,
      'PRODUCT_PROVIDER_FIXED',
      `Product ${id} has leads or orders: its provider cannot change (register a new product)`,
      [{ field: 'providerId', message: 'cannot change once the product has leads or orders' }],
    ),
  providerUnknown: (providerId: string) => validationFailed([{ field: 'providerId', message: `provider ${providerId} does not exist` }]),
};
