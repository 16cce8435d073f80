import { ProblemException, validationFailed } from '#platform';

export const LeadErrors = {
  notFound: (id: string) => new ProblemException(404, 'LEAD_NOT_FOUND', `Lead ${id} does not exist or is not yours`),
  duplicate: () => new ProblemException(409, 'DUPLICATE_LEAD', 'A lead with this phone number was registered for this product recently'),
  partnerIdNotAllowed: () => validationFailed([{ field: 'partnerId', message: 'only operator keys may deliver a lead directly' }]),
  partnerUnknown: (partnerId: number) => validationFailed([{ field: 'partnerId', message: `partner ${partnerId} does not exist` }]),
  metadataTooLarge: () => validationFailed([{ field: 'metadata', message: 'must be at most 16 KiB as JSON' }]),
};
