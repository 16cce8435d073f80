import { ProblemException } from '../http/problem.js';
import { validationFailed } from '../http/validation.js';

export const OperatorErrors = {
  credentialMissing: () =>
    new ProblemException(401, 'API_KEY_MISSING', 'Sign in (the operator session cookie) or send a personal API key in X-API-Key'),
  keyInvalid: () => new ProblemException(401, 'API_KEY_INVALID', 'The API key is unknown, revoked or belongs to a disabled account'),
  sessionInvalid: () =>
    new ProblemException(
      401,
      'OPERATOR_SESSION_INVALID',
      'The session has ended (signed out, 30 minutes idle, 12 hours old, or the account was disabled)',
    ),
  signInFailed: () => new ProblemException(401, 'SIGN_IN_FAILED', 'The e-mail and password do not match an enabled account'),
  challengeInvalid: () =>
    new ProblemException(401, 'SIGN_IN_CHALLENGE_INVALID', 'The sign-in challenge is unknown or has expired: sign in again'),
  secondFactorInvalid: () => new ProblemException(401, 'SECOND_FACTOR_INVALID', 'The code is wrong, already used, or not the current one'),
  locked: (until: Date) =>
    new ProblemException(423, 'ACCOUNT_LOCKED', `Too many failed sign-ins: the account is locked until ${until.toISOString()}`, undefined, {
      headers: { 'Retry-After': String(Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000))) },
    }),
  csrfInvalid: () =>
    new ProblemException(
      403,
      'CSRF_TOKEN_INVALID',
      'A state-changing request on a session must carry the X-CSRF-Token the session was given',
    ),
  roleForbidden: (needed: string) => new ProblemException(403, 'OPERATOR_ROLE_FORBIDDEN', `This operation needs the ${needed} role`),
  notAnOperatorOperation: () => new ProblemException(403, 'ROLE_FORBIDDEN', 'Operators may not call this operation'),
  bootstrapLimited: () =>
    new ProblemException(
      403,
      'BOOTSTRAP_KEY_LIMITED',
      'In production the bootstrap key (OPERATOR_API_KEYS) may only create the first admin account',
    ),
  bootstrapRetired: () =>
    new ProblemException(401, 'BOOTSTRAP_KEY_RETIRED', 'An admin account exists: the bootstrap key (OPERATOR_API_KEYS) no longer signs in'),
  bootstrapAdminOnly: () =>
    validationFailed([{ field: 'role', message: 'must be admin: the bootstrap key creates the first admin account only' }]),
  notYours: () =>
    new ProblemException(403, 'OPERATOR_ROLE_FORBIDDEN', "Only the account itself or an admin may do this to an account's keys"),
  personOnly: () =>
    new ProblemException(403, 'OPERATOR_ACCOUNT_REQUIRED', 'The bootstrap key has no account: sign in as a person to do this'),
  accountNotFound: (id: string) => new ProblemException(404, 'OPERATOR_ACCOUNT_NOT_FOUND', `No operator account ${id}`),
  apiKeyNotFound: (id: string) => new ProblemException(404, 'OPERATOR_API_KEY_NOT_FOUND', `No personal API key ${id} of this account`),
  emailTaken: () => new ProblemException(409, 'OPERATOR_EMAIL_TAKEN', 'An operator account with this e-mail exists'),
  password: (message: string) => validationFailed([{ field: 'password', message }]),
  secondFactorMissing: () => validationFailed([{ field: 'code', message: 'give code or recoveryCode' }]),
  lastAdmin: () =>
    new ProblemException(
      409,
      'LAST_ADMIN',
      'This is the last enabled admin: make another admin first, so that someone can still manage accounts',
    ),
};
