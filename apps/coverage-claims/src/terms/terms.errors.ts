import { ProblemException } from '#platform';

export const TermErrors = {
  notInForce: (indexes: number[]) =>
    new ProblemException(
      400,
      'TERM_UNKNOWN',
      `Invalid request: ${indexes.map((index) => `agreedTermIds.${index}`).join(', ')}`,
      indexes.map((index) => ({ field: `agreedTermIds.${index}`, message: 'is not a term in force (GET /api/v1/coverage/terms)' })),
    ),
  requiredNotAgreed: (missing: string[]) =>
    new ProblemException(400, 'TERMS_NOT_AGREED', 'The customer must agree to every required term', [
      { field: 'agreedTermIds', message: `must include every required term; missing: ${missing.join(', ')}` },
    ]),
};
