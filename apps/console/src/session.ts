import type { OperatorSession } from './platform/api/types';

/**
 * Who is signed in. The session itself is the API's HttpOnly cookie, which no script reads; the
 * console keeps in memory only what the API said about it: the account, and the token every
 * state-changing request carries as X-CSRF-Token. A reload asks the API again (GET
 * /api/v1/admin/session); a 401 anywhere ends it here too.
 */
export type SessionState = { status: 'unknown' } | { status: 'signed-out' } | { status: 'signed-in'; session: OperatorSession };

type Listener = () => void;
const listeners = new Set<Listener>();
let state: SessionState = { status: 'unknown' };

export function sessionState(): SessionState {
  return state;
}

/** The signed-in session, or null. */
export function currentSession(): OperatorSession | null {
  return state.status === 'signed-in' ? state.session : null;
}

export function setSession(session: OperatorSession | null): void {
  state = session === null ? { status: 'signed-out' } : { status: 'signed-in', session };
  listeners.forEach((listener) => listener());
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
