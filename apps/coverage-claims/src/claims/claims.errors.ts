import type { ClaimStatus } from '#contracts';
import { FileErrors, ProblemException, validationFailed, type FieldError } from '#platform';

export const ClaimErrors = {
  /** A code no list has, or fields that contradict each other: 400 naming each field. */
  invalid: (errors: FieldError[]) => validationFailed(errors),
  /** The insurer exists but has no claims fax number yet: nothing could deliver the claim. */
  insurerHasNoFax: (code: string) =>
    new ProblemException(
      422,
      'INSURER_FAX_UNKNOWN',
      `Insurer ${code} has no claims fax number yet; claims to it cannot be sent until an operator sets one`,
      [{ field: 'insuCompCd', message: 'has no claims fax number yet' }],
    ),
  filesInOtherClaims: (fileIds: string[], taken: string[]) =>
    FileErrors.attachedElsewhere(
      'These files are already in another claim',
      fileIds.flatMap((id, index) => (taken.includes(id) ? [{ field: `fileIds.${index}`, message: 'is already in another claim' }] : [])),
    ),
  /** Another organisation's or an unknown claim: one answer, so ids leak nothing. */
  notFound: (claimReqId: number) => new ProblemException(404, 'CLAIM_NOT_FOUND', `Claim ${claimReqId} does not exist in your organisation`),
  /** An operator's look-up, in every organisation. */
  notFoundAnywhere: (claimReqId: number) => new ProblemException(404, 'CLAIM_NOT_FOUND', `Claim ${claimReqId} does not exist`),
  /** Only a claim whose delivery was given up (FAILED) is sent again. */
  notFailed: (claimReqId: number, status: ClaimStatus) =>
    new ProblemException(409, 'CLAIM_NOT_FAILED', `Claim ${claimReqId} is ${status}; only a FAILED claim can be sent again`),
  /** The claim's fax cannot be made (an attachment missing, unreadable or over the budgets; too many pages): it would not be sent either. */
  documentUnrenderable: (claimReqId: number, reason: string) =>
    new ProblemException(422, 'CLAIM_DOCUMENT_UNRENDERABLE', `Claim ${claimReqId}'s fax cannot be made: ${reason}`),
  /** Storage or the render process failed, or the render waited too long: maybe passing. */
  documentUnavailable: (claimReqId: number, reason: string) =>
    new ProblemException(
      503,
      'CLAIM_DOCUMENT_UNAVAILABLE',
      `Claim ${claimReqId}'s fax could not be made now (${reason}); try again later`,
      undefined,
      {
        headers: { 'Retry-After': '30' },
      },
    ),
  /** The insurer has no claims fax (an operator removed it): a resend could not be delivered either. */
  insurerHasNoFaxToResend: (code: string) =>
    new ProblemException(
      422,
      'INSURER_FAX_UNKNOWN',
      `Insurer ${code} has no claims fax number; the claim can be sent again once an operator sets one`,
    ),
};
