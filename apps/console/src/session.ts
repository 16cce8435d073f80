/**
 * The operator key lives in this tab's sessionStorage only: closing the tab or signing out forgets it,
 * another tab signs in on its own, and nothing is written to localStorage or a cookie.
 */
const KEY = 'console.operatorKey';

type Listener = () => void;
const listeners = new Set<Listener>();

export function operatorKey(): string | null {
  return sessionStorage.getItem(KEY);
}

/** Keeps the key for this tab; `silent` while it is being checked (the console does not open yet). */
export function signIn(key: string, { silent = false }: { silent?: boolean } = {}): void {
  sessionStorage.setItem(KEY, key);
  if (!silent) listeners.forEach((listener) => listener());
}

export function signOut(): void {
  sessionStorage.removeItem(KEY);
  listeners.forEach((listener) => listener());
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
