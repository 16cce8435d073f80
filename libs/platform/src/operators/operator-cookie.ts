import type { FastifyReply, FastifyRequest } from 'fastify';

/** `__Host-`: only set with Secure, from the host itself, for Path=/ (a sibling host cannot plant it). */
export const SESSION_COOKIE = '__Host-operator_session';
export const CSRF_HEADER = 'x-csrf-token';

/** The session cookie's value, or undefined. */
export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === SESSION_COOKIE) {
      const value = part.slice(at + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}

/** Sets the cookie for `maxAgeSeconds` (the session's fixed end); the idle end is the server's. */
export function setSessionCookie(reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  void reply.header('set-cookie', `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`);
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.header('set-cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`);
}
