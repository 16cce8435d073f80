import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { jsonShapeErrors } from './json-shape.js';
import { validationFailed } from './validation.js';

/**
 * Checks every request's query and every parsed JSON body (jsonShapeErrors: depth, key count,
 * reserved keys, NUL, unpaired surrogates, in keys as in values) once, after Fastify parsed them and
 * before the route's guards, interceptors and pipes read them. The query is checked on every route,
 * one that reads no query included: `?%00=1` is a 400 naming the parameter wherever it is sent.
 * Bodies parsed as bytes (evidence uploads) are not JSON and are never walked.
 */
export function checkRequestShapes(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request, _reply, done) => {
    const queryErrors = jsonShapeErrors(request.query, '', '(query)');
    if (queryErrors.length > 0) return done(validationFailed(queryErrors));
    const body = request.body;
    if (body === undefined || Buffer.isBuffer(body) || body instanceof Readable) return done();
    const errors = jsonShapeErrors(body);
    done(errors.length > 0 ? validationFailed(errors) : undefined);
  });
}
