import type { Operator } from './platform/api/types';

/**
 * Who is signed in. The session itself is the API's HttpOnly cookie, which no script reads. The
 * console keeps the account in memory, and the CSRF token the sign-in answered (sent as
 * X-CSRF-Token on every state-changing request) in this tab's sessionStorage: the API shows it only
 * at sign-in, and a reload must keep it. The token alone is worth nothing without the cookie. A tab
 * without it (another tab, a restored browser) signs in on its own.
 */
export interface ConsoleSession {
  account: Operator;
  csrfToken: string;
}

export type SessionState = { status: 'unknown' } | { status: 'signed-out' } | { status: 'signed-in'; session: ConsoleSession };

const CSRF_TOKEN = 'console.csrfToken';

type Listener = () => void;
const listeners = new Set<Listener>();
let state: SessionState = { status: 'unknown' };

export function sessionState(): SessionState {
  return state;
}

/** The signed-in session, or null. */
export function currentSession(): ConsoleSession | null {
  return state.status === 'signed-in' ? state.session : null;
}

/** The CSRF token this tab was given at sign-in, or null. */
export function storedCsrfToken(): string | null {
  return sessionStorage.getItem(CSRF_TOKEN);
}

export function setSession(session: ConsoleSession | null): void {
  if (session === null) sessionStorage.removeItem(CSRF_TOKEN);
  else sessionStorage.setItem(CSRF_TOKEN, session.csrfToken);
  state = session === null ? { status: 'signed-out' } : { status: 'signed-in', session };
  listeners.forEach((listener) => listener());
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
