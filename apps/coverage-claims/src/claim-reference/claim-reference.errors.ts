import { ProblemException } from '#platform';

export const ClaimReferenceErrors = {
  insurerNotFound: (code: string) => new ProblemException(404, 'INSURER_NOT_FOUND', `No insurer has the code ${code}`),
};
