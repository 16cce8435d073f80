import { INT_ID_MESSAGE } from '#contracts';
import { CredentialErrors, ProblemException, validationFailed } from '#platform';

export const AuthErrors = {
  roleForbidden: () => CredentialErrors.roleForbidden('This API key may not call this operation'),
  partnerForbidden: (partnerId: number) =>
    new ProblemException(403, 'PARTNER_FORBIDDEN', `This API key may not act for partner ${partnerId}`),
  partnerIdRequired: () => validationFailed([{ field: 'partnerId', message: 'is required when calling with an operator key' }]),
  partnerIdInvalid: () => validationFailed([{ field: 'partnerId', message: INT_ID_MESSAGE }]),
  partnerUnknown: (partnerId: number) => validationFailed([{ field: 'partnerId', message: `partner ${partnerId} does not exist` }]),
};
