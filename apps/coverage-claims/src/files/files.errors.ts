import { ProblemException } from '#platform';

export const ClaimFileErrors = {
  /** Unknown, another planner's or another organisation's: the same answer, so ids leak nothing. */
  notFound: (id: string) => new ProblemException(404, 'FILE_NOT_FOUND', `File ${id} does not exist`),
};
