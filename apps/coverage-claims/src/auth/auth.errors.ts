import { CredentialErrors, ProblemException } from '#platform';

export const AuthErrors = {
  tokenMissing: () => new ProblemException(401, 'TOKEN_MISSING', 'Send an access token as Authorization: Bearer <token>'),
  tokenInvalid: () => new ProblemException(401, 'TOKEN_INVALID', 'The access token is invalid or expired'),
  roleForbidden: () => CredentialErrors.roleForbidden('Your role may not call this operation'),
  assertionInvalid: (reason: string) => new ProblemException(401, 'SSO_ASSERTION_INVALID', `The SSO assertion is refused: ${reason}`),
  assertionReplayed: () => new ProblemException(401, 'SSO_ASSERTION_REPLAYED', 'This SSO assertion (jti) has already been used'),
  redirectUriNotRegistered: () =>
    new ProblemException(400, 'REDIRECT_URI_NOT_REGISTERED', 'Invalid request: redirectUri', [
      { field: 'redirectUri', message: 'is not a redirect URI registered for this organisation' },
    ]),
  userDisabled: () => new ProblemException(403, 'USER_DISABLED', 'This user has been disabled by an organisation admin'),
  codeInvalid: () => new ProblemException(401, 'AUTH_CODE_INVALID', 'The code is unknown, already used or expired; sign in again'),
  refreshTokenInvalid: () =>
    new ProblemException(401, 'REFRESH_TOKEN_INVALID', 'The refresh token is unknown, revoked or expired; sign in again'),
  refreshTokenReused: () =>
    new ProblemException(
      401,
      'REFRESH_TOKEN_REUSED',
      'This refresh token was already used; every token of its sign-in is revoked. Sign in again',
    ),
};
