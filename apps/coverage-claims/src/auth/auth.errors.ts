import { ProblemException } from '#platform';

export const AuthErrors = {
  tokenMissing: () => new ProblemException(401, 'TOKEN_MISSING', 'Send an access token as Authorization: Bearer <token>'),
  tokenInvalid: () => new ProblemException(401, 'TOKEN_INVALID', 'The access token is invalid or expired'),
  roleForbidden: () => new ProblemException(403, 'ROLE_FORBIDDEN', 'Your role may not call this operation'),
};
