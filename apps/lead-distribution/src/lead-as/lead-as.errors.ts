import { FileErrors, ProblemException, validationFailed } from '#platform';

export const LeadAsErrors = {
  notFound: (id: string) => new ProblemException(404, 'AS_REQUEST_NOT_FOUND', `AS request ${id} does not exist`),
  notYours: (id: string) => new ProblemException(403, 'AS_REQUEST_FORBIDDEN', `AS request ${id} was filed by another partner`),
  alreadyActive: () => new ProblemException(409, 'AS_ALREADY_ACTIVE', 'The lead already has an AS request that is pending or on hold'),
  alreadyApproved: () => new ProblemException(409, 'AS_ALREADY_APPROVED', 'An AS request for this lead has already been approved'),
  windowExpired: (days: number) =>
    new ProblemException(409, 'AS_WINDOW_EXPIRED', `AS requests for this product must be filed within ${days} days of assignment`),
  notCancellable: (status: string) =>
    new ProblemException(400, 'AS_NOT_CANCELLABLE', `Only pending and on-hold AS requests can be cancelled; this one is ${status}`),
  invalidTransition: (status: string, decision: string) =>
    new ProblemException(409, 'AS_INVALID_TRANSITION', `An AS request that is ${status} cannot take the decision ${decision}`),
  unknownReason: (code: string) =>
    validationFailed([{ field: 'reasonCode', message: `${code} is not an AS reason code (GET /api/v1/lead-as/reasons)` }]),
  filesAlreadyAttached: (fileIds: string[], attached: string[]) =>
    FileErrors.attachedElsewhere(
      'Some files are already evidence of another AS request',
      attached.map((id) => ({ field: `storedFileIds.${fileIds.indexOf(id)}`, message: 'is already attached to another AS request' })),
    ),
  evidenceRequired: (code: string) =>
    new ProblemException(400, 'EVIDENCE_REQUIRED', `The reason ${code} needs at least one evidence file`, [
      { field: 'storedFileIds', message: 'must name at least one uploaded file for this reason' },
    ]),
};
