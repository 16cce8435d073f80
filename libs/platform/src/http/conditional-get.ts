import { createHash } from 'node:crypto';
import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MergeRouteConfig } from './route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The Cache-Control of a route marked @ConditionalGet(). */
    conditionalGet?: { cacheControl: string };
  }
}

/**
 * Authenticated reference data: a browser may keep it (never a shared cache, since it sits behind a
 * credential) but asks again every time, and the ETag makes the answer a 304 without a body when
 * nothing changed.
 */
export const PRIVATE_REVALIDATE = 'private, no-cache';

/**
 * Marks a GET whose 200 answers carry a strong `ETag` (a hash of the exact bytes sent) and this
 * `Cache-Control`; a request whose `If-None-Match` names the current ETag gets 304 without a body.
 */
export const ConditionalGet = (cacheControl = PRIVATE_REVALIDATE) =>
  applyDecorators(
    MergeRouteConfig({ conditionalGet: { cacheControl } }),
    ApiHeader({
      name: 'If-None-Match',
      required: false,
      description: 'ETag of a copy the caller holds: 304 without a body while it is still current',
    }),
    ApiResponse({
      status: 304,
      description: 'Not modified: the copy named in If-None-Match is current (no body; ETag and Cache-Control as for 200)',
    }),
  );

/** A strong entity tag of the bytes: SHA-256, base64url, quoted. */
export function entityTag(payload: string | Buffer): string {
  return `"${createHash('sha256').update(payload).digest('base64url')}"`;
}

/** RFC 9110 13.1.2: If-None-Match uses the weak comparison, and `*` matches any current representation. */
export function noneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  const opaque = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((candidate) => candidate.trim())
    .some((candidate) => candidate === '*' || candidate.replace(/^W\//, '') === opaque);
}

/**
 * Adds ETag and Cache-Control to successful answers of routes marked @ConditionalGet(), computed
 * over the payload as serialised, and turns them into 304 when If-None-Match names that ETag.
 */
export function answerConditionalGets(fastify: FastifyInstance): void {
  fastify.addHook('onSend', async (request, reply, payload) => {
    const options = request.routeOptions.config?.conditionalGet;
    if (!options || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const etag = entityTag(payload);
    void reply.header('etag', etag).header('cache-control', options.cacheControl);
    if (!noneMatch(request, etag)) return payload;
    void reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return null;
  });
}
