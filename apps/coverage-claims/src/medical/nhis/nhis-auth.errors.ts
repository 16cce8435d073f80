import { ProblemException } from '#platform';
import { SIGN_IN_TTL_SECONDS as AUTH_TTL_SECONDS, USE_WINDOW_SECONDS as LOOKUP_WINDOW_SECONDS } from '../../two-step/two-step.service.js';

export const NhisAuthErrors = {
  notFound: (id: string, field?: string) =>
    new ProblemException(
      404,
      'NHIS_AUTH_NOT_FOUND',
      `NHIS authentication ${id} does not exist or is not yours`,
      field ? [{ field, message: 'is not an NHIS authentication of yours' }] : undefined,
    ),
  pending: () =>
    new ProblemException(
      409,
      'NHIS_AUTH_PENDING',
      'The customer has not approved the request in their app yet; complete again once they have',
    ),
  refused: () =>
    new ProblemException(409, 'NHIS_AUTH_REFUSED', 'The customer refused the request in their app; request a new authentication'),
  expired: () =>
    new ProblemException(
      410,
      'NHIS_AUTH_EXPIRED',
      `The customer must approve within ${AUTH_TTL_SECONDS} s and this request has expired; request a new authentication`,
    ),
  /** The NHIS source in use does not offer this app (CODEF: PAYCO); nothing was sent. */
  providerUnsupported: (provider: string) =>
    new ProblemException(
      400,
      'NHIS_PROVIDER_UNSUPPORTED',
      `Simple authentication with ${provider} is not offered by the national health insurer's source; ask the customer for another app`,
      [{ field: 'provider', message: `${provider} is not offered: choose another app` }],
    ),
  unavailable: () =>
    new ProblemException(
      503,
      'NHIS_UNAVAILABLE',
      'The national health insurer (or the authentication app) did not answer; nothing was kept: try again later',
    ),
  /** The check-up lookup names an authentication that is not completed (pending or refused). */
  required: () =>
    new ProblemException(409, 'NHIS_AUTH_REQUIRED', 'Check-ups need a completed NHIS authentication: complete it first', [
      { field: 'nhisAuthId', message: 'is not a completed NHIS authentication' },
    ]),
  /** The check-up lookup comes after the completed authentication's window. */
  lookupExpired: () =>
    new ProblemException(
      410,
      'NHIS_AUTH_EXPIRED',
      `A completed authentication allows check-up lookups for ${LOOKUP_WINDOW_SECONDS / 60} minutes and this one's have passed; request a new authentication`,
      [{ field: 'nhisAuthId', message: `was completed more than ${LOOKUP_WINDOW_SECONDS / 60} minutes ago` }],
    ),
};
