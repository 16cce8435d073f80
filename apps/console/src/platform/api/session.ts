import { setSession, storedCsrfToken } from '../../session';
import { platformCall } from './http';
import type { OperatorSession, SignedIn, SignInChallenge } from './types';

const SESSION = '/api/v1/admin/session';

/** The password: answers a short-lived challenge for the second factor (and, the first time, what to enrol). */
export function submitPassword(body: { email: string; password: string }): Promise<SignInChallenge> {
  return platformCall<SignInChallenge>('POST', SESSION, { body });
}

/** The second factor (a TOTP code, or a recovery code): the API sets the session cookie. */
export function submitSecondFactor(
  body: { challenge: string; code: string } | { challenge: string; recoveryCode: string },
): Promise<SignedIn> {
  return platformCall<SignedIn>('POST', `${SESSION}/second-factor`, { body });
}

/**
 * Who is signed in by this browser's cookie, when this tab holds the session's CSRF token (a reload);
 * else the sign-in page (no session, it ended, or another tab's).
 */
export async function restoreSession(): Promise<void> {
  const csrfToken = storedCsrfToken();
  if (csrfToken === null) return setSession(null);
  try {
    const { account } = await platformCall<OperatorSession>('GET', SESSION);
    setSession({ account, csrfToken });
  } catch {
    // 401: the session ended; anything else: the sign-in page, which says what the API answers then.
    setSession(null);
  }
}

/** The session a sign-in answered (its CSRF token is there only). */
export function startSession(answer: SignedIn): void {
  if (answer.csrfToken === null) throw new Error('The sign-in answered no CSRF token');
  setSession({ account: answer.account, csrfToken: answer.csrfToken });
}

/** Ends the session on the API (its cookie cleared), then here, whatever the API answered. */
export async function signOut(): Promise<void> {
  try {
    await platformCall<void>('DELETE', SESSION);
  } finally {
    setSession(null);
  }
}
