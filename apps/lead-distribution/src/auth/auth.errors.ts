import { ProblemException } from '#platform';

export const AuthErrors = {
  roleForbidden: () => new ProblemException(403, 'ROLE_FORBIDDEN', 'This API key may not call this operation'),
  partnerForbidden: (partnerId: number) =>
    new ProblemException(403, 'PARTNER_FORBIDDEN', `This API key may not act for partner ${partnerId}`),
  partnerIdRequired: () =>
    new ProblemException(400, 'VALIDATION_FAILED', 'Invalid request: partnerId', [
      { field: 'partnerId', message: 'is required when calling with an operator key' },
    ]),
  partnerIdInvalid: () =>
    new ProblemException(400, 'VALIDATION_FAILED', 'Invalid request: partnerId', [
      { field: 'partnerId', message: 'must be a positive integer' },
    ]),
};
