import { ProblemException } from '#platform';

export const UserErrors = {
  notFound: (id: string) => new ProblemException(404, 'USER_NOT_FOUND', `User ${id} does not exist in your organisation`),
  alreadyExists: () =>
    new ProblemException(409, 'USER_ALREADY_EXISTS', 'A user with this fcUserCi already exists in your organisation; change it with PATCH'),
  selfLockout: () =>
    new ProblemException(
      409,
      'USER_SELF_LOCKOUT',
      'You cannot disable, demote or delete your own account; another ORG_ADMIN of your organisation can',
    ),
};
