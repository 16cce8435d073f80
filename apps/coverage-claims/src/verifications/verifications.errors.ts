import { ProblemException } from '#platform';
import { CODE_TTL_SECONDS, MAX_FAILED_ATTEMPTS } from './verification-rules.js';

export const VerificationErrors = {
  notFound: (id: string) => new ProblemException(404, 'VERIFICATION_NOT_FOUND', `Verification ${id} does not exist or is not yours`),
  resendTooSoon: (retryAfterSeconds: number) =>
    new ProblemException(
      429,
      'VERIFICATION_RESEND_TOO_SOON',
      `A number was sent to this phone less than a minute ago; request a new one in ${retryAfterSeconds} s`,
      undefined,
      { headers: { 'Retry-After': String(retryAfterSeconds) } },
    ),
  smsDeliveryFailed: () =>
    new ProblemException(
      502,
      'SMS_DELIVERY_FAILED',
      'The SMS gateway did not accept the message; nothing was kept, so check the phone number and request again',
    ),
  codeInvalid: (attemptsLeft: number) =>
    new ProblemException(
      400,
      'VERIFICATION_CODE_INVALID',
      attemptsLeft > 0
        ? `This is not the number that was sent; ${attemptsLeft} more tries`
        : `This is not the number that was sent; after ${MAX_FAILED_ATTEMPTS} wrong tries the verification is locked: request a new number`,
      [{ field: 'code', message: 'is not the number that was sent' }],
      { members: { attemptsLeft } },
    ),
  alreadyConfirmed: () =>
    new ProblemException(409, 'VERIFICATION_ALREADY_CONFIRMED', 'This verification is already confirmed; its token was given then'),
  expired: () =>
    new ProblemException(
      410,
      'VERIFICATION_EXPIRED',
      `The number is valid for ${CODE_TTL_SECONDS / 60} minutes and this one has expired; request a new number`,
    ),
  locked: () =>
    new ProblemException(
      423,
      'VERIFICATION_LOCKED',
      `${MAX_FAILED_ATTEMPTS} wrong numbers were entered; this verification is locked: request a new number`,
    ),
  tokenInvalid: () =>
    new ProblemException(400, 'VERIFICATION_TOKEN_INVALID', 'The verification token is unknown or expired; verify the customer again', [
      { field: 'verificationToken', message: 'is not a valid verification token of your organisation (valid 30 minutes)' },
    ]),
};
