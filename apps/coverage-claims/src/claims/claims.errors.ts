import { ProblemException, validationFailed, type FieldError } from '#platform';

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
    new ProblemException(
      400,
      'FILE_NOT_USABLE',
      'These files are already in another claim',
      fileIds.flatMap((id, index) => (taken.includes(id) ? [{ field: `fileIds.${index}`, message: 'is already in another claim' }] : [])),
    ),
};
