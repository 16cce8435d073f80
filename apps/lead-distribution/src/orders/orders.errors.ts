import { ProblemException, validationFailed } from '#platform';

export const OrderErrors = {
  notFound: (id: string) => new ProblemException(404, 'ORDER_NOT_FOUND', `Order ${id} does not exist or is not yours`),
  notCancellable: (status: string) =>
    new ProblemException(409, 'ORDER_NOT_CANCELLABLE', `Only pending and in-progress orders can be cancelled; this one is ${status}`),
  productUnavailable: (productId: string) =>
    validationFailed([{ field: 'productId', message: `product ${productId} does not exist or takes no orders` }]),
  duplicateRegion: (index: number) =>
    validationFailed([{ field: `regionQuantities.${index}.region`, message: 'names a region already listed' }]),
};
