import { ProblemException, validationFailed } from '#platform';

export const WebhookErrors = {
  endpointNotFound: (id: string) =>
    new ProblemException(404, 'WEBHOOK_ENDPOINT_NOT_FOUND', `Webhook endpoint ${id} does not exist or is not yours`),
  deliveryNotFound: (id: string) =>
    new ProblemException(404, 'WEBHOOK_DELIVERY_NOT_FOUND', `Webhook delivery ${id} does not exist or is not yours`),
  endpointDisabled: (id: string) =>
    new ProblemException(409, 'WEBHOOK_ENDPOINT_DISABLED', `Webhook endpoint ${id} is disabled: enable it first (PATCH enabled: true)`),
  endpointLimit: (max: number) =>
    new ProblemException(409, 'WEBHOOK_ENDPOINT_LIMIT', `A partner has at most ${max} webhook endpoints; delete one first`),
  urlRefused: (message: string) => validationFailed([{ field: 'url', message }]),
  untilNotAfterSince: () => validationFailed([{ field: 'until', message: 'must be after since' }]),
};
