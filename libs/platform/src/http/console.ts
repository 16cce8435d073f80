import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServiceConfig } from '../config/service-config.js';
import { API_DIRECTIVES, cspOf, type Directives } from './security-headers.js';

export const CONSOLE_PREFIX = '/console/';

/** dist/ of this build: this file is dist/libs/platform/src/http/console.js. */
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Where the service's console build is, or null when it is off or was not built. */
export function consoleDirectory(config: Pick<ServiceConfig, 'CONSOLE_DIR'>, service: string): string | null {
  if (config.CONSOLE_DIR === 'off') return null;
  const directory = config.CONSOLE_DIR ?? path.join(DIST, 'console', service);
  return existsSync(path.join(directory, 'index.html')) ? directory : null;
}

/**
 * The console's policy: its own scripts only (no inline script, no eval), Mantine's style sheet and
 * the style attributes its components set, its bundled fonts, calls to this origin only, and evidence
 * files (images, PDFs shown from a blob: URL) from this origin or the storage's (mediaOrigins).
 */
export function consoleDirectives(mediaOrigins: readonly string[]): Directives {
  return {
    ...API_DIRECTIVES,
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:', ...mediaOrigins],
    'connect-src': ["'self'", ...mediaOrigins],
    'frame-src': ["'self'", 'blob:', ...mediaOrigins],
    // Workers from this origin or from a blob: a page script made (the XLSX reader unzips a large
    // sheet in a worker it creates from a blob: URL); no other script source is opened.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
}

/**
 * Serves the console's build under /console/: hashed assets cached for a year, every other path under
 * /console/ (a screen's address, reloaded) answered with index.html, never cached, so that a release
 * is picked up on the next load. Both carry the console's CSP instead of the API's.
 */
export async function serveConsole(fastify: FastifyInstance, directory: string, mediaOrigins: readonly string[]): Promise<void> {
  const csp = cspOf(consoleDirectives(mediaOrigins));
  const index = await readFile(path.join(directory, 'index.html'));
  await fastify.register(async (scope) => {
    scope.addHook('onSend', (_request, reply, payload, done) => {
      void reply.header('content-security-policy', csp);
      done(null, payload);
    });
    await scope.register(fastifyStatic, {
      root: path.join(directory, 'assets'),
      prefix: `${CONSOLE_PREFIX}assets/`,
      decorateReply: false,
      index: false,
      // File names carry their content's hash: a changed file is a new name.
      immutable: true,
      maxAge: '365d',
      cacheControl: true,
    });
    const sendIndex = (_request: unknown, reply: FastifyReply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);
    scope.get('/console', (_request, reply) => reply.redirect(CONSOLE_PREFIX, 308));
    scope.get(CONSOLE_PREFIX, sendIndex);
    scope.get(`${CONSOLE_PREFIX}*`, (request, reply) => {
      // A missing asset is a 404, not the page: a stale index asking for an old chunk fails visibly.
      if (request.url.startsWith(`${CONSOLE_PREFIX}assets/`)) return reply.callNotFound();
      return sendIndex(request, reply);
    });
  });
}
