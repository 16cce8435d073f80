import { applyDecorators } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { MergeRouteConfig } from './route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is marked @NoStore(). */
    noStore?: boolean;
  }
}

export const NO_STORE = 'no-store';

/** The OpenAPI extension that marks an operation @NoStore() (and whose responses document the header). */
export const NO_STORE_EXTENSION = 'x-no-store';

/**
 * Marks an operation whose answers carry personal data (names, contact details, identifiers, birth
 * dates, health or insurance data, claims, file names) or credentials (tokens, codes, keys, secrets,
 * signed URLs): every answer gets `Cache-Control: no-store`, whatever else would set the header, and
 * the OpenAPI operation says so (`x-no-store: true`, the header documented on its responses).
 */
export const NoStore = () => applyDecorators(MergeRouteConfig({ noStore: true }), ApiExtension(NO_STORE_EXTENSION, true));

/**
 * `Cache-Control: no-store` on every answer of a @NoStore() route, and on every other answer that sets
 * no Cache-Control of its own (an answer behind a credential is nobody's to keep unless its route
 * says so, as @ConditionalGet() does). Register after the hooks that set Cache-Control.
 */
export function preventCaching(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config?.noStore === true || !reply.hasHeader('cache-control')) void reply.header('cache-control', NO_STORE);
    done(null, payload);
  });
}
