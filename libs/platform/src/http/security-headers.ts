import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type Directives = Record<string, string[]>;

// Answers of the API are JSON (or a PDF) read by programs: nothing in them may load, run, submit, or
// be framed. Neither base-uri, form-action nor frame-ancestors falls back to default-src.
export const API_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

// The Swagger UI page (/docs and its assets): its own scripts and style sheets, the inline <style>
// blocks and style attributes of its page and components, its data: icons, and "Try it out" calls to
// this origin only.
const DOCS_DIRECTIVES: Directives = {
  ...API_DIRECTIVES,
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
};

/**
 * The security headers of every answer (helmet 8's, adjusted for a JSON API): `X-Content-Type-Options:
 * nosniff`, the CSP above, `X-Frame-Options: DENY`, `Referrer-Policy: no-referrer`,
 * `Cross-Origin-Opener-Policy` and `Cross-Origin-Resource-Policy: same-origin` (cross-origin front ends
 * call with CORS, which CORP does not restrict), `Origin-Agent-Cluster`, `X-DNS-Prefetch-Control: off`,
 * `X-Download-Options: noopen`, `X-Permitted-Cross-Domain-Policies: none`, `X-XSS-Protection: 0`.
 * No `Strict-Transport-Security`: the service speaks plain HTTP behind the TLS terminator, which alone
 * knows the hosts and whether every subdomain is HTTPS (ingress-nginx adds HSTS to TLS hosts).
 */
export const SECURITY_HEADERS = {
  contentSecurityPolicy: { useDefaults: false, directives: API_DIRECTIVES },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
} as const satisfies HelmetOptions;

const DOCS_PAGE = /^\/docs(\/|$)/;
const DOCUMENT_URL = '/docs/openapi.json';

/** A Content-Security-Policy header value, as helmet writes it. */
export function cspOf(directives: Directives): string {
  const headers = Object.fromEntries(headersOf({ ...SECURITY_HEADERS, contentSecurityPolicy: { useDefaults: false, directives } }));
  return headers['content-security-policy'];
}

/** The headers helmet sets with these options, as name/value pairs, computed once. */
function headersOf(options: HelmetOptions): Array<readonly [string, string]> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, () => undefined);
  return Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)] as const);
}

/**
 * SECURITY_HEADERS as name/value pairs: what the hook below sets, and what the answers written before
 * any hook runs (a path the router cannot decode, a request Node's HTTP parser rejects) set themselves.
 */
export const RAW_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = headersOf(SECURITY_HEADERS);

/**
 * Sets SECURITY_HEADERS on every answer, and the Swagger UI's policy on the routes under /docs but
 * the document itself, from an `onRequest` hook: helmet computes the headers once, at start-up, and
 * each request only copies them (helmet's middleware, run per request, built them again each
 * time). Call before any route or hook that may answer (shutdown's 503, the rate limits' 429), so
 * that every answer carries them.
 */
export function registerSecurityHeaders(fastify: FastifyInstance): void {
  const api = Object.fromEntries(RAW_SECURITY_HEADERS);
  const docs = Object.fromEntries(
    headersOf({ ...SECURITY_HEADERS, contentSecurityPolicy: { useDefaults: false, directives: DOCS_DIRECTIVES } }),
  );
  fastify.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    void reply.headers(route !== undefined && route !== DOCUMENT_URL && DOCS_PAGE.test(route) ? docs : api);
    done();
  });
}
