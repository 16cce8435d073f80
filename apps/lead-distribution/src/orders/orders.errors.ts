import { ProblemException } from '#platform';

export const OrderErrors = {
  notFound: (id: string) => new ProblemException(404, 'ORDER_NOT_FOUND', `Order ${id} does not exist or is not yours`),
  notCancellable: (status: string) =>
    new ProblemException(409, 'ORDER_NOT_CANCELLABLE', `Only pending and in-progress orders can be cancelled; this one is ${status}`),
  productUnavailable: (productId: string) =>
    new ProblemException(400, 'VALIDATION_FAILED', 'Invalid request: productId', [
      { field: 'productId', message: `product ${productId} does not exist or takes no orders` },
    ]),
  duplicateRegion: (index: number) =>
    new ProblemException(400, 'VALIDATION_FAILED', 'Invalid request: regionQuantities', [
      { field: `regionQuantities.${index}.region`, message: 'names a region already listed' },
    ]),
};
