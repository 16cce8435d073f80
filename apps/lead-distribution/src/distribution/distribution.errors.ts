import { ProblemException } from '#platform';

export const DistributionErrors = {
  notDescendant: (field: string, partnerId: number) =>
    new ProblemException(403, 'PARTNER_NOT_DESCENDANT', `Partner ${partnerId} is not below you in your organisation`, [
      { field, message: 'must be a partner below the caller in its organisation' },
    ]),
  ineligible: (problems: Array<{ field: string; message: string }>) =>
    new ProblemException(409, 'LEADS_NOT_ELIGIBLE', 'Some leads cannot be handed over; nothing was moved', problems),
};
